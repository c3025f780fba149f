import { z } from 'zod';
import { text, Timestamp } from './common.js';
import {
  CompanySettingsMessages,
  SIGNING_CERTIFICATE_MAX_BYTES,
  SigningCertificateMessages,
} from './company-settings.js';

const optionalText = (label: string, max: number) =>
  text(label)
    .trim()
    .max(max, `${label} admite como máximo ${max} caracteres.`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/**
 * NIF/CIF as printed on invoices. Checked loosely: spaces, dots and hyphens go, letters are upper-cased, and
 * what is left must be 5–20 letters and digits. The Spanish control letter is not verified, so a foreign
 * company's tax number fits too.
 */
const TaxId = text('El NIF/CIF')
  .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(z.union([z.literal(''), z.string().regex(/^[A-Z0-9]{5,20}$/, CompanySettingsMessages.taxIdFormat)]))
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

export const PutCompanySettingsBody = z.strictObject({
  name: text('El nombre de la empresa', { error: CompanySettingsMessages.nameRequired })
    .trim()
    .min(1, CompanySettingsMessages.nameRequired)
    .max(160, 'El nombre de la empresa admite como máximo 160 caracteres.'),
  taxId: TaxId,
  address: optionalText('La dirección', 300),
  phone: optionalText('El teléfono', 40),
  /** The biocide-service registry, free text: "ROESB 0123-CAT" or the local equivalent. */
  registryNumber: optionalText('El número de registro', 80),
  technicalManager: optionalText('El responsable técnico', 120),
});
export type PutCompanySettingsBody = z.infer<typeof PutCompanySettingsBody>;

/** The company as every PDF and label prints it; all null (and no logo) until it is first saved. */
export const CompanySettings = z.object({
  name: z.string().nullable(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  registryNumber: z.string().nullable(),
  technicalManager: z.string().nullable(),
  hasLogo: z.boolean(),
  updatedAt: Timestamp.nullable(),
});
export type CompanySettings = z.infer<typeof CompanySettings>;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The company's certificate to sign documents with: the PKCS#12 file (.p12 or .pfx) in base64, and its password. */
export const PutSigningCertificateBody = z.strictObject({
  pkcs12: z
    .string({ error: SigningCertificateMessages.fileRequired })
    .min(1, SigningCertificateMessages.fileRequired)
    .regex(BASE64, SigningCertificateMessages.fileNotBase64)
    .refine(
      (value) => Math.floor((value.length * 3) / 4) <= SIGNING_CERTIFICATE_MAX_BYTES + 2,
      SigningCertificateMessages.fileTooLarge,
    ),
  password: z
    .string({ error: SigningCertificateMessages.passwordRequired })
    .min(1, SigningCertificateMessages.passwordRequired)
    .max(256, SigningCertificateMessages.passwordLong),
});
export type PutSigningCertificateBody = z.infer<typeof PutSigningCertificateBody>;

/**
 * Whether documents are being signed: VIGENTE signs; CADUCADO (past its validity, or not yet valid) and
 * INUTILIZABLE (sealed by a server with another JWT_SECRET, e.g. restored elsewhere) leave them unsigned until
 * a certificate is uploaded again.
 */
export const SIGNING_CERTIFICATE_STATUSES = ['VIGENTE', 'CADUCADO', 'INUTILIZABLE'] as const;

/** The certificate that signs certificates and audit packs, as a person checks it; never the file nor its password. */
export const SigningCertificate = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  validFrom: Timestamp,
  validTo: Timestamp,
  uploadedAt: Timestamp,
  status: z.enum(SIGNING_CERTIFICATE_STATUSES),
});
export type SigningCertificate = z.infer<typeof SigningCertificate>;

export const SigningCertificateState = z.object({ certificate: SigningCertificate.nullable() });
export type SigningCertificateState = z.infer<typeof SigningCertificateState>;
