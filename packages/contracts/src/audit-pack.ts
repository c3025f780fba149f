import { z } from 'zod';
import { LocalDate } from './service-plans.js';

/** The audit pack (DESIGN-audit.md "Certificates and the audit pack"): one PDF, or its Excel annex. */
export const AUDIT_PACK_FORMATS = ['pdf', 'excel'] as const;
export type AuditPackFormat = (typeof AUDIT_PACK_FORMATS)[number];

/** Longest period one pack covers: two years of records is already more than any audit asks for. */
export const AUDIT_PACK_MAX_MONTHS = 24;

export const AuditPackMessages = {
  format: 'El formato debe ser pdf o excel.',
  fromAfterTo: 'La fecha inicial no puede ser posterior a la final.',
  tooLong: `El período del dossier no puede superar ${AUDIT_PACK_MAX_MONTHS} meses.`,
} as const;

/**
 * `from` and `to` are whole calendar days of the site's zone, both included; without them, the twelve months
 * ending today there.
 */
export const AuditPackQuery = z.strictObject({
  from: LocalDate.optional(),
  to: LocalDate.optional(),
  format: z.enum(AUDIT_PACK_FORMATS, { error: AuditPackMessages.format }).default('pdf'),
});
export type AuditPackQuery = z.infer<typeof AuditPackQuery>;

/** The file's name: `dossier-auditoria-<site>-<from>-<to>.pdf` (or .xlsx), the site's name made safe. */
export function auditPackFileName(site: string, from: string, to: string, format: AuditPackFormat): string {
  const slug =
    site
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'sitio';
  return `dossier-auditoria-${slug}-${from}-${to}.${format === 'pdf' ? 'pdf' : 'xlsx'}`;
}

export const PackVerificationMessages = {
  notFound: 'No existe un dossier de auditoría con ese código.',
  tooManyLookups:
    'Demasiadas verificaciones de dossieres desde esta dirección. Espera un minuto y vuelve a intentarlo.',
} as const;

export const PackVerifyParams = z.strictObject({
  code: z.string().regex(/^[a-z0-9]{1,64}$/, PackVerificationMessages.notFound),
});

/**
 * GET /verify/packs/{code}: an issued audit pack as its cover's QR checks it. `fingerprint` is the SHA-256 of the
 * records printed on the cover when it was issued; `currentFingerprint` the same drawn again from the records as
 * they are now (as of the issue time, for what was due), so `matches` is false when a record has changed since.
 */
export const PackVerification = z.object({
  site: z.string(),
  client: z.string().nullable(),
  company: z.string().nullable(),
  fromDay: z.string(),
  toDay: z.string(),
  issuedAt: z.iso.datetime({ offset: true }),
  fingerprint: z.string(),
  currentFingerprint: z.string(),
  matches: z.boolean(),
});
export type PackVerification = z.infer<typeof PackVerification>;
