import { and, asc, eq, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { correctiveActions, products, sessions, sites, technicians } from '../../db/schema.js';

export interface ExpiringLicence {
  technicianId: number;
  fullName: string;
  licenceNumber: string | null;
  expiresOn: string;
}
export interface ExpiringProduct {
  productId: number;
  name: string;
  registrationNumber: string;
  expiresOn: string;
}

/** What the office's dashboard reminds of; dates and instants come from the service. */
export class RemindersRepository {
  constructor(
    private readonly db: Database,
    private readonly timeZone: string,
  ) {}

  /** Active accounts whose licence's last day is on or before `until`, soonest first. */
  licencesUntil(until: string): Promise<ExpiringLicence[]> {
    return this.db
      .select({
        technicianId: technicians.id,
        fullName: technicians.fullName,
        licenceNumber: technicians.licenceNumber,
        expiresOn: sql<string>`${technicians.licenceExpiresAt}::text`,
      })
      .from(technicians)
      .where(
        and(
          eq(technicians.isActive, true),
          isNotNull(technicians.licenceExpiresAt),
          lte(technicians.licenceExpiresAt, until),
        ),
      )
      .orderBy(asc(technicians.licenceExpiresAt), asc(technicians.fullName));
  }

  /** Active products whose authorisation's last day is on or before `until`, soonest first. */
  productsUntil(until: string): Promise<ExpiringProduct[]> {
    return this.db
      .select({
        productId: products.id,
        name: products.name,
        registrationNumber: products.registrationNumber,
        expiresOn: sql<string>`${products.authorisationExpiresAt}::text`,
      })
      .from(products)
      .where(and(eq(products.isActive, true), lte(products.authorisationExpiresAt, until)))
      .orderBy(asc(products.authorisationExpiresAt), asc(products.name));
  }

  /** Orders not completed whose scheduled time is before `now`: the compliance figures' overdue. */
  async overdueOrders(now: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(ne(sessions.status, 'COMPLETED'), lt(sessions.scheduledAt, now)));
    return row!.count;
  }

  /** Actions not closed whose due date is before `now`'s day in their site's zone (the actions list's overdue). */
  async overdueActions(now: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(correctiveActions)
      .innerJoin(sites, eq(sites.id, correctiveActions.siteId))
      .where(
        and(
          ne(correctiveActions.status, 'CERRADA'),
          sql`${correctiveActions.dueDate} < (${now.toISOString()}::timestamptz at time zone coalesce(${sites.timeZone}, ${this.timeZone}))::date`,
        ),
      );
    return row!.count;
  }

  /** Orders of service plans planned for a day in [from, to], not completed. */
  async planVisitsBetween(from: string, to: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(
        and(
          isNotNull(sessions.servicePlanId),
          ne(sessions.status, 'COMPLETED'),
          sql`${sessions.plannedDate} between ${from}::date and ${to}::date`,
        ),
      );
    return row!.count;
  }
}
