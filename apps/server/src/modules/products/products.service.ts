import { buffer } from 'node:stream/consumers';
import {
  PortalMessages,
  ProductMessages,
  PRODUCT_DOCUMENT_LABELS,
  type PortalProduct,
  PRODUCT_DOCUMENT_MAX_BYTES,
  type CreateProductBody,
  type Product,
  type ProductDocumentKind,
  type UpdateProductBody,
  LocalDate,
} from '@rondin/contracts';
import type { FileStorage } from '../../files/file-storage.js';
import type { Upload, UploadSpec } from '../../files/multipart.js';
import type { ServedFile } from '../../files/send-file.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import { localDate } from '../../lib/time-zone.js';
import { checkPdf, isCleanPdf } from '../../files/documents.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { ProductChanges, ProductRow, ProductsRepository, ProductWithFiles } from './products.repository.js';

/** A document's form: the PDF and the date printed on it. */
export const DOCUMENT_FORM: UploadSpec = {
  accept: ['application/pdf'],
  maxBytes: PRODUCT_DOCUMENT_MAX_BYTES,
  messages: {
    tooLarge: ProductMessages.documentTooLarge,
    wrongType: ProductMessages.documentWrongType,
    empty: ProductMessages.documentEmpty,
  },
  fields: ['issuedOn'],
};

const DOCUMENT_CHECK = {
  notPdf: ProductMessages.documentNotPdf,
  activeContent: ProductMessages.documentActiveContent,
};

/**
 * Whether each stored document (by SHA-256) parsed clean (files/documents.ts): shown in the browser if so, only
 * saved otherwise. Documents are checked on upload; one stored before is parsed on its first download.
 */
const CHECKED = new Map<string, boolean>();
const remember = (sha256: string, clean: boolean) => {
  CHECKED.set(sha256, clean);
  if (CHECKED.size > 1000) CHECKED.delete(CHECKED.keys().next().value!);
};

const documentOf = (file: ProductWithFiles['sdsFile'], issuedOn: string | null) =>
  file && issuedOn ? { issuedOn, name: file.name, size: file.size, sha256: file.sha256 } : null;

export function toProduct(row: ProductWithFiles): Product {
  return {
    id: row.id,
    name: row.name,
    activeIngredients: row.activeIngredients,
    registrationNumber: row.registrationNumber,
    type: row.type,
    authorisationExpiresAt: row.authorisationExpiresAt,
    userCategory: row.userCategory,
    foodIndustryAllowed: row.foodIndustryAllowed,
    safetyIntervalHours: row.safetyIntervalHours,
    toxic: row.toxic,
    cmr: row.cmr,
    anticoagulant: row.anticoagulant,
    sds: documentOf(row.sdsFile, row.sdsIssuedOn),
    label: documentOf(row.labelFile, row.labelIssuedOn),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

const columns = {
  sds: { file: 'sdsFileId', date: 'sdsIssuedOn' },
  label: { file: 'labelFileId', date: 'labelIssuedOn' },
} as const;

/**
 * The biocide products catalogue. Administrators manage it; technicians read the active entries (the phone
 * keeps them for offline use). A product is never deleted: applications name it, so it is deactivated.
 */
export class ProductsService {
  constructor(
    private readonly repository: ProductsRepository,
    private readonly files: FileStorage,
    private readonly timeZone: string,
  ) {}

  async list(user: AuthUser, all: boolean): Promise<Product[]> {
    if (all && user.role !== 'ADMIN') throw AppError.forbidden(ProductMessages.allForAdmins);
    return (await this.repository.list({ all })).map(toProduct);
  }

  /** A technician sees an active product; an inactive one only an administrator (404 otherwise). */
  async get(user: AuthUser, id: number): Promise<Product> {
    const [row] = await this.repository.list({ all: user.role === 'ADMIN' }, id);
    if (!row) throw AppError.notFound(ProductMessages.notFound);
    return toProduct(row);
  }

  async create(user: AuthUser, input: CreateProductBody): Promise<Product> {
    if (await this.repository.nameTaken(input.name)) throw AppError.conflict(ProductMessages.nameTaken);
    try {
      return this.get(user, await this.repository.insert(user, input));
    } catch (error) {
      // Another request took the name between the check and the insert.
      if (isUniqueViolation(error)) throw AppError.conflict(ProductMessages.nameTaken);
      throw error;
    }
  }

  async update(user: AuthUser, id: number, input: UpdateProductBody): Promise<Product> {
    if (!(await this.repository.findById(id))) throw AppError.notFound(ProductMessages.notFound);
    if (input.name !== undefined && (await this.repository.nameTaken(input.name, id))) {
      throw AppError.conflict(ProductMessages.nameTaken);
    }
    const changes: ProductChanges = Object.fromEntries(
      Object.entries(input).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(changes).length > 0) {
      try {
        await this.repository.transaction(user, (tx) => this.repository.update(tx, id, changes));
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(ProductMessages.nameTaken);
        throw error;
      }
    }
    return this.get(user, id);
  }

  /**
   * Keeps the product's safety data sheet or label (a PDF with the date printed on it), replacing the one it
   * had; the old file goes in the same transaction.
   */
  async putDocument(
    user: AuthUser,
    id: number,
    kind: ProductDocumentKind,
    readForm: () => Promise<Upload>,
  ): Promise<Product> {
    if (!(await this.repository.findById(id))) throw AppError.notFound(ProductMessages.notFound);
    const { file, fields } = await readForm();
    try {
      const issuedOn = LocalDate.safeParse(fields.issuedOn);
      if (!issuedOn.success) throw AppError.badRequest(ProductMessages.documentDateRequired);
      if (issuedOn.data > localDate(new Date(), this.timeZone)) {
        throw AppError.badRequest(ProductMessages.documentDateFuture);
      }
      if (!file) throw AppError.badRequest(ProductMessages.documentRequired);
      await checkPdf(file.path, DOCUMENT_CHECK);
      remember(file.sha256, true);
      await this.repository.transaction(user, async (tx) => {
        const product = await this.repository.findById(id, tx);
        if (!product) throw AppError.notFound(ProductMessages.notFound);
        const column = columns[kind];
        const saved = await this.files.save(file, `${PRODUCT_DOCUMENT_LABELS[kind]} - ${product.name}`, tx);
        const previous = product[column.file];
        await this.repository.update(tx, id, { [column.file]: saved.id, [column.date]: issuedOn.data });
        if (previous) await this.files.remove(previous, tx);
      });
    } finally {
      await file?.dispose();
    }
    return this.get(user, id);
  }

  async document(user: AuthUser, id: number, kind: ProductDocumentKind): Promise<ServedFile> {
    const product = await this.repository.findById(id);
    if (!product || (!product.isActive && user.role !== 'ADMIN')) throw AppError.notFound(ProductMessages.notFound);
    return this.served(product, kind);
  }

  /** The plant's side (portal): the products applied at the site, active or not, with their documents. */
  async appliedAt(siteId: number): Promise<PortalProduct[]> {
    return (await this.repository.appliedAt(siteId)).map((row) => ({
      id: row.id,
      name: row.name,
      registrationNumber: row.registrationNumber,
      sds: documentOf(row.sdsFile, row.sdsIssuedOn),
      label: documentOf(row.labelFile, row.labelIssuedOn),
      lastAppliedAt: row.lastAppliedAt.toISOString(),
    }));
  }

  /** A document of a product applied at the site (a site the portal has checked); any other product is a 404. */
  async siteDocument(siteId: number, id: number, kind: ProductDocumentKind): Promise<ServedFile> {
    const [product] = await this.repository.appliedAt(siteId, id);
    if (!product) throw AppError.notFound(PortalMessages.productNotApplied);
    return this.served(product, kind);
  }

  private async served(product: ProductRow, kind: ProductDocumentKind): Promise<ServedFile> {
    const fileId = product[columns[kind].file];
    const opened = fileId ? await this.files.open(fileId) : undefined;
    if (!opened) throw AppError.notFound(ProductMessages.documentNotFound);
    const name = `${kind === 'sds' ? 'fds' : 'etiqueta'}-${product.name}`;
    let clean = CHECKED.get(opened.file.sha256);
    let content = opened.content;
    if (clean === undefined) {
      // Stored before documents were parsed on upload: parsed once (by its SHA-256), then opened again to send.
      clean = await isCleanPdf(await buffer(opened.content));
      remember(opened.file.sha256, clean);
      const reopened = await this.files.open(opened.file.id);
      if (!reopened) throw AppError.notFound(ProductMessages.documentNotFound);
      content = reopened.content;
    }
    return { file: opened.file, name, open: () => content, disposition: clean ? 'inline' : 'attachment' };
  }
}
