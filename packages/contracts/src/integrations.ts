import { z } from 'zod';
import { text, Timestamp } from './common.js';
import { API_TOKEN_NAME_MAX, API_TOKEN_SCOPES, ApiTokenMessages } from './integration-names.js';

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
