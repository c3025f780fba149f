import { z } from 'zod';
import { text, Timestamp } from './common.js';
import { CompanySettingsMessages } from './company-settings.js';

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
