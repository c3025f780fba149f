import type {
  OrderSighting,
  PestGroup,
  Sighting,
  SightingLink,
  SightingSource,
  SightingStatus,
} from '@rondin/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';

type Executor = Database | Transaction;

async function rows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A sighting as the API answers it; its state is its action's. */
const sightingJson = sql`json_build_object(
    'id', g.id,
    'site', json_build_object('id', s.id, 'name', s.name),
    'area', g.area,
    'device', case when t.id is null then null else json_build_object('id', t.id, 'code', t.code) end,
    'pestGroup', g.pest_group,
    'pest', case when p.id is null then null else json_build_object('id', p.id, 'name', p.name) end,
    'description', g.description,
    'seenAt', ${iso(sql`g.seen_at`)},
    'reporter', json_build_object('accountId', g.reporter_id, 'name', g.reporter_name),
    'source', g.source,
    'status', case when a.status = 'CERRADA' then 'ATENDIDO' else 'ABIERTO' end,
    'action', json_build_object('id', a.id, 'status', a.status, 'dueDate', to_char(a.due_date, 'YYYY-MM-DD'),
      'closedAt', ${iso(sql`a.closed_at`)}, 'closedBy', c.full_name),
    'photos', coalesce((select json_agg(json_build_object('id', sp.id, 'mediaType', f.media_type, 'size', f.size::int)
        order by sp.id)
      from sighting_photos sp join files f on f.id = sp.file_id where sp.sighting_id = g.id), '[]'::json),
    'createdAt', ${iso(sql`g.created_at`)}
  )`;

const sightingFrom = sql`sightings g
  join sites s on s.id = g.site_id
  join corrective_actions a on a.id = g.action_id
  left join traps t on t.id = g.trap_id
  left join pests p on p.id = g.pest_id
  left join technicians c on c.id = a.closed_by_id`;

const statusFilter = (status: SightingStatus | undefined) =>
  status === undefined ? sql`true` : status === 'ABIERTO' ? sql`a.status <> 'CERRADA'` : sql`a.status = 'CERRADA'`;

/** A sighting to store, with the corrective action it opens. */
export interface NewSighting {
  siteId: number;
  area: string;
  trapId: number | null;
  pestGroup: PestGroup | null;
  pestId: number | null;
  description: string;
  seenAt: string;
  reporterId: number | null;
  reporterName: string;
  source: SightingSource;
  addressHash: string | null;
  action: { description: string; dueDays: number; timeZone: string };
}

/** What the service checks a sighting's site and fields against. */
export interface SightingSite {
  id: number;
  name: string;
  timeZone: string | null;
  areas: string[];
}

/** Sightings, their photos and the sites' links: the queries only; the service decides. */
export class SightingsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }

  /** The site with the areas of its active devices (what a sighting may name), or undefined. */
  async site(id: number, executor: Executor = this.db): Promise<SightingSite | undefined> {
    const [row] = await rows<SightingSite>(
      executor,
      sql`select s.id, s.name, s.time_zone as "timeZone",
          coalesce((select array_agg(distinct x.area order by x.area) from traps x
            where x.site_id = s.id and x.is_active and x.area is not null and btrim(x.area) <> ''), '{}') as areas
        from sites s where s.id = ${id}`,
    );
    return row;
  }

  async accountName(id: number): Promise<string> {
    const [row] = await rows<{ fullName: string }>(
      this.db,
      sql`select full_name as "fullName" from technicians where id = ${id}`,
    );
    return row?.fullName ?? '';
  }

  async trapOfSite(trapId: number, siteId: number): Promise<boolean> {
    return (await rows(this.db, sql`select 1 from traps where id = ${trapId} and site_id = ${siteId}`)).length > 0;
  }

  async activePest(id: number): Promise<{ group: PestGroup } | undefined> {
    const [row] = await rows<{ group: PestGroup }>(
      this.db,
      sql`select "group" from pests where id = ${id} and is_active`,
    );
    return row;
  }

  /**
   * Takes the address's turn: an advisory lock for the rest of the transaction (so two sightings from one
   * address at once are counted one after the other, in any process), then how many it sent in the last hour.
   */
  async sentWithinHour(tx: Transaction, addressHash: string): Promise<number> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sighting:${addressHash}`}))`);
    const [row] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from sightings
        where address_hash = ${addressHash} and created_at > now() - interval '1 hour'`,
    );
    return row!.n;
  }

  /** The sighting and its corrective action (origin AVISTAMIENTO, responsible EMPRESA), in the caller's transaction. */
  async insert(tx: Transaction, values: NewSighting): Promise<{ id: number; actionId: number }> {
    const { action } = values;
    const [created] = await rows<{ id: number }>(
      tx,
      sql`insert into corrective_actions (site_id, trap_id, area, origin, detected_at, detected_by_id, severity,
          description, responsible, due_date, status)
        values (${values.siteId}, ${values.trapId}, ${values.area}, 'AVISTAMIENTO', ${values.seenAt}::timestamptz,
          ${values.reporterId}, 'ALTA', ${action.description}, 'EMPRESA',
          (now() at time zone ${action.timeZone})::date + ${action.dueDays}::int, 'ABIERTA')
        returning id`,
    );
    const actionId = created!.id;
    await tx.execute(
      sql`insert into corrective_action_events (action_id, from_status, to_status, note, by_id)
        values (${actionId}, null, 'ABIERTA', 'Abierta por un avistamiento del cliente.', ${values.reporterId})`,
    );
    const [sighting] = await rows<{ id: number }>(
      tx,
      sql`insert into sightings (site_id, area, trap_id, pest_group, pest_id, description, seen_at, reporter_id,
          reporter_name, source, action_id, address_hash)
        values (${values.siteId}, ${values.area}, ${values.trapId}, ${values.pestGroup}, ${values.pestId},
          ${values.description}, ${values.seenAt}::timestamptz, ${values.reporterId}, ${values.reporterName},
          ${values.source}, ${actionId}, ${values.addressHash})
        returning id`,
    );
    return { id: sighting!.id, actionId };
  }

  async insertPhoto(
    tx: Transaction,
    values: { sightingId: number; fileId: number; thumbnailFileId: number | null },
  ): Promise<void> {
    await tx.execute(
      sql`insert into sighting_photos (sighting_id, file_id, thumbnail_file_id)
        values (${values.sightingId}, ${values.fileId}, ${values.thumbnailFileId})`,
    );
  }

  async get(id: number, siteId?: number): Promise<Sighting | undefined> {
    const [row] = await rows<{ sighting: Sighting }>(
      this.db,
      sql`select ${sightingJson} as sighting from ${sightingFrom}
        where g.id = ${id} and ${siteId === undefined ? sql`true` : sql`g.site_id = ${siteId}`}`,
    );
    return row?.sighting;
  }

  /** Newest seen first; `openCount` counts the open ones the same site filter keeps. */
  async list(filter: { siteId?: number; status?: SightingStatus; limit: number }): Promise<{
    items: Sighting[];
    openCount: number;
  }> {
    const site = filter.siteId === undefined ? sql`true` : sql`g.site_id = ${filter.siteId}`;
    const items = await rows<{ sighting: Sighting }>(
      this.db,
      sql`select ${sightingJson} as sighting from ${sightingFrom}
        where ${site} and ${statusFilter(filter.status)}
        order by g.seen_at desc, g.id desc limit ${filter.limit}`,
    );
    const [count] = await rows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from sightings g join corrective_actions a on a.id = g.action_id
        where ${site} and a.status <> 'CERRADA'`,
    );
    return { items: items.map((row) => row.sighting), openCount: count!.n };
  }

  /** Open sightings (their action not closed) of each of these sites: the portal's overview. */
  async openCounts(siteIds: readonly number[]): Promise<Map<number, number>> {
    if (siteIds.length === 0) return new Map();
    const found = await rows<{ siteId: number; n: number }>(
      this.db,
      sql`select g.site_id as "siteId", count(*)::int as n
        from sightings g join corrective_actions a on a.id = g.action_id
        where g.site_id in (${sql.join(
          siteIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and a.status <> 'CERRADA'
        group by g.site_id`,
    );
    return new Map(found.map((row) => [row.siteId, row.n]));
  }

  /** A site's open sightings, newest seen first, as the technician's order shows them. */
  async openOfSite(siteId: number): Promise<OrderSighting[]> {
    return rows<OrderSighting>(
      this.db,
      sql`select g.id, g.area, g.description, ${iso(sql`g.seen_at`)} as "seenAt", g.pest_group as "pestGroup",
          g.reporter_name as "reporterName", g.action_id as "actionId"
        from sightings g join corrective_actions a on a.id = g.action_id
        where g.site_id = ${siteId} and a.status <> 'CERRADA'
        order by g.seen_at desc, g.id desc`,
    );
  }

  async photoFiles(
    sightingId: number,
    photoId: number,
  ): Promise<{ siteId: number; fileId: number; thumbnailFileId: number | null } | undefined> {
    const [row] = await rows<{ siteId: number; fileId: number; thumbnailFileId: number | null }>(
      this.db,
      sql`select g.site_id as "siteId", p.file_id as "fileId", p.thumbnail_file_id as "thumbnailFileId"
        from sighting_photos p join sightings g on g.id = p.sighting_id
        where p.id = ${photoId} and p.sighting_id = ${sightingId}`,
    );
    return row;
  }

  async link(siteId: number): Promise<Omit<SightingLink, 'url'> | undefined> {
    const [row] = await rows<Omit<SightingLink, 'url'>>(
      this.db,
      sql`select site_id as "siteId", token, ${iso(sql`created_at`)} as "createdAt"
        from sighting_links where site_id = ${siteId}`,
    );
    return row;
  }

  /** The site's link with this token, replacing the one it had (which stops working), or the first one. */
  async setLink(siteId: number, token: string, byId: number): Promise<void> {
    await auditedTransaction(this.db, { id: byId }, (tx) =>
      tx.execute(
        sql`insert into sighting_links (site_id, token, created_by_id) values (${siteId}, ${token}, ${byId})
          on conflict (site_id) do update set token = excluded.token, created_by_id = excluded.created_by_id,
            created_at = now()`,
      ),
    );
  }

  /** Only when the site has none yet: two first reads at once keep one token. */
  async createLinkIfMissing(siteId: number, token: string, byId: number): Promise<void> {
    await this.db.execute(
      sql`insert into sighting_links (site_id, token, created_by_id) values (${siteId}, ${token}, ${byId})
        on conflict (site_id) do nothing`,
    );
  }

  /** The site a token opens (an active site), or undefined: unknown, rotated away, or the site deactivated. */
  async siteOfToken(token: string): Promise<number | undefined> {
    const [row] = await rows<{ siteId: number }>(
      this.db,
      sql`select l.site_id as "siteId" from sighting_links l join sites s on s.id = l.site_id
        where l.token = ${token} and s.is_active`,
    );
    return row?.siteId;
  }
}
