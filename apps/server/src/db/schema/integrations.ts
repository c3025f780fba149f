/** What other systems use to reach Rondín and be told by it (modules/integrations). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * API tokens for other systems (`Authorization: Bearer rdn_…`). Only the token's SHA-256 is kept: the token
 * itself is shown once, when it is created. A token acts as an administrator of its scope, attributed to the
 * administrator who created it, and works only while that account is an active administrator (deleting the account
 * deletes its tokens).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    /** Hex SHA-256 of the whole token (`rdn_…`). */
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters (`rdn_AbCd`), so a list tells tokens apart without holding them. */
    hint: text('hint').notNull(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Written at most once a minute per token: a busy integration does not write at every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: integer('revoked_by_id').references(() => technicians.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_key').on(table.tokenHash),
    index('api_tokens_created_by_id_idx').on(table.createdById),
    index('api_tokens_revoked_by_id_idx').on(table.revokedById),
    check('api_tokens_scope_check', sql`${table.scope} in ('read', 'write')`),
  ],
);
