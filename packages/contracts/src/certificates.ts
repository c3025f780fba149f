import { z } from 'zod';
import { text, Timestamp } from './common.js';

/** A drawn signature as the phone sends it: a PNG, base64, at most this many bytes once decoded. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
/**
 * The largest drawn signature, in pixels: the phone exports at most 600 × 240; twice that leaves room for other
 * clients. A few bytes of PNG can claim 9,000 × 9,000 pixels, a quarter of a gigabyte once decoded.
 */
export const SIGNATURE_MAX_WIDTH = 1200;
export const SIGNATURE_MAX_HEIGHT = 600;

export const CertificateMessages = {
  signatureName: 'Escribe el nombre de quien firma por el cliente.',
  signatureNameLong: 'El nombre de quien firma tiene como máximo 120 caracteres.',
  signatureRoleLong: 'El cargo de quien firma tiene como máximo 120 caracteres.',
  signatureImage: 'Falta la firma del cliente: que firme en el recuadro, o marca «Cliente ausente».',
  signatureNotPng: 'La firma debe ser una imagen PNG en base64.',
  signatureTooLarge: `La firma supera ${SIGNATURE_MAX_BYTES / 1024} KB: bórrala y firma de nuevo.`,
  signatureUnreadable: 'La firma no es una imagen PNG válida: está dañada o incompleta. Bórrala y firma de nuevo.',
  signatureTooManyPixels: `La firma mide más de ${SIGNATURE_MAX_WIDTH} × ${SIGNATURE_MAX_HEIGHT} píxeles: bórrala y firma de nuevo.`,
  signatureAbsentWithImage: 'Con «Cliente ausente» no se envía firma.',
  absentReason: 'Indica por qué nadie del cliente pudo firmar (por ejemplo «Nadie del cliente en planta»).',
  absentReasonLong: 'El motivo de la ausencia tiene como máximo 200 caracteres.',
  notFound: 'No existe un certificado con ese código.',
  tooManyLookups: 'Demasiadas consultas de verificación desde esta dirección. Espera un minuto y vuelve a intentarlo.',
  noCertificate: 'Esta orden se cerró antes de que Rondín emitiera certificados: descarga su reporte.',
  ownSignatureMissing: 'No tienes una firma guardada.',
} as const;

const PNG_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A base64 PNG of at most SIGNATURE_MAX_BYTES: the bytes themselves are checked again by the server. */
export const SignaturePng = z
  .string({ error: CertificateMessages.signatureNotPng })
  .regex(PNG_BASE64, CertificateMessages.signatureNotPng)
  .refine((value) => value.startsWith('iVBORw0KGgo'), CertificateMessages.signatureNotPng)
  .refine(
    (value) => Math.floor((value.length * 3) / 4) <= SIGNATURE_MAX_BYTES + 2,
    CertificateMessages.signatureTooLarge,
  );

/**
 * Who signs for the client at the end of the visit: a name (and role) with the drawn signature, or, when nobody
 * was there to sign, `absent: true` with the `reason` ("cliente ausente" and why, which the certificate says in
 * words). An absent without a reason is refused (400 CertificateMessages.absentReason).
 */
export const ClientSignature = z
  .strictObject({
    name: text('El nombre de quien firma', { error: CertificateMessages.signatureName })
      .trim()
      .max(120, CertificateMessages.signatureNameLong)
      .optional(),
    role: text('El cargo de quien firma').trim().max(120, CertificateMessages.signatureRoleLong).optional(),
    imagePng: SignaturePng.optional(),
    absent: z.boolean().optional(),
    /** Why nobody of the client could sign; only with absent. */
    reason: text('El motivo de la ausencia', { error: CertificateMessages.absentReason })
      .trim()
      .max(200, CertificateMessages.absentReasonLong)
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.absent) {
      if (!value.reason) {
        context.addIssue({ code: 'custom', message: CertificateMessages.absentReason, path: ['reason'] });
      }
      if (value.imagePng !== undefined) {
        context.addIssue({ code: 'custom', message: CertificateMessages.signatureAbsentWithImage, path: ['imagePng'] });
      }
      return;
    }
    if (!value.name) context.addIssue({ code: 'custom', message: CertificateMessages.signatureName, path: ['name'] });
    if (value.imagePng === undefined) {
      context.addIssue({ code: 'custom', message: CertificateMessages.signatureImage, path: ['imagePng'] });
    }
  });
export type ClientSignature = z.infer<typeof ClientSignature>;

/** The technician's own signature, kept in their profile and copied onto each certificate they close. */
export const OwnSignatureBody = z.strictObject({ imagePng: SignaturePng });
export type OwnSignatureBody = z.infer<typeof OwnSignatureBody>;

export const VerifyParams = z.strictObject({
  code: z.string().regex(/^[a-z0-9]{1,64}$/, CertificateMessages.notFound),
});

/** A product applied during the visit, as the certificate lists it. */
export const VerifiedApplication = z.object({
  product: z.string(),
  registrationNumber: z.string().nullable(),
  /** The lot, as printed: «Lote L-2291». */
  batch: z.string(),
  dose: z.string().nullable(),
  /** «120 g». */
  quantity: z.string(),
});
export type VerifiedApplication = z.infer<typeof VerifiedApplication>;

/**
 * What the certificate says, kept when its PDF was drawn, so a paper copy can be compared line by line (doses,
 * times, counts). Dates and times are given as the certificate prints them (dd-mm-yyyy hh:mm, in `timeZone`).
 */
export const VerifiedContent = z.object({
  /** The zone the certificate's times are printed in (the site's). */
  timeZone: z.string(),
  /** «Emitido» as printed: «15-03-2026 10:45». */
  issued: z.string(),
  /** «Fecha del servicio» as printed: «15-03-2026, de 09:10 a 10:45». */
  serviceDate: z.string(),
  serviceStart: Timestamp.nullable(),
  serviceEnd: Timestamp.nullable(),
  technician: z.object({
    name: z.string(),
    /** «Aplicador», «Responsable técnico»…; null when the account has none. */
    qualification: z.string().nullable(),
    licenceNumber: z.string().nullable(),
  }),
  /** Due = in the order; inspected = done, exceptions included; exceptions = not found or not reachable. */
  devices: z.object({
    due: z.number().int(),
    inspected: z.number().int(),
    exceptions: z.number().int(),
    pending: z.number().int(),
    withActivity: z.number().int(),
  }),
  applications: z.array(VerifiedApplication),
});
export type VerifiedContent = z.infer<typeof VerifiedContent>;

/**
 * GET /verify/{code}: what anyone holding a certificate can confirm, and nothing else: its folio, when it was
 * issued, the site, the company, the SHA-256 of the PDF as issued (to compare with the file they hold), and
 * what the certificate says (`content`: service date and times, technician, devices, products) to compare a
 * paper copy with. `replaced` is true when a later revision superseded it ("sustituido"). `content` is null for a
 * certificate drawn before its content was kept.
 */
export const Verification = z.object({
  folio: z.string(),
  revision: z.number().int(),
  issuedAt: Timestamp,
  site: z.string(),
  company: z.string().nullable(),
  sha256: z.string().nullable(),
  replaced: z.boolean(),
  content: VerifiedContent.nullable(),
});
export type Verification = z.infer<typeof Verification>;

/** GET /sessions/{id}/certificate: what identifies an order's certificate (its PDF is the order's report). */
export const CertificateSummary = z.object({
  folio: z.string(),
  revision: z.number().int(),
  issuedAt: Timestamp,
  verifyUrl: z.string(),
  sha256: z.string().nullable(),
  clientName: z.string().nullable(),
  clientAbsent: z.boolean(),
  /** Why nobody of the client signed; null when the client signed (or for certificates issued before it was asked). */
  clientAbsentReason: z.string().nullable(),
});
export type CertificateSummary = z.infer<typeof CertificateSummary>;

/** A folio as printed: the year and the number of six digits, "2026-000042". */
export function folioText(year: number, number: number): string {
  return `${year}-${String(number).padStart(6, '0')}`;
}

/**
 * GET /settings/verify-address: the address the certificates' QR codes and printed links open. With PUBLIC_URL
 * set, that one; without it, the address each close reached the server at, as this request did. A certificate
 * whose address is not public (localhost, 127.x, a private network) cannot be checked by the client's auditor.
 */
export const VerifyAddress = z.object({
  /** The address in use: PUBLIC_URL, or the one this request reached the server at. */
  url: z.string(),
  /** PUBLIC_URL is set on the server: every certificate holds it. */
  configured: z.boolean(),
  /** Its host can be reached from the internet: not localhost, 127.x, 10.x, 172.16–31.x, 192.168.x, 169.254.x, .local, ::1, fc00::/7 or fe80::/10. */
  public: z.boolean(),
});
export type VerifyAddress = z.infer<typeof VerifyAddress>;
