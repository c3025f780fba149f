import { z } from 'zod';
import { Email, IdNumber, multilineText, Password, text, Timestamp } from './common.js';
import { PortalMessages } from './messages.js';

/**
 * The plant's portal (DESIGN-plant.md, "The plant's portal"): the accounts of a client's people (role CLIENTE),
 * their invitations, and what the portal answers them. Every portal read is scoped to the account's sites.
 */

/** How long an invitation link can be used, from when it is issued. */
export const INVITATION_DAYS = 7;

const FullName = text('El nombre completo', { error: 'El nombre completo es obligatorio.' })
  .trim()
  .min(1, 'El nombre completo es obligatorio.')
  .max(120, 'El nombre completo admite como máximo 120 caracteres.');

/** Some of the client's sites; empty or absent: all of them, present and future. */
const PortalSiteIds = z
  .array(IdNumber)
  .max(500, 'Una cuenta del portal admite como máximo 500 sitios.')
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** Where an account's invitation stands: ACEPTADA once a password was set with it. */
export const INVITATION_STATES = ['PENDIENTE', 'VENCIDA', 'ACEPTADA'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** A client's person with a portal account, as the client's page lists them. */
export const PortalAccount = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  /** The sites chosen for the account; empty: every site of the client. */
  siteIds: z.array(z.number().int()),
  isActive: z.boolean(),
  invitation: z.object({
    state: z.enum(INVITATION_STATES),
    /** When the newest invitation was issued, and until when it can be used. */
    issuedAt: Timestamp,
    expiresAt: Timestamp,
    acceptedAt: Timestamp.nullable(),
  }),
  createdAt: Timestamp,
});
export type PortalAccount = z.infer<typeof PortalAccount>;

/** POST /clients/{id}/portal-accounts. */
export const CreatePortalAccountBody = z.strictObject({
  email: Email,
  fullName: FullName,
  siteIds: PortalSiteIds.optional(),
});
export type CreatePortalAccountBody = z.infer<typeof CreatePortalAccountBody>;

/** PATCH /portal-accounts/{id}: deactivated (every token refused at once) or reactivated, renamed, re-scoped. */
export const UpdatePortalAccountBody = z.strictObject({
  fullName: FullName.optional(),
  siteIds: PortalSiteIds.optional(),
  isActive: z.boolean().optional(),
});
export type UpdatePortalAccountBody = z.infer<typeof UpdatePortalAccountBody>;

/**
 * The account and its single-use link (`/invitacion/{token}`, INVITATION_DAYS days), shown once to the office to
 * copy; the server keeps only the token's hash. Issuing another (POST /portal-accounts/{id}/invitation) voids
 * the previous one.
 */
export const PortalInvitationIssued = z.object({
  account: PortalAccount,
  invitationUrl: z.string(),
});
export type PortalInvitationIssued = z.infer<typeof PortalInvitationIssued>;

export const PortalAccountList = z.object({ items: z.array(PortalAccount) });
export type PortalAccountList = z.infer<typeof PortalAccountList>;

/** The invitation's token in a path: 43 base64url characters (32 random bytes). */
export const InvitationParams = z.strictObject({
  token: z
    .string({ error: PortalMessages.invitationNotFound })
    .regex(/^[A-Za-z0-9_-]{43}$/, PortalMessages.invitationNotFound),
});
export type InvitationParams = z.infer<typeof InvitationParams>;

/** GET /invitations/{token} (public): who is invited, by which client, until when. */
export const InvitationInfo = z.object({
  email: z.string(),
  fullName: z.string(),
  clientName: z.string(),
  expiresAt: Timestamp,
});
export type InvitationInfo = z.infer<typeof InvitationInfo>;

/** POST /invitations/{token}: the password, under the app's policy; then the person signs in as usual. */
export const AcceptInvitationBody = z.strictObject({ password: Password });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const AcceptInvitationResponse = z.object({ email: z.string() });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponse>;

/**
 * Compliance over the last 12 months, counted as GET /reports/compliance counts it for the site: orders due in
 * the period, those closed with every device inspected, and their ratio as a percentage with one decimal (null
 * when no order was due).
 */
export const PortalCompliance = z.object({
  dueOrders: z.number().int(),
  completedOrders: z.number().int(),
  percent: z.number().nullable(),
});
export type PortalCompliance = z.infer<typeof PortalCompliance>;

/** One of the account's sites, its state at a glance (GET /portal/sites). */
export const PortalSiteOverview = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  client: z.object({ id: z.number().int(), name: z.string() }),
  /** The site's IANA zone; null: the server's. */
  timeZone: z.string().nullable(),
  /** The last closed order, with its certificate when one was issued. */
  lastVisit: z
    .object({ id: z.number().int(), closedAt: Timestamp, certificateId: z.number().int().nullable() })
    .nullable(),
  /** The next order not yet closed: the earliest scheduled (an undated one only when none is). */
  nextVisit: z.object({ id: z.number().int(), scheduledFor: Timestamp.nullable() }).nullable(),
  compliance12m: PortalCompliance,
  /** Corrective actions not closed (ABIERTA, EN_CURSO), whoever is responsible. */
  openActions: z.number().int(),
  /** Open actions whose responsible is CLIENTE that nobody of the client has acknowledged yet. */
  recommendationsAwaiting: z.number().int(),
  /** Sightings not yet attended (ABIERTO); 0 until sightings exist. */
  openSightings: z.number().int(),
});
export type PortalSiteOverview = z.infer<typeof PortalSiteOverview>;

export const PortalSiteList = z.object({ items: z.array(PortalSiteOverview) });
export type PortalSiteList = z.infer<typeof PortalSiteList>;

/** Who acknowledged a recommendation or an assessment, and when. */
export const PortalAcknowledgement = z.object({
  by: z.object({ id: z.number().int(), fullName: z.string() }),
  at: Timestamp,
  note: z.string().nullable(),
});
export type PortalAcknowledgement = z.infer<typeof PortalAcknowledgement>;

const ResponseNote = (label: string) =>
  multilineText(label, { error: `${label} debe ser texto.` })
    .trim()
    .max(4000, `${label} admite como máximo 4000 caracteres.`);

/** POST /portal/actions/{id}/acknowledge. */
export const AcknowledgeActionBody = z.strictObject({
  note: ResponseNote('La nota')
    .transform((value) => (value ? value : null))
    .nullable()
    .optional(),
});
export type AcknowledgeActionBody = z.infer<typeof AcknowledgeActionBody>;

/** The multipart fields of POST /portal/actions/{id}/responses besides its photos (`photos`, up to 3). */
export const ActionResponseFields = z.strictObject({
  note: ResponseNote('La respuesta').min(1, PortalMessages.responseNoteRequired),
});
export type ActionResponseFields = z.infer<typeof ActionResponseFields>;

/** What the plant says it did about a recommendation; the office reads it on the action (GET /actions/{id}). */
export const ActionResponse = z.object({
  id: z.number().int(),
  note: z.string(),
  by: z.object({ id: z.number().int(), fullName: z.string() }),
  at: Timestamp,
  /** Served as the action's photos: GET /actions/{id}/photos/{photoId}, or /portal/actions/{id}/photos/{photoId}. */
  photoIds: z.array(z.number().int()),
});
export type ActionResponse = z.infer<typeof ActionResponse>;
