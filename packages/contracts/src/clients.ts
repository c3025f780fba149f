import { z } from 'zod';
import { IdNumber, optionalText, text, Timestamp } from './common.js';
import { ClientMessages } from './messages.js';

/**
 * The company served (DESIGN-plant.md, "Clients and contacts"), with how many sites and contacts it has. The
 * name is unique ignoring case. Never deleted: deactivated, once none of its sites is active.
 */
export const Client = z.object({
  id: z.number().int(),
  name: z.string(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: Timestamp,
  siteCount: z.number().int(),
  contactCount: z.number().int(),
});
export type Client = z.infer<typeof Client>;

/** One of a client's sites, as its page lists them. */
export const ClientSite = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  timeZone: z.string().nullable(),
  isActive: z.boolean(),
});
export type ClientSite = z.infer<typeof ClientSite>;

/** A corrective action still open (ABIERTA or EN_CURSO) at one of the client's sites. */
export const ClientOpenAction = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  siteName: z.string(),
  description: z.string(),
  severity: z.enum(['BAJA', 'MEDIA', 'ALTA']),
  status: z.enum(['ABIERTA', 'EN_CURSO']),
  responsible: z.enum(['EMPRESA', 'CLIENTE']),
  /** YYYY-MM-DD. */
  dueDate: z.string(),
});
export type ClientOpenAction = z.infer<typeof ClientOpenAction>;

/** An order of one of the client's sites not yet closed: the next visits, planned by a service plan or by hand. */
export const ClientVisit = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  siteName: z.string(),
  /** The site's IANA zone, null: the server's. */
  siteTimeZone: z.string().nullable(),
  status: z.enum(['PENDING', 'IN_PROGRESS']),
  scheduledAt: Timestamp.nullable(),
  technicianName: z.string(),
  servicePlanName: z.string().nullable(),
});
export type ClientVisit = z.infer<typeof ClientVisit>;

/**
 * GET /clients/{id}: the client, its sites by name, its open corrective actions by due date (at most
 * CLIENT_PAGE_LIMIT) and its open orders by when they are due, unscheduled last (at most CLIENT_PAGE_LIMIT).
 */
export const ClientDetail = Client.extend({
  sites: z.array(ClientSite),
  openActions: z.array(ClientOpenAction),
  /** How many open actions there are, when openActions shows only the first ones. */
  openActionCount: z.number().int(),
  nextVisits: z.array(ClientVisit),
  nextVisitCount: z.number().int(),
});
export type ClientDetail = z.infer<typeof ClientDetail>;
export const CLIENT_PAGE_LIMIT = 20;

export const ClientName = text('El nombre del cliente', { error: ClientMessages.nameRequired })
  .trim()
  .min(1, ClientMessages.nameRequired)
  .max(160, 'El nombre del cliente admite como máximo 160 caracteres.');

export const CreateClientBody = z.strictObject({
  name: ClientName,
  taxId: optionalText('El NIF', 30).optional(),
  address: optionalText('La dirección', 300).optional(),
  isActive: z.boolean().default(true),
});
export type CreateClientBody = z.infer<typeof CreateClientBody>;

export const UpdateClientBody = z.strictObject({
  name: ClientName.optional(),
  taxId: optionalText('El NIF', 30).optional(),
  address: optionalText('La dirección', 300).optional(),
  isActive: z.boolean().optional(),
});
export type UpdateClientBody = z.infer<typeof UpdateClientBody>;

/**
 * A person of a client and what they are sent. siteIds: some of the client's sites, empty meaning all of them
 * (ids of sites that have since left the client are not answered). Sending anything needs an email.
 */
export const Contact = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  name: z.string(),
  role: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  siteIds: z.array(z.number().int()),
  notifyCertificates: z.boolean(),
  notifyActions: z.boolean(),
  notifyReviews: z.boolean(),
  createdAt: Timestamp,
});
export type Contact = z.infer<typeof Contact>;

const ContactName = text('El nombre del contacto', { error: ClientMessages.contactNameRequired })
  .trim()
  .min(1, ClientMessages.contactNameRequired)
  .max(120, 'El nombre del contacto admite como máximo 120 caracteres.');
const ContactRole = text('El cargo', { error: ClientMessages.contactRoleRequired })
  .trim()
  .min(1, ClientMessages.contactRoleRequired)
  .max(80, 'El cargo admite como máximo 80 caracteres.');
/** An email or nothing: an empty text is no email. */
const ContactEmail = text('El correo', { error: ClientMessages.emailInvalid })
  .trim()
  .max(254, 'El correo admite como máximo 254 caracteres.')
  .refine((value) => value === '' || z.email().safeParse(value).success, ClientMessages.emailInvalid)
  .transform((value) => (value ? value.toLowerCase() : null))
  .nullable();
const ContactPhone = text('El teléfono', { error: ClientMessages.phoneInvalid })
  .trim()
  .max(40, 'El teléfono admite como máximo 40 caracteres.')
  .refine((value) => value === '' || /^\+?[0-9 ()\-.]{6,}$/.test(value), ClientMessages.phoneInvalid)
  .transform((value) => (value ? value : null))
  .nullable();
const ContactSiteIds = z
  .array(IdNumber)
  .max(500, 'Un contacto admite como máximo 500 sitios.')
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

export const CreateContactBody = z.strictObject({
  name: ContactName,
  role: ContactRole,
  email: ContactEmail.optional(),
  phone: ContactPhone.optional(),
  siteIds: ContactSiteIds.default([]),
  notifyCertificates: z.boolean().default(false),
  notifyActions: z.boolean().default(false),
  notifyReviews: z.boolean().default(false),
});
export type CreateContactBody = z.infer<typeof CreateContactBody>;

export const UpdateContactBody = z.strictObject({
  name: ContactName.optional(),
  role: ContactRole.optional(),
  email: ContactEmail.optional(),
  phone: ContactPhone.optional(),
  siteIds: ContactSiteIds.optional(),
  notifyCertificates: z.boolean().optional(),
  notifyActions: z.boolean().optional(),
  notifyReviews: z.boolean().optional(),
});
export type UpdateContactBody = z.infer<typeof UpdateContactBody>;
