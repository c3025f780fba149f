import { z } from 'zod';
import { digits, optionalText, text, Timestamp } from './common.js';
import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  ApiTokenMessages,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  WebhookMessages,
} from './integration-names.js';

export const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: ApiTokenMessages.scopeInvalid });

const Person = z.object({ id: z.number().int(), fullName: z.string() });

/** An API token as listed: never the token itself, which only its creation answers. */
export const ApiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: ApiTokenScopeSchema,
  /** The token's first characters (`rdn_AbCd`), to tell tokens apart. */
  hint: z.string(),
  createdAt: Timestamp,
  createdBy: Person,
  /** Recorded at most once a minute: a use within a minute of the last may not move it. */
  lastUsedAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
  revokedBy: Person.nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

/** POST /api-tokens (ADMIN). */
export const CreateApiTokenBody = z.strictObject({
  name: text('El nombre', { error: ApiTokenMessages.nameRequired })
    .trim()
    .min(1, ApiTokenMessages.nameRequired)
    .max(API_TOKEN_NAME_MAX, `El nombre admite como máximo ${API_TOKEN_NAME_MAX} caracteres.`),
  scope: ApiTokenScopeSchema,
});
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBody>;

/** The created token and, this once, the token itself (`rdn_…`): only its hash is kept. */
export const CreatedApiToken = z.object({ apiToken: ApiToken, token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: WebhookMessages.eventUnknown });

/** An http(s) address, whole, without credentials; whether it may point inside the network the server decides. */
export const WebhookUrl = text('La dirección', { error: WebhookMessages.urlRequired })
  .trim()
  .min(1, WebhookMessages.urlRequired)
  .max(WEBHOOK_URL_MAX, `La dirección admite como máximo ${WEBHOOK_URL_MAX} caracteres.`)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  }, WebhookMessages.urlInvalid)
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), {
    message: WebhookMessages.urlCredentials,
  });

const WebhookEvents = z
  .array(WebhookEventSchema, { error: WebhookMessages.eventsRequired })
  .min(1, WebhookMessages.eventsRequired)
  .max(WEBHOOK_EVENTS.length, WebhookMessages.eventUnknown)
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

export const Webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(WebhookEventSchema),
  enabled: z.boolean(),
  createdAt: Timestamp,
  createdBy: Person.nullable(),
  /** The first failed try since the last delivered one; three days of failing switch the hook off. */
  failingSince: Timestamp.nullable(),
  /** When it was switched off for failing; null once switched on again. */
  disabledForFailuresAt: Timestamp.nullable(),
});
export type Webhook = z.infer<typeof Webhook>;

/** POST /webhooks (ADMIN). */
export const CreateWebhookBody = z.strictObject({
  url: WebhookUrl,
  events: WebhookEvents,
  description: optionalText('La descripción', WEBHOOK_DESCRIPTION_MAX).optional(),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;
export type CreateWebhookInput = z.input<typeof CreateWebhookBody>;

/** PATCH /webhooks/{id} (ADMIN): what is given changes; switching it on clears the failures that switched it off. */
export const UpdateWebhookBody = z.strictObject({
  url: WebhookUrl.optional(),
  events: WebhookEvents.optional(),
  description: optionalText('La descripción', WEBHOOK_DESCRIPTION_MAX).optional(),
  enabled: z.boolean({ error: 'enabled debe ser true o false.' }).optional(),
});
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

/** The created hook and, this once, its signing secret (`whsec_` + base64 of 32 random bytes). */
export const CreatedWebhook = z.object({ webhook: Webhook, secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

/** One event told to one hook: its tries and the receiver's last answer. */
export const WebhookDelivery = z.object({
  id: z.number().int(),
  /** `webhook-id`: the same on every try. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  isTest: z.boolean(),
  createdAt: Timestamp,
  lastAttemptAt: Timestamp.nullable(),
  /** When it is tried again; null once delivered or failed for good. */
  nextAttemptAt: Timestamp.nullable(),
  deliveredAt: Timestamp.nullable(),
  lastStatusCode: z.number().int().nullable(),
  /** The start of the receiver's last answer (at most 500 characters). */
  lastResponse: z.string().nullable(),
  /** Why the last try got no answer, or which answer counted as a failure. */
  lastError: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** GET /webhooks/{id}/deliveries: the newest first, `limit` of them (50 unless told, at most 200). */
const LIMIT_MESSAGE = 'limit debe ser un número entre 1 y 200.';
export const WebhookDeliveriesQuery = z.strictObject({
  limit: digits(LIMIT_MESSAGE).pipe(z.number().min(1, LIMIT_MESSAGE).max(200, LIMIT_MESSAGE)).optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof WebhookDeliveriesQuery>;
