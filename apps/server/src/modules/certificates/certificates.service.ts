import {
  type Application,
  CertificateMessages,
  type CertificateSummary,
  type ClientSignature,
  folioText,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_HEIGHT,
  SIGNATURE_MAX_WIDTH,
  type Session,
  SessionMessages,
  type Verification,
  type VerifyAddress,
} from '@rondin/contracts';
import { Readable } from 'node:stream';
import type { Transaction } from '../../db/database.js';
import type { FileStorage, OpenedFile } from '../../files/file-storage.js';
import { checkImage, type ImageRules } from '../../files/images.js';
import { type SpooledFile, spool } from '../../files/spool.js';
import { AppError } from '../../lib/app-error.js';
import { recordNotificationEvent } from '../../lib/notification-events.js';
import { printablePng } from '../../lib/pdf-image.js';
import { isPublicAddress } from '../../lib/public-address.js';
import type { PdfSeal } from '../../lib/pdf-signature.js';
import { printThumbnail, storedPrintThumbnail } from '../../lib/print-thumbnail.js';
import { newQrSlug } from '../../lib/qr-slug.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { CertificateApplication, CertificateContent, PrintedSignature } from './certificate-content.js';
import { verifiedContent } from './certificate-facts.js';
import { type DevicePhotos, mapLimited, PHOTOS_SHOWN } from './certificate-photos.js';
import type { CertificateRow, CertificatesRepository } from './certificates.repository.js';

/** Draws an order's certificate: the order as the API answers it, and what only the certificate holds. */
export type CertificateRenderer = (session: Session, content: CertificateContent) => Promise<Readable>;

export interface CertificatesOptions {
  /** The zone a certificate's year is counted in when the site has none. */
  timeZone: string;
  /** {PUBLIC_URL}/verificar/{code} is what the certificate's QR holds. */
  publicUrl: string | undefined;
  /**
   * Without PUBLIC_URL, the address a certificate drawn outside any request (a script's close) points at: the
   * server's own (http://localhost:PORT). Within a request, the address it reached the server at.
   */
  localUrl: string;
  loadSession: (id: number) => Promise<Session | undefined>;
  /** The products applied during the order (modules/products). */
  loadApplications: (sessionId: number) => Promise<Application[]>;
  render: CertificateRenderer;
  /**
   * The company's digital signature (modules/company, PdfSeal): applied to the drawn PDF before it is stored, so
   * the stored bytes, and the SHA-256 the verification page shows, are the signed ones.
   */
  seal?: PdfSeal;
  /** Where a certificate drawn without its signature, or not drawn at close, is reported. */
  log: CertificateLog;
}

/** The server's logger (pino's signature), or a script's stand-in. */
export interface CertificateLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A signature read and checked before the close's transaction starts: only its file is written inside it. */
export interface PreparedSignature {
  name: string | null;
  role: string | null;
  absent: boolean;
  /** Why nobody of the client signed, with `absent`. */
  absentReason: string | null;
  image: SpooledFile | null;
}

const SIGNATURE_FILE = {
  accept: ['image/png'] as const,
  maxBytes: SIGNATURE_MAX_BYTES,
  messages: {
    tooLarge: CertificateMessages.signatureTooLarge,
    wrongType: CertificateMessages.signatureNotPng,
    empty: CertificateMessages.signatureNotPng,
  },
};
const SIGNATURE_IMAGE: ImageRules = {
  maxWidth: SIGNATURE_MAX_WIDTH,
  maxHeight: SIGNATURE_MAX_HEIGHT,
  maxPixels: SIGNATURE_MAX_WIDTH * SIGNATURE_MAX_HEIGHT,
  messages: {
    unreadable: CertificateMessages.signatureUnreadable,
    tooManyPixels: CertificateMessages.signatureTooManyPixels,
  },
};
/** A signature's box on the certificate (192 × 62 pt) at about 300 dpi. */
const SIGNATURE_PRINT = { width: 800, height: 260 };

/** A certificate's PDF: no order is so large, but a limit keeps a runaway render from filling the disk. */
const PDF_FILE = {
  accept: ['application/pdf'] as const,
  maxBytes: 512 * 1024 * 1024,
  messages: {
    tooLarge: 'El certificado es demasiado grande para guardarlo.',
    wrongType: 'El certificado no es un PDF.',
    empty: 'El certificado está vacío.',
  },
};

/**
 * A base64 PNG read into a temporary file and decoded whole (files/images.ts): a PNG of at most
 * SIGNATURE_MAX_BYTES and SIGNATURE_MAX_WIDTH × SIGNATURE_MAX_HEIGHT pixels whose every byte decodes, or a 400.
 */
export async function spoolSignature(imagePng: string): Promise<SpooledFile> {
  const file = await spool(Readable.from([Buffer.from(imagePng, 'base64')]), SIGNATURE_FILE);
  try {
    await checkImage(file.path, SIGNATURE_IMAGE);
    return file;
  } catch (error) {
    await file.dispose();
    throw error;
  }
}

/** An application as the certificate prints it: every field the design lists, in words. */
function applicationLine(application: Application): CertificateApplication {
  const applicator = application.applicator;
  return {
    product: application.product.name,
    registrationNumber: application.product.registrationNumber,
    activeIngredients: application.product.activeIngredients,
    batch: `Lote ${application.batch}`,
    dose: application.dose,
    quantity: `${application.quantity} ${application.unit}`,
    method: application.method,
    where: application.trap?.code ?? application.area,
    applicator: `${applicator.fullName}${applicator.licenceNumber ? ` (carné ${applicator.licenceNumber})` : ''}`,
    safetyInterval: `Plazo de seguridad ${application.safetyIntervalHours} h`,
    reentryAt: application.reEntryAt,
  };
}

async function bytesOf(opened: OpenedFile | undefined): Promise<Buffer | null> {
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The service certificate (DESIGN-audit.md "Certificates and the audit pack"): numbered in the close's
 * transaction, drawn and stored once right after it, and served as stored from then on, so its SHA-256 (which
 * the public verification page shows) is that of the same bytes every time.
 */
export class CertificatesService {
  constructor(
    private readonly repository: CertificatesRepository,
    private readonly files: FileStorage,
    private readonly options: CertificatesOptions,
  ) {}

  /** Reads the client's signature before the close locks anything: a slow upload holds no lock. */
  async prepare(signature: ClientSignature | undefined): Promise<PreparedSignature | undefined> {
    if (!signature) return undefined;
    return {
      name: signature.name || null,
      role: signature.role || null,
      absent: signature.absent === true,
      absentReason: signature.absent ? signature.reason || null : null,
      image: signature.imagePng === undefined ? null : await spoolSignature(signature.imagePng),
    };
  }

  /**
   * The closer's signature as stored in their profile now (PUT /technicians/me/signature): its file, or null. Held
   * until the close commits, so a new signature saved meanwhile cannot remove the file the certificate is signed with.
   */
  storedSignature(tx: Transaction, closerId: number): Promise<number | null> {
    return this.repository.signatureForClose(tx, closerId);
  }

  /**
   * Numbers the order's certificate inside the close's transaction `tx` (a failed close numbers nothing), with
   * the client's signature (or why nobody signed) and the closer's own signature file, as stored at this moment.
   */
  async issue(
    tx: Transaction,
    order: { id: number },
    signature: PreparedSignature,
    closerSignatureFileId: number,
  ): Promise<CertificateRow> {
    const clientFile = signature.image ? await this.files.save(signature.image, 'firma-cliente', tx) : null;
    return this.repository.issue(
      tx,
      {
        sessionId: order.id,
        clientName: signature.name,
        clientRole: signature.role,
        clientSignatureFileId: clientFile?.id ?? null,
        clientAbsent: signature.absent,
        clientAbsentReason: signature.absentReason,
        technicianSignatureFileId: closerSignatureFileId,
      },
      newQrSlug(),
      this.options.timeZone,
    );
  }

  /**
   * Draws the order's certificate and stores it, unless it is stored already (two requests at once: the
   * second waits for the first's row lock and finds the PDF there). Answers the stored certificate. A finding
   * corrected since the certificate was issued first gives it a new revision (revise), drawn from the records
   * as they are now.
   */
  async store(sessionId: number, origin?: string): Promise<CertificateRow | undefined> {
    if (await this.repository.outdated(sessionId)) await this.revise(sessionId);
    const certificate = await this.repository.current(sessionId);
    if (!certificate || certificate.fileId !== null) return certificate;
    const session = await this.options.loadSession(sessionId);
    if (!session) return undefined;
    const content = await this.content(session, certificate, origin);
    const said = verifiedContent(session, content, session.site.timeZone ?? this.options.timeZone);
    const drawn = await this.options.render(session, content);
    const folio = folioText(certificate.year, certificate.number);
    const pdf = await spool(
      this.options.seal ? await this.options.seal(drawn, `Certificado de servicio ${folio}`) : drawn,
      PDF_FILE,
    );
    let stored: CertificateRow | undefined;
    try {
      stored = await this.repository.transaction(async (tx) => {
        const locked = await this.repository.lockCurrent(tx, sessionId);
        // Stored meanwhile by another request, or replaced by a later revision while this one was drawn.
        if (!locked || locked.fileId !== null || locked.id !== certificate.id) return locked;
        const file = await this.files.save(pdf, `certificado-${folioText(locked.year, locked.number)}`, tx);
        await this.repository.attachPdf(tx, locked.id, { fileId: file.id, sha256: file.sha256, content: said });
        // The site's contacts get it by email, PDF attached, if and only if it is stored (modules/notifications).
        await recordNotificationEvent(tx, { kind: 'certificate-issued', certificateId: locked.id });
        return { ...locked, fileId: file.id, sha256: file.sha256 };
      });
    } finally {
      await pdf.dispose();
    }
    // The later revision is drawn from the records as they are now.
    return stored?.fileId === null ? this.store(sessionId, origin) : stored;
  }

  /**
   * Draws and stores the certificate of an order just closed. The close has committed: a failure here is logged,
   * not answered, and the first read of the certificate draws it again from the same records (store).
   */
  async storeAfterClose(sessionId: number, origin?: string): Promise<void> {
    try {
      await this.store(sessionId, origin);
    } catch (error) {
      this.options.log.error({ err: error, sessionId }, 'certificate not drawn at close; drawn on its first read');
    }
  }

  /**
   * Issued certificates never change (DESIGN-audit.md): after an administrator's correction the certificate in
   * force is replaced by a new revision of the same folio, with a new code and, once drawn, a new hash; the old
   * one stays stored and its code verifies as "sustituido". Called after each correction and again before any
   * read (store), so a correction whose revision was never made (the process stopped in between) gets it then.
   * Two at once: the second waits for the first's lock and finds nothing outdated.
   */
  private async revise(sessionId: number): Promise<void> {
    await this.repository.transaction(async (tx) => {
      const outdated = await this.repository.lockOutdated(tx, sessionId);
      if (outdated) await this.repository.revise(tx, outdated, newQrSlug());
    });
  }

  /** The order's certificate as issued, or undefined for an order closed before certificates existed. */
  async pdf(
    sessionId: number,
    origin?: string,
  ): Promise<{ certificate: CertificateRow; opened: OpenedFile } | undefined> {
    const certificate = await this.store(sessionId, origin);
    if (!certificate?.fileId) return undefined;
    const opened = await this.files.open(certificate.fileId);
    return opened && { certificate, opened };
  }

  /** What identifies each order's certificate in force (folio, revision, issue), by order; absent: none issued. */
  async inForce(
    sessionIds: readonly number[],
  ): Promise<Map<number, { folio: string; revision: number; issuedAt: string }>> {
    const rows = await this.repository.inForce(sessionIds);
    return new Map(
      rows.map((row) => [
        row.sessionId,
        { folio: folioText(row.year, row.number), revision: row.revision, issuedAt: row.issuedAt.toISOString() },
      ]),
    );
  }

  /** The order's certificate for someone who may see the order (a technician, their own only). */
  async summary(user: AuthUser, sessionId: number, origin?: string): Promise<CertificateSummary> {
    const session = await this.options.loadSession(sessionId);
    if (!session || (user.role !== 'ADMIN' && user.id !== session.technicianId)) {
      throw AppError.notFound(SessionMessages.notFound);
    }
    const certificate = await this.store(sessionId, origin);
    if (!certificate) throw AppError.notFound(CertificateMessages.noCertificate);
    return {
      folio: folioText(certificate.year, certificate.number),
      revision: certificate.revision,
      issuedAt: certificate.issuedAt.toISOString(),
      verifyUrl: this.verifyUrl(certificate.code, origin),
      sha256: certificate.sha256,
      clientName: certificate.clientName,
      clientAbsent: certificate.clientAbsent,
      clientAbsentReason: certificate.clientAbsentReason,
    };
  }

  async verify(code: string): Promise<Verification> {
    const row = await this.repository.verification(code);
    if (!row) throw AppError.notFound(CertificateMessages.notFound);
    return {
      folio: folioText(row.year, row.number),
      revision: row.revision,
      issuedAt: row.issuedAt.toISOString(),
      site: row.site,
      company: row.company ?? null,
      sha256: row.sha256,
      replaced: row.replacedAt !== null,
      content: row.content ?? null,
    };
  }

  /**
   * The address the certificate's QR opens, always whole: under PUBLIC_URL, or without it under the address
   * the app was reached at when the certificate was drawn (`origin`, the closing request's), or the server's own.
   */
  verifyUrl(code: string, origin?: string): string {
    return `${this.verifyBase(origin)}/verificar/${code}`;
  }

  /** The address the certificates drawn now point at, and whether anyone outside the local network can open it. */
  verifyAddress(origin: string): VerifyAddress {
    const url = this.verifyBase(origin);
    return { url, configured: this.options.publicUrl !== undefined, public: isPublicAddress(url) };
  }

  private verifyBase(origin?: string): string {
    return this.options.publicUrl ?? origin ?? this.options.localUrl;
  }

  async saveOwnSignature(technicianId: number, imagePng: string): Promise<void> {
    const image = await spoolSignature(imagePng);
    try {
      await this.repository.transaction(async (tx) => {
        const file = await this.files.save(image, 'firma-tecnico', tx);
        await this.replaceOwnSignature(tx, technicianId, file.id);
      });
    } finally {
      await image.dispose();
    }
  }

  async removeOwnSignature(technicianId: number): Promise<void> {
    await this.repository.transaction((tx) => this.replaceOwnSignature(tx, technicianId, null));
  }

  async ownSignature(technicianId: number): Promise<OpenedFile> {
    const technician = await this.repository.technician(technicianId);
    const opened = technician?.signatureFileId ? await this.files.open(technician.signatureFileId) : undefined;
    if (!opened) throw AppError.notFound(CertificateMessages.ownSignatureMissing);
    return opened;
  }

  /** The previous signature goes, unless a certificate was signed with it: that one stays as it was signed. */
  private async replaceOwnSignature(tx: Transaction, technicianId: number, fileId: number | null): Promise<void> {
    const previous = await this.repository.setOwnSignature(tx, technicianId, fileId);
    if (previous !== null && !(await this.repository.signatureInUse(tx, previous))) {
      await this.files.remove(previous, tx);
    }
  }

  private async content(session: Session, certificate: CertificateRow, origin?: string): Promise<CertificateContent> {
    const [technician, actions, nextVisit, applications, clientSignature, technicianSignature, photos] =
      await Promise.all([
        this.repository.technician(session.technicianId),
        this.repository.actions(session.id, session.siteId),
        this.repository.nextVisit(session.siteId, new Date(session.closedAt ?? certificate.issuedAt)),
        this.options.loadApplications(session.id),
        this.printedSignature(session.id, certificate.clientSignatureFileId),
        this.printedSignature(session.id, certificate.technicianSignatureFileId),
        this.photos(session),
      ]);
    return {
      folio: folioText(certificate.year, certificate.number),
      revision: certificate.revision,
      issuedAt: certificate.issuedAt.toISOString(),
      verifyUrl: this.verifyUrl(certificate.code, origin),
      technician: {
        licenceNumber: technician?.licenceNumber ?? null,
        licenceExpiresAt: technician?.licenceExpiresAt ?? null,
        qualification: technician?.qualification ?? null,
      },
      // Certificates issued before closers signed were signed, if at all, by the order's technician.
      closer: {
        fullName: session.closedBy?.fullName ?? session.technician.fullName,
        isTechnician: (session.closedBy?.id ?? session.technicianId) === session.technicianId,
        signature: technicianSignature,
      },
      client: {
        name: certificate.clientName,
        role: certificate.clientRole,
        absent: certificate.clientAbsent,
        absentReason: certificate.clientAbsentReason,
        signature: clientSignature,
      },
      actionsOpened: actions.opened,
      recommendationsPending: actions.pending,
      nextVisit: nextVisit?.toISOString() ?? null,
      applications: applications.map(applicationLine),
      photos,
    };
  }

  /**
   * A stored signature made ready for pdfkit (lib/pdf-image.ts). One that cannot be decoded (stored before
   * signatures were checked whole, or damaged since) is drawn as unreadable and reported: the certificate, which
   * its folio already promises, is drawn all the same.
   */
  private async printedSignature(sessionId: number, fileId: number | null): Promise<PrintedSignature> {
    if (fileId === null) return null;
    const bytes = await this.files.open(fileId).then(bytesOf);
    if (!bytes) return null;
    const png = await printablePng(bytes, SIGNATURE_PRINT, SIGNATURE_IMAGE.maxPixels);
    if (png) return png;
    this.options.log.warn({ sessionId, fileId }, 'certificate drawn without a signature that cannot be decoded');
    return 'unreadable';
  }

  /**
   * Each device's first photos, small: the thumbnail made at upload, else (a photo stored before thumbnails were,
   * or one whose thumbnail cannot be read) the photo read from the files storage and made small here, two at a
   * time: the order's devices in order, so the work and the memory stay bounded whatever the order's size.
   */
  private async photos(session: Session): Promise<Map<number, DevicePhotos>> {
    const devices = session.items.filter((item) => item.photoIds.length > 0);
    const wanted = devices.flatMap((item) => item.photoIds.slice(0, PHOTOS_SHOWN));
    const fileIds = await this.repository.photoFiles(wanted);
    // A file whose bytes cannot be read (an object missing from its backend) is left out, not the certificate.
    const read = (fileId: number) => this.files.open(fileId).then(bytesOf, () => null);
    const made = await mapLimited(wanted, 2, async (photoId) => {
      const files = fileIds.get(photoId);
      if (!files) return null;
      const thumbnail = files.thumbnailFileId === null ? null : await read(files.thumbnailFileId);
      const kept = thumbnail && (await storedPrintThumbnail(thumbnail));
      if (kept) return kept;
      const bytes = await read(files.fileId);
      return bytes && printThumbnail(bytes);
    });
    const byPhoto = new Map(wanted.map((photoId, index) => [photoId, made[index]]));
    return new Map(
      devices.map((item) => [
        item.id,
        {
          shown: item.photoIds.flatMap((photoId) => byPhoto.get(photoId) ?? []),
          total: item.photoIds.length,
        },
      ]),
    );
  }
}
