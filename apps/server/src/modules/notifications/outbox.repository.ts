import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.js';
import { type OutboxAttachment, outboxEmails } from '../../db/schema.js';

type Executor = Database | Transaction;

async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export type OutboxRow = typeof outboxEmails.$inferSelect;
export type NewOutboxEmail = Pick<
  typeof outboxEmails.$inferInsert,
  'eventId' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody'
> & { attachments?: OutboxAttachment[] };

/** What the outbox's rows hold, by status: the bench and the tests read it. */
export interface OutboxCounts {
  pending: number;
  sent: number;
  failed: number;
}

const rowColumns = sql`id, event_id as "eventId", to_address as "toAddress", subject, text_body as "textBody",
  html_body as "htmlBody", attachments, status, attempts, next_attempt_at as "nextAttemptAt",
  last_error as "lastError", sent_at as "sentAt", created_at as "createdAt"`;

/** The email outbox's SQL (schema/notifications.ts): the worker's claim and its record of each try. */
export class OutboxRepository {
  constructor(readonly db: Database) {}

  /** Queues emails; one already queued for the same event and address is not queued again. */
  async enqueue(tx: Executor, emails: readonly NewOutboxEmail[]): Promise<void> {
    if (!emails.length) return;
    await tx
      .insert(outboxEmails)
      .values(emails.map((email) => ({ ...email, attachments: email.attachments ?? [] })))
      .onConflictDoNothing();
  }

  /**
   * The next email due, locked for `tx`'s transaction and skipped by every other one (`SKIP LOCKED`): while one
   * process sends it, the others take the next. Undefined when none is due.
   */
  async claimNext(tx: Executor): Promise<OutboxRow | undefined> {
    const rows = await rowsOf<OutboxRow>(
      tx,
      sql`select ${rowColumns} from outbox_emails
      where status = 'PENDING' and next_attempt_at <= now()
      order by next_attempt_at, id limit 1 for update skip locked`,
    );
    return rows[0] && { ...rows[0], nextAttemptAt: new Date(rows[0].nextAttemptAt) };
  }

  async markSent(tx: Executor, id: number): Promise<void> {
    await tx.execute(sql`update outbox_emails set status = 'SENT', attempts = attempts + 1, sent_at = now(),
      last_error = null where id = ${id}`);
  }

  /** A failed try: the next one after `retryInMs`, or none (FAILED) when it is null. */
  async markFailed(tx: Executor, id: number, error: string, retryInMs: number | null): Promise<void> {
    await tx.execute(sql`update outbox_emails set attempts = attempts + 1, last_error = ${error.slice(0, 2000)},
      status = ${retryInMs === null ? 'FAILED' : 'PENDING'},
      next_attempt_at = now() + make_interval(secs => ${(retryInMs ?? 0) / 1000})
      where id = ${id}`);
  }

  async counts(): Promise<OutboxCounts> {
    const rows = await rowsOf<OutboxCounts>(
      this.db,
      sql`select
      count(*) filter (where status = 'PENDING')::int as pending,
      count(*) filter (where status = 'SENT')::int as sent,
      count(*) filter (where status = 'FAILED')::int as failed from outbox_emails`,
    );
    return rows[0]!;
  }
}
