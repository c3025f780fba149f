import type { Application, ApplicationUnit } from '@rondin/contracts';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.js';
import { applications, pests, products, sessionItems, sessions, sites, technicians, traps } from '../../db/schema.js';
import { dueIn, type ReportPeriod } from '../reports/reports.repository.js';

export type NewApplicationRow = typeof applications.$inferInsert;

/** The order an application is written to, locked for share as findings lock it (a close waits for it). */
export interface ApplicationOrder {
  technicianId: number;
  status: 'PENDING' | 'IN_PROGRESS' | 'COMPLETED';
  siteTimeZone: string | null;
  now: Date;
}

/** A product's quantities applied in one unit (grams and kilograms are not added together). */
export interface ProductTotal {
  productId: number;
  name: string;
  registrationNumber: string;
  activeIngredients: string;
  type: string;
  unit: ApplicationUnit;
  quantity: number;
  applications: number;
  /** The date printed on its safety data sheet; null when none was kept. */
  sdsIssuedOn: string | null;
}

const HOUR_MS = 60 * 60 * 1000;

const applicationColumns = {
  id: applications.id,
  sessionId: applications.sessionId,
  clientApplicationId: applications.clientApplicationId,
  productId: products.id,
  productName: products.name,
  registrationNumber: products.registrationNumber,
  activeIngredients: products.activeIngredients,
  productType: products.type,
  batch: applications.batch,
  quantity: applications.quantity,
  unit: applications.unit,
  area: applications.area,
  trapId: traps.id,
  trapCode: traps.code,
  pestId: pests.id,
  pestName: pests.name,
  method: applications.method,
  dose: applications.dose,
  startedAt: applications.startedAt,
  endedAt: applications.endedAt,
  safetyIntervalHours: applications.safetyIntervalHours,
  applicatorId: technicians.id,
  applicatorName: technicians.fullName,
  licenceNumber: technicians.licenceNumber,
  createdAt: applications.createdAt,
};

const selectApplications = (db: Database) =>
  db
    .select(applicationColumns)
    .from(applications)
    .innerJoin(products, eq(products.id, applications.productId))
    .innerJoin(technicians, eq(technicians.id, applications.applicatorId))
    .leftJoin(traps, eq(traps.id, applications.trapId))
    .leftJoin(pests, eq(pests.id, applications.targetPestId));
type ApplicationSelection = Awaited<ReturnType<typeof selectApplications>>[number];

function toApplication(row: ApplicationSelection): Application {
  return {
    id: row.id,
    sessionId: row.sessionId,
    clientApplicationId: row.clientApplicationId,
    product: {
      id: row.productId,
      name: row.productName,
      registrationNumber: row.registrationNumber,
      activeIngredients: row.activeIngredients,
      type: row.productType,
    },
    batch: row.batch,
    quantity: row.quantity,
    unit: row.unit,
    area: row.area,
    trap: row.trapId !== null && row.trapCode !== null ? { id: row.trapId, code: row.trapCode } : null,
    targetPest: row.pestId !== null && row.pestName !== null ? { id: row.pestId, name: row.pestName } : null,
    method: row.method,
    dose: row.dose,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
    safetyIntervalHours: row.safetyIntervalHours,
    reEntryAt: new Date(row.endedAt.getTime() + row.safetyIntervalHours * HOUR_MS).toISOString(),
    applicator: { id: row.applicatorId, fullName: row.applicatorName, licenceNumber: row.licenceNumber },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Products applied during orders. Besides the writes of the API, it answers what the certificate (one order)
 * and the audit pack (a site over a period) print: each application with its product, and totals per product.
 */
export class ApplicationsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async lockOrder(tx: Transaction, sessionId: number): Promise<ApplicationOrder | undefined> {
    const [row] = await tx
      .select({
        technicianId: sessions.technicianId,
        status: sessions.status,
        siteTimeZone: sites.timeZone,
        now: sql<Date>`clock_timestamp()`.mapWith((value: string | Date) => new Date(value)),
      })
      .from(sessions)
      .innerJoin(sites, eq(sites.id, sessions.siteId))
      .where(eq(sessions.id, sessionId))
      .for('share', { of: sessions });
    return row;
  }

  async orderTechnicianId(sessionId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ technicianId: sessions.technicianId })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row?.technicianId;
  }

  async byClientId(
    clientApplicationId: string,
    tx?: Transaction,
  ): Promise<{ id: number; sessionId: number } | undefined> {
    const [row] = await (tx ?? this.db)
      .select({ id: applications.id, sessionId: applications.sessionId })
      .from(applications)
      .where(eq(applications.clientApplicationId, clientApplicationId));
    return row;
  }

  async product(tx: Transaction, id: number) {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('share');
    return row;
  }

  async applicator(tx: Transaction, id: number) {
    const [row] = await tx
      .select({ id: technicians.id, qualification: technicians.qualification })
      .from(technicians)
      .where(and(eq(technicians.id, id), ne(technicians.role, 'CLIENTE')));
    return row;
  }

  async trapInOrder(tx: Transaction, sessionId: number, trapId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: sessionItems.id })
      .from(sessionItems)
      .where(and(eq(sessionItems.sessionId, sessionId), eq(sessionItems.trapId, trapId)));
    return row !== undefined;
  }

  async activePest(tx: Transaction, id: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: pests.id })
      .from(pests)
      .where(and(eq(pests.id, id), eq(pests.isActive, true)));
    return row !== undefined;
  }

  async insert(tx: Transaction, values: NewApplicationRow): Promise<number> {
    const [row] = await tx.insert(applications).values(values).returning({ id: applications.id });
    return row!.id;
  }

  async delete(tx: Transaction, sessionId: number, clientApplicationId: string): Promise<boolean> {
    const rows = await tx
      .delete(applications)
      .where(and(eq(applications.sessionId, sessionId), eq(applications.clientApplicationId, clientApplicationId)))
      .returning({ id: applications.id });
    return rows.length > 0;
  }

  async byId(id: number): Promise<Application | undefined> {
    const [row] = await selectApplications(this.db).where(eq(applications.id, id));
    return row && toApplication(row);
  }

  /** An order's applications, in the order they were applied. */
  async ofOrder(sessionId: number): Promise<Application[]> {
    const rows = await selectApplications(this.db)
      .where(eq(applications.sessionId, sessionId))
      .orderBy(asc(applications.startedAt), asc(applications.id));
    return rows.map(toApplication);
  }

  /** For the certificate: the order's applications and what was applied of each product, per unit. */
  async orderReport(sessionId: number): Promise<{ applications: Application[]; totals: ProductTotal[] }> {
    const [list, totals] = await Promise.all([
      this.ofOrder(sessionId),
      this.totals(eq(applications.sessionId, sessionId)),
    ]);
    return { applications: list, totals };
  }

  /**
   * For the audit pack: what was applied in a site's orders of a period (placed by the order's date, as the
   * compliance figures place them: reports.repository dueIn), per product and unit, with the product's
   * registration and safety data sheet.
   */
  siteTotals(period: ReportPeriod & { siteId: number }): Promise<ProductTotal[]> {
    return this.totals(
      sql`${applications.sessionId} in (select ${sessions.id} from ${sessions} where ${dueIn(period)})`,
    );
  }

  private async totals(where: SQL): Promise<ProductTotal[]> {
    const rows = await this.db
      .select({
        productId: products.id,
        name: products.name,
        registrationNumber: products.registrationNumber,
        activeIngredients: products.activeIngredients,
        type: products.type,
        unit: applications.unit,
        quantity: sql<number>`sum(${applications.quantity})`.mapWith(Number),
        applications: sql<number>`count(*)`.mapWith(Number),
        sdsIssuedOn: products.sdsIssuedOn,
      })
      .from(applications)
      .innerJoin(products, eq(products.id, applications.productId))
      .where(where)
      .groupBy(products.id, applications.unit)
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id), asc(applications.unit));
    return rows;
  }
}
