import type { ActivityLevel, PestGroup, RemoteEvent, RemoteEventType, TrapType } from '@rondin/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { findingCaptures, findings, pests, remoteEvents, traps } from '../../../db/schema.js';
import { recordNotificationEvent } from '../../../lib/notification-events.js';

export interface RemoteDevice {
  id: number;
  siteId: number;
  code: string;
  type: TrapType;
  isActive: boolean;
}

/** What the service decided an event is, ready to store. */
export interface RemoteEventWrite {
  eventId: string;
  device: RemoteDevice;
  type: RemoteEventType;
  occurredAt: Date;
  count: number | null;
  raw: unknown;
  byId: number | null;
  /** A capture or activity: the remote finding's activity, and its catches' pest when it caught any. */
  finding: { activity: ActivityLevel; capture: { pestId: number; count: number } | null } | null;
  /** A maintenance alert: the bell's event, once per `dedupKey`. */
  alertDedupKey: string | null;
}

async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const eventColumns = sql`r.id::int as id, r.event_id as "eventId", r.trap_id as "trapId", t.code as "trapCode",
  r.site_id as "siteId", r.type, to_char(r.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt",
  to_char(r.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "receivedAt", r.count,
  r.finding_id::int as "findingId", f.activity,
  coalesce((select json_agg(distinct a.id) from threshold_breaches b
    cross join lateral (values (b.action_id), (b.area_action_id)) a(id)
    where b.finding_id = r.finding_id and a.id is not null), '[]'::json) as "actionIds"`;

const eventFrom = sql`remote_events r join traps t on t.id = r.trap_id left join findings f on f.id = r.finding_id`;

/** Remote events: the device they name, their idempotent write, the device's list. */
export class RemoteEventsRepository {
  constructor(private readonly db: Database) {}

  /** The devices an event's code names (codes repeat between sites), or its external id's one. */
  async devices(by: { externalId: string } | { code: string; siteId: number | undefined }): Promise<RemoteDevice[]> {
    const where =
      'externalId' in by
        ? eq(traps.externalId, by.externalId)
        : and(
            eq(sql`lower(${traps.code})`, by.code.toLowerCase()),
            by.siteId === undefined ? undefined : eq(traps.siteId, by.siteId),
          );
    return this.db
      .select({ id: traps.id, siteId: traps.siteId, code: traps.code, type: traps.type, isActive: traps.isActive })
      .from(traps)
      .where(where)
      .limit(2);
  }

  /**
   * The pest a remote capture is counted as: one per pest group, «Roedores (detección remota)» and so on,
   * inactive so no technician picks it, made the first time a device of the group reports a capture.
   */
  async remotePest(group: PestGroup, name: string): Promise<number> {
    await this.db.execute(
      sql`insert into pests (name, "group", is_active) values (${name}, ${group}, false)
        on conflict ((lower(name))) do nothing`,
    );
    const [row] = await this.db
      .select({ id: pests.id })
      .from(pests)
      .where(eq(sql`lower(${pests.name})`, name.toLowerCase()));
    return row!.id;
  }

  async byEventId(eventId: string): Promise<RemoteEvent | undefined> {
    const [found] = await rows<RemoteEvent>(
      this.db,
      sql`select ${eventColumns} from ${eventFrom} where r.event_id = ${eventId}`,
    );
    return found;
  }

  /**
   * Stores the event once: a second write of its eventId, also a concurrent one (which waits for the first to
   * commit), stores nothing and answers false. The remote finding's thresholds are judged at the commit
   * (trigger findings_thresholds), as a technician's finding is.
   */
  async insert(write: RemoteEventWrite): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(remoteEvents)
        .values({
          eventId: write.eventId,
          trapId: write.device.id,
          siteId: write.device.siteId,
          type: write.type,
          occurredAt: write.occurredAt,
          count: write.count,
          raw: write.raw ?? null,
          byId: write.byId,
        })
        .onConflictDoNothing({ target: remoteEvents.eventId })
        .returning({ id: remoteEvents.id });
      if (!stored) return false;
      if (write.finding) {
        const [finding] = await tx
          .insert(findings)
          .values({
            itemId: null,
            origin: 'REMOTO',
            siteId: write.device.siteId,
            trapId: write.device.id,
            trapType: write.device.type,
            clientFindingId: sql`gen_random_uuid()`,
            technicianId: null,
            recordedAt: write.occurredAt,
            deviceTime: write.occurredAt,
            receivedAt: sql`now()`,
            deviceStatus: 'OK',
            activity: write.finding.activity,
            derivedActivity: write.finding.activity,
          })
          .returning({ id: findings.id });
        if (write.finding.capture) {
          await tx.insert(findingCaptures).values({
            findingId: finding!.id,
            pestId: write.finding.capture.pestId,
            count: write.finding.capture.count,
            recordedAt: write.occurredAt,
          });
        }
        await tx.update(remoteEvents).set({ findingId: finding!.id }).where(eq(remoteEvents.id, stored.id));
      }
      if (write.alertDedupKey) {
        await recordNotificationEvent(tx, { kind: 'device-alert', remoteEventId: stored.id }, write.alertDedupKey);
      }
      return true;
    });
  }

  /** A device's events, newest first, one page. */
  async ofTrap(
    trapId: number,
    window: { pageSize: number; offset: number },
  ): Promise<{ rows: RemoteEvent[]; total: number }> {
    const [found, [counted]] = await Promise.all([
      rows<RemoteEvent>(
        this.db,
        sql`select ${eventColumns} from ${eventFrom} where r.trap_id = ${trapId}
          order by r.occurred_at desc, r.id desc limit ${window.pageSize} offset ${window.offset}`,
      ),
      rows<{ total: number }>(this.db, sql`select count(*)::int as total from remote_events where trap_id = ${trapId}`),
    ]);
    return { rows: found, total: counted!.total };
  }
}
