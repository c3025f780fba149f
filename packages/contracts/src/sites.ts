import { z } from 'zod';
import { text, Timestamp } from './common.js';
import { SiteMessages } from './messages.js';

export const Site = z.object({
  id: z.number().int(),
  name: z.string(),
  client: z.string().nullable(),
  address: z.string().nullable(),
  /** IANA zone its documents use; null: the server's TIME_ZONE. */
  timeZone: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: Timestamp,
  /** How many devices and orders it holds (a site with either cannot be deleted). */
  trapCount: z.number().int(),
  sessionCount: z.number().int(),
});
export type Site = z.infer<typeof Site>;

const optional = (label: string, max: number) =>
  text(label, { error: `${label} debe ser texto.` })
    .trim()
    .max(max, `${label} admite como máximo ${max} caracteres.`)
    .nullable()
    .transform((value) => (value ? value : null));

const SiteName = text('El nombre del sitio', { error: SiteMessages.nameRequired })
  .trim()
  .min(1, SiteMessages.nameRequired)
  .max(120, 'El nombre del sitio admite como máximo 120 caracteres.');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('es', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const TimeZone = text('La zona horaria')
  .trim()
  .refine(isTimeZone, 'La zona horaria debe ser una zona IANA, por ejemplo America/Santiago.')
  .nullable();

export const CreateSiteBody = z.strictObject({
  name: SiteName,
  client: optional('El cliente', 160).optional(),
  address: optional('La dirección', 300).optional(),
  timeZone: TimeZone.optional(),
  isActive: z.boolean().default(true),
});
export type CreateSiteBody = z.infer<typeof CreateSiteBody>;

export const UpdateSiteBody = z.strictObject({
  name: SiteName.optional(),
  client: optional('El cliente', 160).optional(),
  address: optional('La dirección', 300).optional(),
  timeZone: TimeZone.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateSiteBody = z.infer<typeof UpdateSiteBody>;
