/** What other systems use to reach Rondín and be told by it (modules/integrations). */
import { WEBHOOK_EVENTS } from '@rondin/contracts/integration-names';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { bytea, createdAt } from './columns.js';

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

const WEBHOOK_EVENT_LIST = sql.raw(WEBHOOK_EVENTS.map((event) => `'${event}'`).join(', '));

/**
 * Outbound webhooks: a URL told of the events it subscribes to, each delivery signed the Standard Webhooks way
 * with the hook's secret. The secret is kept sealed (AES-256-GCM under a key derived from JWT_SECRET): it must be
 * read to sign, so it cannot be hashed, and a copy of the database alone does not give it away.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    secretSealed: bytea('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdById: integer('created_by_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The first failed try since the last delivered one: three days of it switch the hook off. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Set when it was switched off for failing, cleared when it is switched on again. */
    disabledForFailuresAt: timestamp('disabled_for_failures_at', { withTimezone: true }),
  },
  (table) => [
    index('webhooks_created_by_id_idx').on(table.createdById),
    check('webhooks_events_check', sql`${table.events} <@ array[${WEBHOOK_EVENT_LIST}]::text[]`),
  ],
);

/**
 * What each webhook is to be told: one row per event and hook, written by the trigger of the record it is about
 * (modules/integrations/sql/rondin_webhook_event.sql) in that record's transaction, then sent by the delivery
 * worker after the commit. `payload` is the body as sent and signed, byte for byte.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** `webhook-id`: the same on every try, and for every hook told of the same event. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: ['PENDING', 'DELIVERED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The receiver's last answer: its status code and the start of its body; or why there was none. */
    lastStatusCode: integer('last_status_code'),
    lastResponse: text('last_response'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Sent by «Probar»: once, at once, and not counted towards switching the hook off. */
    isTest: boolean('is_test').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_message_key').on(table.webhookId, table.messageId),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt, table.id).where(sql`${table.status} = 'PENDING'`),
    index('webhook_deliveries_webhook_idx').on(table.webhookId, table.id),
    check('webhook_deliveries_status_check', sql`${table.status} in ('PENDING', 'DELIVERED', 'FAILED')`),
  ],
);
