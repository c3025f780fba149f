import {
  type PutSigningCertificateBody,
  type SigningCertificate,
  SigningCertificateMessages,
  type SigningCertificateState,
} from '@rondin/contracts';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Actor } from '../../db/audit.js';
import { AppError } from '../../lib/app-error.js';
import { type PdfSeal, Pkcs12Error, type Pkcs12Problem, readPkcs12, signPdf } from '../../lib/pdf-signature.js';
import { seal, unseal } from '../../lib/sealed-secret.js';
import { localDate } from '../../lib/time-zone.js';
import type { SigningCertificateRow, SigningRepository } from './signing.repository.js';

/** What the sealed column holds: the PKCS#12 file and its password, together. */
interface SealedKey {
  pkcs12: string;
  password: string;
}

/** Where a document that should have been signed and was not is reported (the server's logger). */
export interface SigningLog {
  warn(details: object, message: string): void;
}

const REFUSALS: Record<Pkcs12Problem, string> = {
  unreadable: SigningCertificateMessages.unreadable,
  password: SigningCertificateMessages.wrongPassword,
  noKey: SigningCertificateMessages.noKey,
};

const day = (value: Date, timeZone: string) => localDate(value, timeZone).split('-').reverse().join('-');

/** The common name in a distinguished name as readPkcs12 writes it ("CN=…, O=…"), else the whole name. */
function commonName(subject: string): string {
  return /(?:^|, )CN=([^,]+)/.exec(subject)?.[1] ?? subject;
}

/**
 * The company's signing certificate (Configuración › Firma digital): uploaded once by an administrator, checked
 * (opens with its password, holds a key and its certificate, valid today), kept sealed under a key only this
 * server's secret derives, and shown by what a person checks, never by its file or password.
 */
export class SigningService {
  constructor(
    private readonly repository: SigningRepository,
    private readonly key: Buffer,
    private readonly options: { timeZone: string; log: SigningLog },
  ) {}

  async certificate(now = new Date()): Promise<SigningCertificateState> {
    const row = await this.repository.find();
    return { certificate: row ? this.describe(row, now) : null };
  }

  async replace(actor: Actor, body: PutSigningCertificateBody, now = new Date()): Promise<SigningCertificateState> {
    const pkcs12 = Buffer.from(body.pkcs12, 'base64');
    let identity: ReturnType<typeof readPkcs12>;
    try {
      identity = readPkcs12(pkcs12, body.password);
    } catch (error) {
      if (error instanceof Pkcs12Error) throw AppError.badRequest(REFUSALS[error.problem]);
      throw error;
    }
    const { timeZone } = this.options;
    if (identity.validTo <= now) {
      throw AppError.badRequest(SigningCertificateMessages.expired(day(identity.validTo, timeZone)));
    }
    if (identity.validFrom > now) {
      throw AppError.badRequest(SigningCertificateMessages.notYetValid(day(identity.validFrom, timeZone)));
    }
    const sealed: SealedKey = { pkcs12: body.pkcs12, password: body.password };
    const row = await this.repository.save(actor, {
      ...identity,
      sealed: seal(this.key, Buffer.from(JSON.stringify(sealed))),
      uploadedAt: now,
    });
    return { certificate: this.describe(row, now) };
  }

  async remove(actor: Actor): Promise<void> {
    if (!(await this.repository.remove(actor))) throw AppError.notFound(SigningCertificateMessages.none);
  }

  /** The seam (PdfSeal): the PDF signed with the company's certificate, or as it was when there is none usable. */
  readonly seal: PdfSeal = async (pdf, reason) => {
    const key = await this.usableKey(new Date());
    if (!key) return pdf;
    const signed = await signPdf(await buffer(pdf), Buffer.from(key.pkcs12, 'base64'), key.password, {
      name: key.name,
      reason,
      location: '',
      contactInfo: '',
    });
    return Readable.from([signed]);
  };

  /** The key to sign with now, or undefined (none set, or set and unusable: reported, the document goes unsigned). */
  private async usableKey(now: Date): Promise<(SealedKey & { name: string }) | undefined> {
    const row = await this.repository.find();
    if (!row) return undefined;
    const status = this.status(row, now);
    if (status !== 'VIGENTE') {
      this.options.log.warn(
        { status, validTo: row.validTo },
        'document issued unsigned: the signing certificate cannot sign',
      );
      return undefined;
    }
    return { ...this.unsealed(row)!, name: commonName(row.subject) };
  }

  private unsealed(row: SigningCertificateRow): SealedKey | undefined {
    const plain = unseal(this.key, row.sealed);
    return plain && (JSON.parse(plain.toString('utf8')) as SealedKey);
  }

  private status(row: SigningCertificateRow, now: Date): SigningCertificate['status'] {
    if (!this.unsealed(row)) return 'INUTILIZABLE';
    return row.validFrom <= now && now < row.validTo ? 'VIGENTE' : 'CADUCADO';
  }

  private describe(row: SigningCertificateRow, now: Date): SigningCertificate {
    return {
      subject: row.subject,
      issuer: row.issuer,
      serialNumber: row.serialNumber,
      validFrom: row.validFrom.toISOString(),
      validTo: row.validTo.toISOString(),
      uploadedAt: row.uploadedAt.toISOString(),
      status: this.status(row, now),
    };
  }
}
