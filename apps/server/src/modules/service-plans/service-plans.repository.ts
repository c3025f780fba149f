import { and, asc, eq, inArray, isNotNull, max, ne, sql } from 'drizzle-orm';
import { type Database, type Transaction, withAdvisoryLock } from '../../db/database.js';
import { servicePlans, servicePlanTechnicians, sessions, sites, technicians, traps } from '../../db/schema.js';

export type ServicePlanRow = typeof servicePlans.$inferSelect;
export type NewServicePlanRow = typeof servicePlans.$inferInsert;
export type ServicePlanChanges = Partial<Omit<NewServicePlanRow, 'id' | 'siteId' | 'createdAt'>>;
/** A technician of a plan, in the plan's order. */
export interface PlanTechnicianRow {
  id: number;
  fullName: string;
  isActive: boolean;
  /** BY_AREA: the areas this technician visits; ROTATING: null. */
  areas: string[] | null;
}
/** What a plan's technicians are written as: in order, each with its areas in a BY_AREA plan. */
export type PlanTechnicianValues = { technicianId: number; areas: string[] | null }[];
/** A plan with what its answers and the generator need besides its own columns. */
export type ServicePlanWithContext = ServicePlanRow & {
  technicians: PlanTechnicianRow[];
  siteTimeZone: string | null;
  siteIsActive: boolean;
  /** The last date the plan has an order for. */
  generatedUntil: string | null;
};

/** Any number works: it only has to be the same in every Rondín process sharing a PostgreSQL database. */
const GENERATOR_LOCK_KEY = 74_201_119;

export class ServicePlansRepository {
  constructor(private readonly db: Database) {}

  async list(filter: { siteId?: number | undefined; activeOnly?: boolean } = {}): Promise<ServicePlanWithContext[]> {
    const rows = await this.select(
      and(
        filter.siteId !== undefined ? eq(servicePlans.siteId, filter.siteId) : undefined,
        filter.activeOnly ? and(eq(servicePlans.isActive, true), eq(sites.isActive, true)) : undefined,
      ),
    ).orderBy(asc(sql`lower(${servicePlans.name})`), asc(servicePlans.id));
    return this.withTechnicians(rows);
  }

  async findById(id: number): Promise<ServicePlanWithContext | undefined> {
    const [row] = await this.withTechnicians(await this.select(eq(servicePlans.id, id)));
    return row;
  }

  /**
   * The plans' technicians, read for all of them in one query. A plan with no row in service_plan_technicians
   * (written by a process of the release before several technicians, while the processes restart one at a time)
   * has its technician_id alone.
   */
  private async withTechnicians<T extends { id: number }>(
    plans: T[],
  ): Promise<(T & { technicians: PlanTechnicianRow[] })[]> {
    if (plans.length === 0) return [];
    const technicianId = sql`coalesce(${servicePlanTechnicians.technicianId}, ${servicePlans.technicianId})`;
    const rows = await this.db
      .select({
        planId: servicePlans.id,
        id: technicians.id,
        fullName: technicians.fullName,
        isActive: technicians.isActive,
        areas: servicePlanTechnicians.areas,
      })
      .from(servicePlans)
      .leftJoin(servicePlanTechnicians, eq(servicePlanTechnicians.servicePlanId, servicePlans.id))
      .innerJoin(technicians, eq(technicians.id, technicianId))
      .where(
        inArray(
          servicePlans.id,
          plans.map((plan) => plan.id),
        ),
      )
      .orderBy(asc(servicePlans.id), asc(servicePlanTechnicians.position));
    const byPlan = new Map<number, PlanTechnicianRow[]>();
    for (const { planId, ...technician } of rows) {
      const list = byPlan.get(planId) ?? [];
      list.push(technician);
      byPlan.set(planId, list);
    }
    return plans.map((plan) => ({ ...plan, technicians: byPlan.get(plan.id) ?? [] }));
  }

  private select(where: ReturnType<typeof and>) {
    return this.db
      .select({
        id: servicePlans.id,
        siteId: servicePlans.siteId,
        name: servicePlans.name,
        technicianId: servicePlans.technicianId,
        assignment: servicePlans.assignment,
        frequency: servicePlans.frequency,
        startDate: servicePlans.startDate,
        time: servicePlans.time,
        horizonDays: servicePlans.horizonDays,
        endDate: servicePlans.endDate,
        areas: servicePlans.areas,
        types: servicePlans.types,
        isActive: servicePlans.isActive,
        createdAt: servicePlans.createdAt,
        siteTimeZone: sites.timeZone,
        siteIsActive: sites.isActive,
        // Through sessions_service_plan_date_key: the last entry of the plan's part of the index.
        generatedUntil: sql<
          string | null
        >`(select max(s.planned_date)::text from ${sessions} s where s.service_plan_id = ${servicePlans}.id)`,
      })
      .from(servicePlans)
      .innerJoin(sites, eq(sites.id, servicePlans.siteId))
      .where(where);
  }

  async siteIsActive(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, id), eq(sites.isActive, true)));
    return row !== undefined;
  }

  /** The given accounts that exist, with their names and whether they are active. */
  technicians(ids: number[]): Promise<{ id: number; fullName: string; isActive: boolean }[]> {
    return (
      this.db
        .select({ id: technicians.id, fullName: technicians.fullName, isActive: technicians.isActive })
        .from(technicians)
        // A client's portal account is no technician: as if it did not exist.
        .where(and(inArray(technicians.id, ids), ne(technicians.role, 'CLIENTE')))
    );
  }

  /** The plan and its technicians in one transaction; the plan's technician_id is the first of them. */
  async insert(
    values: Omit<NewServicePlanRow, 'technicianId'>,
    planTechnicians: PlanTechnicianValues,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(servicePlans)
        .values({ ...values, technicianId: planTechnicians[0]!.technicianId })
        .returning({ id: servicePlans.id });
      await this.writeTechnicians(tx, row!.id, planTechnicians);
      return row!.id;
    });
  }

  /** The plan's changes, and its technicians replaced when given, in one transaction. */
  async update(
    id: number,
    changes: Omit<ServicePlanChanges, 'technicianId'>,
    planTechnicians?: PlanTechnicianValues,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const set = planTechnicians ? { ...changes, technicianId: planTechnicians[0]!.technicianId } : changes;
      if (Object.keys(set).length > 0) await tx.update(servicePlans).set(set).where(eq(servicePlans.id, id));
      if (planTechnicians) {
        await tx.delete(servicePlanTechnicians).where(eq(servicePlanTechnicians.servicePlanId, id));
        await this.writeTechnicians(tx, id, planTechnicians);
      }
    });
  }

  private async writeTechnicians(tx: Transaction, id: number, planTechnicians: PlanTechnicianValues): Promise<void> {
    await tx.insert(servicePlanTechnicians).values(
      planTechnicians.map((technician, position) => ({
        servicePlanId: id,
        position,
        technicianId: technician.technicianId,
        areas: technician.areas,
      })),
    );
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
