/** Notifications: the events that set them off, the email outbox and each account's in-app list (modules/notifications). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { technicians } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * Something that happened and that someone is to be told of, written in the transaction of what happened
 * (lib/notification-events.ts, or a trigger): it commits with its cause or not at all. The notifications
 * module turns each into emails and in-app notifications once (`processed_at`), taking it `FOR UPDATE SKIP
 * LOCKED`. `dedup_key` makes the periodic ones (a day's digest, a reminder) exactly once however many
 * processes run the scheduler: the second insert of a key does nothing.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dedupKey: text('dedup_key'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notification_events_dedup_key').on(table.dedupKey),
    index('notification_events_pending_idx').on(table.id).where(sql`${table.processedAt} is null`),
  ],
);

/** A file attached to an email, read from the file store when it is sent (a certificate's PDF). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  fileId: number;
}

/**
 * One email to one address: written only while SMTP_URL is set, sent by the worker (one process each,
 * `FOR UPDATE SKIP LOCKED`), retried after 1 min, 5 min, 30 min, 2 h and 12 h, then FAILED. What each try
 * did is kept: `attempts`, `last_error`, `sent_at`.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id').references(() => notificationEvents.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('outbox_emails_event_address_key').on(table.eventId, table.toAddress),
    index('outbox_emails_due_idx').on(table.nextAttemptAt, table.id).where(sql`${table.status} = 'PENDING'`),
    check('outbox_emails_attempts_check', sql`${table.attempts} >= 0`),
  ],
);

/** What an account sees under its bell: newest first, unread until it marks it read. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => notificationEvents.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path of the web app (/acciones/12), or null. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('notifications_event_account_key').on(table.eventId, table.accountId),
    index('notifications_account_idx').on(table.accountId, table.id),
    index('notifications_unread_idx').on(table.accountId).where(sql`${table.readAt} is null`),
  ],
);
