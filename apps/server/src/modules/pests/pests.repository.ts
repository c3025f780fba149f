import { PEST_GROUPS, type TrapType } from '@rondin/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { findingCaptures, findings, pests, sessionItems, sessions, sites } from '../../db/schema.js';

export type PestRow = typeof pests.$inferSelect;
export type NewPestRow = typeof pests.$inferInsert;
export type PestChanges = Partial<Pick<NewPestRow, 'name' | 'scientificName' | 'group' | 'isActive'>>;

const byName = (name: string) => eq(sql`lower(${pests.name})`, name.toLowerCase());

/** Groups in the order the screens list them (rodents first), then names as a person reads them. */
const groupOrder = sql`array_position(array[${sql.join(
  PEST_GROUPS.map((group) => sql`${group}`),
  sql`, `,
)}]::text[], ${pests.group})`;

/** A band on a saturated board counts as its least, as the trends count it (trend_inspection_source). */
const caught = sql`coalesce(${findingCaptures.count}, case ${findingCaptures.band} when '0' then 0 when '1-10' then 1
  when '11-50' then 11 else 51 end)`;

/** One pest caught at a site in devices of one type, with how many. */
export interface CaughtPest {
  trapType: TrapType;
  pestId: number;
  caught: number;
}

export class PestsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Whether the site exists and, for a technician, holds an order of theirs still open: what lets them see
   * what is caught there.
   */
  async siteVisible(siteId: number, scope: { technicianId?: number | undefined }): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sites.id })
      .from(sites)
      .where(
        and(
          eq(sites.id, siteId),
          scope.technicianId === undefined
            ? undefined
            : sql`exists (select 1 from ${sessions} s where s.site_id = ${sites}.id
                and s.technician_id = ${scope.technicianId} and s.status <> 'COMPLETED')`,
        ),
      );
    return row !== undefined;
  }

  /**
   * The active pests caught at the site since `from`, per device type, from the current version of each
   * item's finding (an older version was corrected away), most caught first, then by name; none caught, none
   * listed. Read through findings_site_recorded_idx.
   */
  caughtAt(siteId: number, from: Date): Promise<CaughtPest[]> {
    const total = sql<number>`sum(${caught})::int`;
    return this.db
      .select({ trapType: findings.trapType, pestId: findingCaptures.pestId, caught: total })
      .from(findings)
      .innerJoin(sessionItems, eq(sessionItems.findingId, findings.id))
      .innerJoin(findingCaptures, eq(findingCaptures.findingId, findings.id))
      .innerJoin(pests, and(eq(pests.id, findingCaptures.pestId), eq(pests.isActive, true)))
      .where(and(eq(findings.siteId, siteId), sql`${findings.recordedAt} >= ${from.toISOString()}`))
      .groupBy(findings.trapType, findingCaptures.pestId, pests.name)
      .having(sql`sum(${caught}) > 0`)
      .orderBy(
        asc(findings.trapType),
        sql`sum(${caught}) desc`,
        asc(sql`lower(${pests.name})`),
        asc(findingCaptures.pestId),
      );
  }

  /** The catalogue (the active entries only, unless `all`), by group then name. */
  list(filter: { all: boolean }): Promise<PestRow[]> {
    return this.db
      .select()
      .from(pests)
      .where(filter.all ? undefined : eq(pests.isActive, true))
      .orderBy(asc(groupOrder), asc(sql`lower(${pests.name})`), asc(pests.id));
  }

  async findById(id: number): Promise<PestRow | undefined> {
    const [row] = await this.db.select().from(pests).where(eq(pests.id, id));
    return row;
  }

  /** Whether another entry has this name, ignoring case. */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: pests.id })
      .from(pests)
      .where(and(byName(name), exceptId ? ne(pests.id, exceptId) : undefined))
      .limit(1);
    return row !== undefined;
  }

  async insert(values: NewPestRow): Promise<PestRow> {
    const [row] = await this.db.insert(pests).values(values).returning();
    return row!;
  }

  async update(id: number, changes: PestChanges): Promise<PestRow | undefined> {
    const [row] = await this.db.update(pests).set(changes).where(eq(pests.id, id)).returning();
    return row;
  }
}
