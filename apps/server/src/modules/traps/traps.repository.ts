import type { SessionItem, TrapAreaCount, TrapAreasQuery, TrapListFilter, TrapListQuery } from '@rondin/contracts';
import { and, asc, eq, inArray, isNull, like, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database } from '../../db/database.js';
import { sessionItems, sessions, sites, technicians, trapPlacements, traps } from '../../db/schema.js';
import { containsPattern } from '../../lib/search.js';

export type TrapRow = typeof traps.$inferSelect;
export type NewTrapRow = typeof traps.$inferInsert;
export interface TrapHistoryRow {
  sessionId: number;
  sessionStatus: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED';
  scheduledAt: Date | null;
  closedAt: Date | null;
  forceClosed: boolean;
  technicianId: number;
  technicianName: string;
  status: 'PENDING' | 'COMPLETED';
  completedAt: Date | null;
  completedById: number | null;
  completedByName: string | null;
  /** How the visit ended, what was found and its photos, as the order's item carries them. */
  record: Pick<SessionItem, 'outcome' | 'exception' | 'manual' | 'finding' | 'photoIds'>;
}
export type TrapChanges = Partial<
  Pick<NewTrapRow, 'code' | 'area' | 'description' | 'isActive' | 'type' | 'zone' | 'riskLevel' | 'externalId'>
>;

const byCode = (code: string) => eq(sql`lower(${traps.code})`, code.toLowerCase());

/** Codes ignoring case, in byte order: traps_code_c_idx gives this order (and pages through it). */
const codeKey = sql`(lower(${traps.code}) collate "C")`;
// Both sides in lower case, matched from the trigram indexes traps_code_trgm_idx and traps_area_trgm_idx (their
// expressions must be written exactly so: lower(code), lower(area)).
const codeContains = (q: string) => like(sql`lower(${traps.code})`, containsPattern(q));
const areaContains = (q: string) => like(sql`lower(${traps.area})`, containsPattern(q));

/** On a floor plan: a trap has at most one placement, keyed by its id. */
const isPlaced = sql`exists (select 1 from ${trapPlacements} where ${trapPlacements.trapId} = ${traps.id})`;

/** Code or area containing `q` anywhere, ignoring case. */
const contains = (q: string | undefined) => (q ? or(codeContains(q), areaContains(q)) : undefined);

/** The list's filters but its text (site, type, area or none, status, on a plan or not), one condition each. */
const listFilters = (filter: TrapListFilter): (SQL | undefined)[] => [
  filter.siteId !== undefined ? eq(traps.siteId, filter.siteId) : undefined,
  filter.type ? eq(traps.type, filter.type) : undefined,
  filter.area ? eq(traps.area, filter.area) : undefined,
  filter.noArea ? isNull(traps.area) : undefined,
  filter.active ? eq(traps.isActive, filter.active === 'true') : undefined,
  filter.placed ? (filter.placed === 'true' ? isPlaced : not(isPlaced)) : undefined,
];

/** Every trap the list's filters match, text included: the list's pages, and the labels of a filtered list. */
const listMatches = (filter: TrapListFilter) => and(contains(filter.q), ...listFilters(filter));

export class TrapsRepository {
  constructor(private readonly db: Database) {}

  list(): Promise<TrapRow[]> {
    return this.db.select().from(traps).orderBy(asc(traps.code), asc(traps.id));
  }

  /**
   * One page of the inventory, filtered (code or area containing `q`; area or none; site; type; status; on a
   * plan or not), in code order or by area (traps without one last) then code.
   */
  async page(
    filter: TrapListQuery,
    window: { pageSize: number; offset: number },
  ): Promise<{ rows: TrapRow[]; total: number }> {
    const filters = listFilters(filter);
    // Codes are unique ignoring case within a site, not across sites: the id breaks ties between sites.
    const order =
      filter.sort === 'area' ? [asc(traps.area), asc(codeKey), asc(traps.id)] : [asc(codeKey), asc(traps.id)];
    const where = listMatches(filter);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(traps)
        .where(filter.q ? inArray(traps.id, this.searchCandidates(filter.q, filters, order, window)) : where)
        .orderBy(...order)
        .limit(window.pageSize)
        .offset(window.offset),
      this.countMatches(where, filter.q),
    ]);
    return { rows, total: counted!.total };
  }

  /** How many traps the list's filters match, across all its pages. */
  countListMatches(filter: TrapListFilter): Promise<number> {
    return this.countMatches(listMatches(filter), filter.q).then(([counted]) => counted!.total);
  }

  /**
   * How many traps match. A text of three characters or more is counted from the trigram indexes: the planner
   * prices lower() and LIKE as one cheap operator each and picks a sequential scan for a common text, which
   * then folds and matches every code and area of the plant ("TRP-4" at 50,000 traps on PGlite: 31 ms against
   * 6.7 ms from the indexes). Shorter texts have no trigram and are left to the planner.
   */
  private countMatches(where: SQL | undefined, q: string | undefined) {
    const count = (db: Pick<Database, 'select'>) =>
      db.select({ total: sql<number>`count(*)::int` }).from(traps).where(where);
    if (!q || q.length < 3) return count(this.db);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return count(tx);
    });
  }

  /**
   * The traps that can be on a searched page: those up to its end among the code matches, and among the area
   * matches, each branch planned on its own: a common text walks the code order until the page is full, a
   * rare one reads its few matches from the trigram index and sorts them. One query with "code or area" gave
   * the planner a single choice for both, and it walked the whole code order for matches that sat late in it.
   */
  private searchCandidates(
    q: string,
    filters: (SQL | undefined)[],
    order: SQL[],
    window: { pageSize: number; offset: number },
  ) {
    const branch = (match: SQL) =>
      this.db
        .select({ id: traps.id })
        .from(traps)
        .where(and(match, ...filters))
        .orderBy(...order)
        .limit(window.offset + window.pageSize);
    return union(branch(codeContains(q)), branch(areaContains(q)));
  }

  /** Every area in use with its trap counts, in area order (traps without one last). */
  areas({ q, siteId }: TrapAreasQuery): Promise<TrapAreaCount[]> {
    return this.db
      .select({
        area: traps.area,
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${traps.isActive}))::int`,
      })
      .from(traps)
      .where(and(contains(q), siteId !== undefined ? eq(traps.siteId, siteId) : undefined))
      .groupBy(traps.area)
      .orderBy(asc(traps.area));
  }

  /** Every area name in use, for the variant rule (a plant has tens or hundreds, not thousands). */
  /** The areas in use at a site. */
  async areaNames(siteId: number): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ area: traps.area })
      .from(traps)
      .where(and(eq(traps.siteId, siteId), sql`${traps.area} is not null`));
    return rows.map((row) => row.area!);
  }

  /** Which of these codes (lower case) some trap of the site already has, ignoring case. */
  async takenCodes(lowerCodes: string[], siteId: number): Promise<Set<string>> {
    const taken = new Set<string>();
    for (let start = 0; start < lowerCodes.length; start += 5000) {
      const rows = await this.db
        .select({ code: sql<string>`lower(${traps.code})` })
        .from(traps)
        .where(
          and(eq(traps.siteId, siteId), inArray(sql`lower(${traps.code})`, lowerCodes.slice(start, start + 5000))),
        );
      for (const row of rows) taken.add(row.code);
    }
    return taken;
  }

  /** Inserts every row in one transaction: all of them or, on any failure, none. */
  async insertAll(actor: Actor, rows: NewTrapRow[]): Promise<number> {
    return auditedTransaction(this.db, actor, async (tx) => {
      // 1,000 rows of 5 values a statement stays far below PostgreSQL's 65,535 parameters.
      for (let start = 0; start < rows.length; start += 1000) {
        await tx.insert(traps).values(rows.slice(start, start + 1000));
      }
      return rows.length;
    });
  }

  /** The orders a trap was in, newest first (by inspection, else schedule, else creation), one page. */
  async history(
    trapId: number,
    window: { pageSize: number; offset: number },
  ): Promise<{ rows: TrapHistoryRow[]; total: number }> {
    const inspector = alias(technicians, 'inspector');
    const when = sql`coalesce(${sessionItems.completedAt}, ${sessions.scheduledAt}, ${sessions.createdAt})`;
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({
          sessionId: sessions.id,
          sessionStatus: sessions.status,
          scheduledAt: sessions.scheduledAt,
          closedAt: sessions.closedAt,
          forceClosed: sessions.forceClosed,
          technicianId: technicians.id,
          technicianName: technicians.fullName,
          status: sessionItems.status,
          completedAt: sessionItems.completedAt,
          completedById: inspector.id,
          completedByName: inspector.fullName,
          // The item as an order answers it (modules/orders/sql/rondin_item_json.sql): one shape in both places.
          record: sql<TrapHistoryRow['record']>`(select json_build_object('outcome', x.item->'outcome',
            'exception', x.item->'exception', 'manual', x.item->'manual', 'finding', x.item->'finding',
            'photoIds', x.item->'photoIds')
            from rondin_item_json x where x.id = ${sessionItems.id})`,
        })
        .from(sessionItems)
        .innerJoin(sessions, eq(sessions.id, sessionItems.sessionId))
        .innerJoin(technicians, eq(technicians.id, sessions.technicianId))
        .leftJoin(inspector, eq(inspector.id, sessionItems.completedById))
        .where(eq(sessionItems.trapId, trapId))
        .orderBy(sql`${when} desc`, sql`${sessions.id} desc`)
        .limit(window.pageSize)
        .offset(window.offset),
      this.db.select({ total: sql<number>`count(*)::int` }).from(sessionItems).where(eq(sessionItems.trapId, trapId)),
    ]);
    return { rows, total: counted!.total };
  }

  async findById(id: number): Promise<TrapRow | undefined> {
    const [row] = await this.db.select().from(traps).where(eq(traps.id, id));
    return row;
  }

  async findByQrSlug(qrSlug: string): Promise<TrapRow | undefined> {
    const [row] = await this.db.select().from(traps).where(eq(traps.qrSlug, qrSlug));
    return row;
  }

  /** Whether another trap of the site has this code, ignoring case. */
  async codeTaken(code: string, siteId: number, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: traps.id })
      .from(traps)
      .where(and(eq(traps.siteId, siteId), byCode(code), exceptId ? ne(traps.id, exceptId) : undefined))
      .limit(1);
    return row !== undefined;
  }

  /** Every site, for an import's «sitio» cells and an export's site names. */
  sites(): Promise<{ id: number; name: string; isActive: boolean }[]> {
    return this.db
      .select({ id: sites.id, name: sites.name, isActive: sites.isActive })
      .from(sites)
      .orderBy(asc(sites.id));
  }

  /** The active sites' ids, for a trap written without one: with a single active site, that one. */
  async activeSiteIds(): Promise<number[]> {
    const rows = await this.db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.isActive, true))
      .orderBy(asc(sites.id));
    return rows.map((row) => row.id);
  }

  async siteIsActive(siteId: number): Promise<boolean | undefined> {
    const [row] = await this.db.select({ isActive: sites.isActive }).from(sites).where(eq(sites.id, siteId));
    return row?.isActive;
  }

  async countExisting(ids: number[]): Promise<number> {
    const [row] = await this.db.select({ value: sql<number>`count(*)::int` }).from(traps).where(inArray(traps.id, ids));
    return row?.value ?? 0;
  }

  async insert(actor: Actor, values: NewTrapRow): Promise<TrapRow> {
    const [row] = await auditedTransaction(this.db, actor, (tx) => tx.insert(traps).values(values).returning());
    return row!;
  }

  async update(actor: Actor, id: number, changes: TrapChanges): Promise<TrapRow | undefined> {
    const [row] = await auditedTransaction(this.db, actor, (tx) =>
      tx.update(traps).set(changes).where(eq(traps.id, id)).returning(),
    );
    return row;
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await auditedTransaction(this.db, actor, (tx) => tx.delete(traps).where(eq(traps.id, id)));
  }

  async isInAnyOrder(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessionItems.id })
      .from(sessionItems)
      .where(eq(sessionItems.trapId, id))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Traps in code order, a batch at a time (keyset pagination), for documents covering a whole plant: the
   * given ones, every one (`all`), those the list's filters match (`list`), or else the active ones; of one
   * site only with `siteId`.
   */
  async *inBatches(
    filter: { ids?: number[] | undefined; all?: boolean; list?: TrapListFilter; siteId?: number | undefined },
    batchSize = 500,
  ): AsyncGenerator<TrapRow[]> {
    const scope: SQL | undefined = filter.ids
      ? inArray(traps.id, filter.ids)
      : filter.list
        ? listMatches(filter.list)
        : filter.all
          ? undefined
          : eq(traps.isActive, true);
    let after: { code: string; id: number } | undefined;
    for (;;) {
      const rows = await this.db
        .select()
        .from(traps)
        .where(
          and(
            scope,
            filter.siteId !== undefined ? eq(traps.siteId, filter.siteId) : undefined,
            after ? sql`(${traps.code}, ${traps.id}) > (${after.code}, ${after.id})` : undefined,
          ),
        )
        .orderBy(asc(traps.code), asc(traps.id))
        .limit(batchSize);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      after = { code: last.code, id: last.id };
    }
  }
}
