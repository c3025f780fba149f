import type { ActivityLevel, PestGroup, RemoteEvent, RemoteEventType, TrapType } from '@rondin/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, isEmbedded } from '../../../db/database.js';
import { batched } from '../../../lib/batcher.js';

/** A report ready to store: the body's fields, with what the service worked out from @rondin/contracts' rules. */
export interface RemoteEventWrite {
  eventId: string;
  externalId?: string | undefined;
  deviceCode?: string | undefined;
  siteId?: number | undefined;
  type: RemoteEventType;
  /** The sender's time, as sent (ISO 8601). */
  occurredAt: string;
  count: number | null;
  raw?: unknown;
  byId: number | null;
  /** A capture or activity: its remote finding's activity for each pest group the device's type can catch. */
  activities?: Partial<Record<PestGroup, ActivityLevel>>;
  /** A capture's catches, when it caught any. */
  caught?: number;
}

/** What storing a report came to: the event (new, or stored before under its eventId), or why it was refused. */
export type RemoteEventOutcome =
  | { outcome: 'CREATED' | 'REPEAT'; event: RemoteEvent }
  | { outcome: 'NOT_FOUND' | 'AMBIGUOUS' | 'OTHER_SITE' }
  | { outcome: 'INACTIVE'; deviceCode: string };

/** A device type's catches: their pest group and the inactive pest they count as. */
export type CaughtAs = Record<TrapType, { group: PestGroup; pest: string }>;

/** Reports stored together at most; a batch is one statement and one commit. */
const MAX_BATCH = 32;
/**
 * Batches in flight on PostgreSQL, each on its own connection of the pool (PGlite has one connection: one).
 * Measured in BENCHMARKS.md, "Remote events".
 */
const POSTGRES_BATCHES = 4;

async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Remote events: the device they name, their idempotent write, the device's list. */
export class RemoteEventsRepository {
  /**
   * Stores a report once (idempotent by eventId, also under concurrent repeats): reports that queue up while
   * earlier ones are being stored go together as one call to sql/rondin_record_remote_events.sql, one round trip
   * and one commit for all of them, which answers each as a single report would be answered. Measured:
   * BENCHMARKS.md "Remote events".
   */
  readonly record: (write: RemoteEventWrite) => Promise<RemoteEventOutcome>;

  constructor(
    private readonly db: Database,
    caughtAs: CaughtAs,
  ) {
    const caught = JSON.stringify(caughtAs);
    this.record = batched(
      async (writes: RemoteEventWrite[]) => {
        const answers = await rows<{ outcome: string; detail: string | null; event: RemoteEvent | null }>(
          db,
          sql`select outcome, detail, event from rondin_record_remote_events(${JSON.stringify(writes)}::jsonb, ${caught}::jsonb) order by ord`,
        );
        return answers.map(
          ({ outcome, detail, event }): RemoteEventOutcome =>
            outcome === 'CREATED' || outcome === 'REPEAT'
              ? { outcome, event: event! }
              : outcome === 'INACTIVE'
                ? { outcome, deviceCode: detail! }
                : { outcome: outcome as 'NOT_FOUND' | 'AMBIGUOUS' | 'OTHER_SITE' },
        );
      },
      MAX_BATCH,
      isEmbedded(db) ? 1 : POSTGRES_BATCHES,
    );
  }

  /** A device's events, newest first, one page. */
  async ofTrap(
    trapId: number,
    window: { pageSize: number; offset: number },
  ): Promise<{ rows: RemoteEvent[]; total: number }> {
    const [found, [counted]] = await Promise.all([
      rows<{ event: RemoteEvent }>(
        this.db,
        sql`select rondin_remote_event_json(r.id) as event from remote_events r where r.trap_id = ${trapId}
          order by r.occurred_at desc, r.id desc limit ${window.pageSize} offset ${window.offset}`,
      ),
      rows<{ total: number }>(this.db, sql`select count(*)::int as total from remote_events where trap_id = ${trapId}`),
    ]);
    return { rows: found.map((row) => row.event), total: counted!.total };
  }
}
