import type { ActivityLevel, PestGroup, RemoteEvent, RemoteEventType, TrapType } from '@rondin/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { pests, traps } from '../../../db/schema.js';

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
   * inactive so no technician picks it, made the first time a device of the group reports a capture (one read
   * after that).
   */
  async remotePest(group: PestGroup, name: string): Promise<number> {
    const find = () =>
      this.db
        .select({ id: pests.id })
        .from(pests)
        .where(eq(sql`lower(${pests.name})`, name.toLowerCase()));
    const [found] = await find();
    if (found) return found.id;
    await this.db.execute(
      sql`insert into pests (name, "group", is_active) values (${name}, ${group}, false)
        on conflict ((lower(name))) do nothing`,
    );
    const [made] = await find();
    return made!.id;
  }

  async byEventId(eventId: string): Promise<RemoteEvent | undefined> {
    const [found] = await rows<RemoteEvent>(
      this.db,
      sql`select ${eventColumns} from ${eventFrom} where r.event_id = ${eventId}`,
    );
    return found;
  }

  /**
   * Stores the event once, in one statement (one round trip, atomic): a second write of its eventId, also a
   * concurrent one (which waits for the first to commit), stores nothing and answers false. A capture or activity
   * writes its remote finding (its id taken from the sequence first, so the event can point at it) and catches;
   * an alert, the bell's event unless its dedup key was recorded. The remote finding's thresholds are judged at
   * the commit (trigger findings_thresholds), as a technician's finding is. Measured: from about twelve round
   * trips in a transaction to one, BENCHMARKS.md "Remote events".
   */
  async insert(write: RemoteEventWrite): Promise<boolean> {
    const { device, finding } = write;
    const [row] = await rows<{ stored: number }>(
      this.db,
      sql`with fid as (
          select case when ${finding !== null}::boolean then nextval(pg_get_serial_sequence('findings', 'id')) end as id
        ), ev as (
          insert into remote_events (event_id, trap_id, site_id, type, occurred_at, count, raw, by_id, finding_id)
          select ${write.eventId}, ${device.id}, ${device.siteId}, ${write.type}, ${write.occurredAt.toISOString()}::timestamptz,
            ${write.count}::integer, ${write.raw === undefined ? null : JSON.stringify(write.raw)}::jsonb, ${write.byId}::integer, fid.id
          from fid
          on conflict (event_id) do nothing
          returning id, finding_id
        ), f as (
          insert into findings (id, item_id, origin, site_id, trap_id, trap_type, client_finding_id, technician_id,
            recorded_at, device_time, received_at, device_status, activity, derived_activity)
          overriding system value
          select ev.finding_id, null, 'REMOTO', ${device.siteId}, ${device.id}, ${device.type}, gen_random_uuid(), null,
            ${write.occurredAt.toISOString()}::timestamptz, ${write.occurredAt.toISOString()}::timestamptz, now(), 'OK',
            ${finding?.activity ?? null}::text, ${finding?.activity ?? null}::text
          from ev where ev.finding_id is not null
          returning id
        ), c as (
          insert into finding_captures (finding_id, pest_id, count, recorded_at)
          select f.id, ${finding?.capture?.pestId ?? null}::integer, ${finding?.capture?.count ?? null}::integer,
            ${write.occurredAt.toISOString()}::timestamptz
          from f where ${finding?.capture?.pestId ?? null}::integer is not null
        ), n as (
          insert into notification_events (kind, payload, dedup_key)
          select 'device-alert', jsonb_build_object('remoteEventId', ev.id), ${write.alertDedupKey}::text
          from ev where ${write.alertDedupKey}::text is not null
          on conflict do nothing
        )
        select count(*)::int as stored from ev`,
    );
    return row!.stored > 0;
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
