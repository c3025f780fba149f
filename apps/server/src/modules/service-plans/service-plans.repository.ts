import { and, asc, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import { type Database, withAdvisoryLock } from '../../db/database.js';
import { servicePlans, sessions, sites, technicians, traps } from '../../db/schema.js';

export type ServicePlanRow = typeof servicePlans.$inferSelect;
export type NewServicePlanRow = typeof servicePlans.$inferInsert;
export type ServicePlanChanges = Partial<Omit<NewServicePlanRow, 'id' | 'siteId' | 'createdAt'>>;
/** A plan with what its answers and the generator need besides its own columns. */
export type ServicePlanWithContext = ServicePlanRow & {
  technicianName: string;
  siteTimeZone: string | null;
  siteIsActive: boolean;
  /** The last date the plan has an order for. */
  generatedUntil: string | null;
};

/** Any number works: it only has to be the same in every Rondín process sharing a PostgreSQL database. */
const GENERATOR_LOCK_KEY = 74_201_119;

export class ServicePlansRepository {
  constructor(private readonly db: Database) {}

  list(filter: { siteId?: number | undefined; activeOnly?: boolean } = {}): Promise<ServicePlanWithContext[]> {
    return this.select(
      and(
        filter.siteId !== undefined ? eq(servicePlans.siteId, filter.siteId) : undefined,
        filter.activeOnly ? and(eq(servicePlans.isActive, true), eq(sites.isActive, true)) : undefined,
      ),
    ).orderBy(asc(sql`lower(${servicePlans.name})`), asc(servicePlans.id));
  }

  async findById(id: number): Promise<ServicePlanWithContext | undefined> {
    const [row] = await this.select(eq(servicePlans.id, id));
    return row;
  }

  private select(where: ReturnType<typeof and>) {
    return this.db
      .select({
        id: servicePlans.id,
        siteId: servicePlans.siteId,
        name: servicePlans.name,
        technicianId: servicePlans.technicianId,
        frequency: servicePlans.frequency,
        startDate: servicePlans.startDate,
        time: servicePlans.time,
        horizonDays: servicePlans.horizonDays,
        endDate: servicePlans.endDate,
        areas: servicePlans.areas,
        types: servicePlans.types,
        isActive: servicePlans.isActive,
        createdAt: servicePlans.createdAt,
        technicianName: technicians.fullName,
        siteTimeZone: sites.timeZone,
        siteIsActive: sites.isActive,
        // Through sessions_service_plan_date_key: the last entry of the plan's part of the index.
        generatedUntil: sql<
          string | null
        >`(select max(s.planned_date)::text from ${sessions} s where s.service_plan_id = ${servicePlans}.id)`,
      })
      .from(servicePlans)
      .innerJoin(sites, eq(sites.id, servicePlans.siteId))
      .innerJoin(technicians, eq(technicians.id, servicePlans.technicianId))
      .where(where);
  }

  async siteIsActive(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, id), eq(sites.isActive, true)));
    return row !== undefined;
  }

  async technicianIsActive(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: technicians.id })
      .from(technicians)
      .where(and(eq(technicians.id, id), eq(technicians.isActive, true)));
    return row !== undefined;
  }

  async insert(values: NewServicePlanRow): Promise<number> {
    const [row] = await this.db.insert(servicePlans).values(values).returning({ id: servicePlans.id });
    return row!.id;
  }

  async update(id: number, changes: ServicePlanChanges): Promise<void> {
    await this.db.update(servicePlans).set(changes).where(eq(servicePlans.id, id));
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(servicePlans).where(eq(servicePlans.id, id)).returning({ id: servicePlans.id });
    return rows.length > 0;
  }

  async hasOrders(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ last: max(sessions.id) })
      .from(sessions)
      .where(eq(sessions.servicePlanId, id));
    return row?.last != null;
  }

  /** The areas and types of the site's active devices, each once, in order. */
  async siteOptions(siteId: number): Promise<{ areas: string[]; types: ServicePlanRow['types'] & {} }> {
    const where = and(eq(traps.siteId, siteId), eq(traps.isActive, true));
    const [areas, types] = await Promise.all([
      this.db
        .selectDistinct({ area: traps.area })
        .from(traps)
        .where(and(where, isNotNull(traps.area)))
        .orderBy(asc(traps.area)),
      this.db.selectDistinct({ type: traps.type }).from(traps).where(where).orderBy(asc(traps.type)),
    ]);
    return { areas: areas.map((row) => row.area!), types: types.map((row) => row.type) };
  }

  /** The site's active devices the plan covers, narrowed by its areas and types, in id order. */
  async deviceIds(plan: Pick<ServicePlanRow, 'siteId' | 'areas' | 'types'>): Promise<number[]> {
    const rows = await this.db
      .select({ id: traps.id })
      .from(traps)
      .where(
        and(
          eq(traps.siteId, plan.siteId),
          eq(traps.isActive, true),
          plan.areas ? inArray(traps.area, plan.areas) : undefined,
          plan.types ? inArray(traps.type, plan.types) : undefined,
        ),
      )
      .orderBy(asc(traps.id));
    return rows.map((row) => row.id);
  }

  /** One generator at a time across every process sharing the database; see withAdvisoryLock. */
  asRunner<T>(work: () => Promise<T>): Promise<T> {
    return withAdvisoryLock(this.db, GENERATOR_LOCK_KEY, work);
  }
}
