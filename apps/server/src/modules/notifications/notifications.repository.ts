import { and, count, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.js';
import { notificationEvents, notifications } from '../../db/schema.js';

type Executor = Database | Transaction;

async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface EventRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

export type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  'id' | 'kind' | 'title' | 'body' | 'link' | 'readAt' | 'createdAt'
>;

export interface NewInApp {
  accountIds: readonly number[];
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

/** The events waiting to be told, and each account's in-app notifications (schema/notifications.ts). */
export class NotificationsRepository {
  constructor(readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Events not yet told, oldest first, locked for `tx` and skipped by every other process. */
  async claimEvents(tx: Transaction, limit: number): Promise<EventRow[]> {
    const rows = await rowsOf<EventRow>(
      tx,
      sql`select id, kind, payload, created_at as "createdAt"
      from notification_events where processed_at is null order by id limit ${limit} for update skip locked`,
    );
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
  }

  async markProcessed(tx: Transaction, ids: readonly number[]): Promise<void> {
    if (ids.length) {
      await tx.update(notificationEvents).set({ processedAt: sql`now()` }).where(inArray(notificationEvents.id, ids));
    }
  }

  /** Answers the accounts that got it (one already told of the event is skipped). */
  async addInApp(tx: Transaction, eventId: number, notification: NewInApp): Promise<number[]> {
    const { accountIds, ...fields } = notification;
    if (!accountIds.length) return [];
    const rows = await tx
      .insert(notifications)
      .values([...new Set(accountIds)].map((accountId) => ({ ...fields, accountId, eventId })))
      .onConflictDoNothing()
      .returning({ accountId: notifications.accountId });
    return rows.map((row) => row.accountId);
  }

  /** An account's notifications, newest first, `before` the id of the last one of the previous page. */
  async list(accountId: number, limit: number, before?: number): Promise<NotificationRow[]> {
    return this.db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(
        and(eq(notifications.accountId, accountId), before === undefined ? undefined : lt(notifications.id, before)),
      )
      .orderBy(desc(notifications.id))
      .limit(limit);
  }

  async unreadCount(accountId: number): Promise<number> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
    return row?.unread ?? 0;
  }

  /** Marks the account's own notifications among `ids` read; others' ids are ignored. */
  async markRead(accountId: number, ids: readonly number[]): Promise<void> {
    await this.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(eq(notifications.accountId, accountId), inArray(notifications.id, [...ids]), isNull(notifications.readAt)),
      );
  }
}
