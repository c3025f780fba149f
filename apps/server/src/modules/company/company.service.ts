import { buffer } from 'node:stream/consumers';
import {
  CompanySettingsMessages,
  LOGO_MAX_BYTES,
  LOGO_MAX_PIXELS,
  type CompanySettings,
  type PutCompanySettingsBody,
} from '@rondin/contracts';
import type { Actor } from '../../db/audit.js';
import type { FileStorage } from '../../files/file-storage.js';
import type { Upload, UploadSpec } from '../../files/multipart.js';
import type { ServedFile } from '../../files/send-file.js';
import { AppError } from '../../lib/app-error.js';
import { printablePng } from '../../lib/pdf-image.js';
import type { Letterhead } from '../../lib/pdf-letterhead.js';
import { normaliseLogo } from './company-logo.js';
import type { CompanySettingsRow, CompanyRepository } from './company.repository.js';

/** The logo's form: the image alone, in `file`. */
export const LOGO_FORM: UploadSpec = {
  accept: ['image/png', 'image/jpeg', 'image/webp'],
  maxBytes: LOGO_MAX_BYTES,
  messages: {
    tooLarge: CompanySettingsMessages.logoTooLarge,
    wrongType: CompanySettingsMessages.logoWrongType,
    empty: CompanySettingsMessages.logoEmpty,
  },
  fields: [],
};

const UNSET: CompanySettings = {
  name: null,
  taxId: null,
  address: null,
  phone: null,
  registryNumber: null,
  technicalManager: null,
  hasLogo: false,
  updatedAt: null,
};

function toSettings(row: CompanySettingsRow | undefined): CompanySettings {
  if (!row) return UNSET;
  return {
    name: row.name,
    taxId: row.taxId,
    address: row.address,
    phone: row.phone,
    registryNumber: row.registryNumber,
    technicalManager: row.technicalManager,
    hasLogo: row.logoFileId !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The logo's box in a page header (96 × 32 pt) at about 300 dpi. */
const LOGO_PRINT = { width: 400, height: 134 };

/** The company that heads every document: its data, its logo, and the letterhead the PDFs draw from them. */
export class CompanyService {
  constructor(
    private readonly repository: CompanyRepository,
    private readonly files: FileStorage,
  ) {}

  private printed: { fileId: number; png: Buffer | null } | undefined;

  async company(): Promise<CompanySettings> {
    return toSettings(await this.repository.find());
  }

  async save(actor: Actor, input: PutCompanySettingsBody): Promise<CompanySettings> {
    return toSettings(await this.repository.save(actor, input));
  }

  /**
   * Replaces the logo with the uploaded image, re-encoded (company-logo.ts). The settings must exist (409
   * otherwise, once the upload itself is found valid): a logo without a company name heads nothing.
   */
  async replaceLogo(actor: Actor, readForm: () => Promise<Upload>): Promise<CompanySettings> {
    const { file } = await readForm();
    let logo: Awaited<ReturnType<typeof normaliseLogo>> | undefined;
    try {
      if (!file) throw AppError.badRequest(CompanySettingsMessages.logoRequired);
      logo = await normaliseLogo(file);
      const stored = logo;
      await this.repository.transaction(actor, async (tx) => {
        const row = await this.repository.lock(tx);
        if (!row) throw AppError.conflict(CompanySettingsMessages.nameFirst);
        const saved = await this.files.save(stored, 'logotipo', tx);
        await this.repository.setLogo(tx, saved.id);
        if (row.logoFileId !== null) await this.files.remove(row.logoFileId, tx);
      });
      return this.company();
    } finally {
      await file?.dispose();
      await logo?.dispose();
    }
  }

  async removeLogo(actor: Actor): Promise<void> {
    await this.repository.transaction(actor, async (tx) => {
      const row = await this.repository.lock(tx);
      if (!row?.logoFileId) throw AppError.notFound(CompanySettingsMessages.noLogo);
      await this.repository.setLogo(tx, null);
      await this.files.remove(row.logoFileId, tx);
    });
  }

  async logo(): Promise<ServedFile> {
    const row = await this.repository.find();
    const opened = row?.logoFileId ? await this.files.open(row.logoFileId) : undefined;
    if (!opened) throw AppError.notFound(CompanySettingsMessages.noLogo);
    return { file: opened.file, name: 'logotipo', open: () => opened.content };
  }

  /** What heads the PDFs and labels; undefined until the company is saved, and they look as they always did. */
  async letterhead(): Promise<Letterhead | undefined> {
    const row = await this.repository.find();
    if (!row) return undefined;
    return {
      name: row.name,
      taxId: row.taxId,
      address: row.address,
      phone: row.phone,
      registryNumber: row.registryNumber,
      technicalManager: row.technicalManager,
      logo: row.logoFileId ? await this.printableLogo(row.logoFileId) : null,
    };
  }

  /**
   * The logo as every PDF embeds it (lib/pdf-image.ts: on white, no transparency for pdfkit to decode), made
   * once per logo: each PDF and label sheet asks for it. A stored logo that cannot be decoded heads nothing.
   */
  private async printableLogo(fileId: number): Promise<Buffer | null> {
    // A file's bytes never change under its id.
    if (this.printed?.fileId !== fileId) {
      const opened = await this.files.open(fileId);
      const png = opened ? await printablePng(await buffer(opened.content), LOGO_PRINT, LOGO_MAX_PIXELS) : null;
      this.printed = { fileId, png };
    }
    return this.printed.png;
  }
}
