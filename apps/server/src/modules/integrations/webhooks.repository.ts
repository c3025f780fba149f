import type { WebhookEvent } from '@rondin/contracts';
import { and, desc, eq, getTableColumns, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.js';
import { technicians, webhookDeliveries, webhooks } from '../../db/schema.js';
import { recordNotificationEvent } from '../../lib/notification-events.js';

type Executor = Database | Transaction;

async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface WebhookRow {
  id: number;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  enabled: boolean;
  createdAt: Date;
  createdBy: { id: number; fullName: string } | null;
  failingSince: Date | null;
  disabledForFailuresAt: Date | null;
}

export type DeliveryRow = Omit<typeof webhookDeliveries.$inferSelect, 'webhookId' | 'payload'>;

/** A delivery taken to be sent, with what sending it needs. */
export interface ClaimedDelivery {
  id: number;
  webhookId: number;
  messageId: string;
  payload: string;
  attempts: number;
  url: string;
  secretSealed: Buffer;
}

/** The outcome of one try, as the worker records it. */
export interface Attempt {
  at: Date;
  ok: boolean;
  statusCode: number | null;
  response: string | null;
  error: string | null;
  /** When to try again after a failure; null: it failed for good. */
  retryAt: Date | null;
}

export type WebhookChanges = Partial<Pick<typeof webhooks.$inferInsert, 'url' | 'description' | 'events' | 'enabled'>>;

const webhookColumns = {
  id: webhooks.id,
  url: webhooks.url,
  description: webhooks.description,
  events: sql<WebhookEvent[]>`${webhooks.events}`,
  enabled: webhooks.enabled,
  createdAt: webhooks.createdAt,
  createdBy: sql<{ id: number; fullName: string } | null>`case when ${technicians.id} is null then null
    else json_build_object('id', ${technicians.id}, 'fullName', ${technicians.fullName}) end`,
  failingSince: webhooks.failingSince,
  disabledForFailuresAt: webhooks.disabledForFailuresAt,
};

/** The webhooks and their deliveries' SQL (schema/integrations.ts): what the service and the worker read and write. */
export class WebhooksRepository {
  constructor(readonly db: Database) {}

  async insert(values: {
    url: string;
    description: string | null;
    events: WebhookEvent[];
    secretSealed: Buffer;
    createdById: number;
  }): Promise<number> {
    const [row] = await this.db.insert(webhooks).values(values).returning({ id: webhooks.id });
    return row!.id;
  }

  list(id?: number): Promise<WebhookRow[]> {
    return this.db
      .select(webhookColumns)
      .from(webhooks)
      .leftJoin(technicians, eq(technicians.id, webhooks.createdById))
      .where(id === undefined ? undefined : eq(webhooks.id, id))
      .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  }

  async secretOf(id: number): Promise<{ url: string; secretSealed: Buffer } | undefined> {
    const [row] = await this.db
      .select({ url: webhooks.url, secretSealed: webhooks.secretSealed })
      .from(webhooks)
      .where(eq(webhooks.id, id));
    return row;
  }

  /** Switching a hook on forgets the failures that switched it off: it gets three new days. */
  async update(id: number, changes: WebhookChanges): Promise<boolean> {
    const rows = await this.db
      .update(webhooks)
      .set({
        ...changes,
        ...(changes.enabled === true ? { failingSince: null, disabledForFailuresAt: null } : {}),
      })
      .where(eq(webhooks.id, id))
      .returning({ id: webhooks.id });
    return rows.length > 0;
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
    return rows.length > 0;
  }

  deliveries(webhookId: number, limit: number): Promise<DeliveryRow[]> {
    const { webhookId: _, payload: __, ...columns } = getTableColumns(webhookDeliveries);
    return this.db
      .select(columns)
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(limit);
  }

  /** A test event's delivery, recorded with its one try's outcome. */
  async insertTest(values: {
    webhookId: number;
    messageId: string;
    eventType: string;
    payload: string;
    attempt: Omit<Attempt, 'retryAt'>;
  }): Promise<number> {
    const { attempt } = values;
    const [row] = await this.db
      .insert(webhookDeliveries)
      .values({
        webhookId: values.webhookId,
        messageId: values.messageId,
        eventType: values.eventType,
        payload: values.payload,
        isTest: true,
        status: attempt.ok ? 'DELIVERED' : 'FAILED',
        attempts: 1,
        nextAttemptAt: attempt.at,
        lastAttemptAt: attempt.at,
        lastStatusCode: attempt.statusCode,
        lastResponse: attempt.response,
        lastError: attempt.error,
        deliveredAt: attempt.ok ? attempt.at : null,
        createdAt: attempt.at,
      })
      .returning({ id: webhookDeliveries.id });
    return row!.id;
  }

  async delivery(id: number): Promise<DeliveryRow | undefined> {
    const { webhookId: _, payload: __, ...columns } = getTableColumns(webhookDeliveries);
    const [row] = await this.db.select(columns).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row;
  }

  /**
   * The next delivery due at `now` of an enabled hook, locked for `tx`'s transaction and skipped by every other
   * one (`SKIP LOCKED`): while one process sends it, the others take the next. Undefined when none is due.
   */
  async claimNext(tx: Executor, now: Date): Promise<ClaimedDelivery | undefined> {
    const [row] = await rowsOf<ClaimedDelivery & { secretSealed: Buffer | Uint8Array }>(
      tx,
      sql`select d.id::int as id, d.webhook_id as "webhookId", d.message_id as "messageId", d.payload,
        d.attempts, w.url, w.secret_sealed as "secretSealed"
      from webhook_deliveries d join webhooks w on w.id = d.webhook_id
      where d.status = 'PENDING' and d.next_attempt_at <= ${now.toISOString()}::timestamptz and w.enabled
      order by d.next_attempt_at, d.id limit 1 for update of d skip locked`,
    );
    return row && { ...row, secretSealed: Buffer.from(row.secretSealed) };
  }

  /**
   * Records a try of a delivery and what it means for its hook: a delivered one clears the hook's failing
   * streak; a failed one starts it (or keeps it), and when the streak is `disableAfterMs` old the hook is switched
   * off and the office told (notification `webhook-disabled`), in the same transaction. Answers whether it
   * switched the hook off.
   */
  async recordAttempt(
    tx: Executor,
    delivery: { id: number; webhookId: number },
    attempt: Attempt,
    disableAfterMs: number,
  ): Promise<boolean> {
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: attempt.at,
        lastStatusCode: attempt.statusCode,
        lastResponse: attempt.response,
        lastError: attempt.error,
        ...(attempt.ok
          ? { status: 'DELIVERED' as const, deliveredAt: attempt.at }
          : attempt.retryAt
            ? { nextAttemptAt: attempt.retryAt }
            : { status: 'FAILED' as const }),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (attempt.ok) {
      await tx.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, delivery.webhookId));
      return false;
    }
    const [hook] = await tx
      .update(webhooks)
      .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${attempt.at.toISOString()}::timestamptz)` })
      .where(eq(webhooks.id, delivery.webhookId))
      .returning({ failingSince: webhooks.failingSince });
    if (!hook?.failingSince || attempt.at.getTime() - hook.failingSince.getTime() < disableAfterMs) return false;
    const [switchedOff] = await tx
      .update(webhooks)
      .set({ enabled: false, disabledForFailuresAt: attempt.at })
      .where(and(eq(webhooks.id, delivery.webhookId), eq(webhooks.enabled, true)))
      .returning({ url: webhooks.url });
    if (!switchedOff) return false;
    await recordNotificationEvent(tx, {
      kind: 'webhook-disabled',
      webhookId: delivery.webhookId,
      url: switchedOff.url,
      failingSince: hook.failingSince.toISOString(),
    });
    return true;
  }

  /** Forgets deliveries done with (delivered or failed for good) queued before `before`; answers how many. */
  async prune(before: Date): Promise<number> {
    const rows = await this.db
      .delete(webhookDeliveries)
      .where(and(sql`${webhookDeliveries.status} <> 'PENDING'`, lt(webhookDeliveries.createdAt, before)))
      .returning({ id: webhookDeliveries.id });
    return rows.length;
  }
}
