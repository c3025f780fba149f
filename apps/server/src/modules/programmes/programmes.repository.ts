import type { TrapType } from '@rondin/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import { type Database, queryRows, type Transaction } from '../../db/database.js';
import { contacts, controlProgrammes, products, sessions, sites, technicians, traps } from '../../db/schema.js';

export type ProgrammeRow = typeof controlProgrammes.$inferSelect;
export type NewProgrammeRow = typeof controlProgrammes.$inferInsert;
type Executor = Database | Transaction;

export interface ProgrammeSite {
  id: number;
  name: string;
  clientId: number;
  timeZone: string | null;
}

/** A device of the site as coverage reads it: its type and area today, and when it was in service. */
export interface CoverageDevice {
  trapId: number;
  code: string;
  area: string | null;
  type: TrapType;
  createdAt: Date;
  isActive: boolean;
  /** Its changes of isActive in the change log, oldest first. */
  changes: { at: Date; isActive: boolean }[];
}

/** One inspection of a device (QR read or printed code typed; an exception is not one). */
export interface CoverageInspection {
  trapId: number;
  sessionId: number;
  completedAt: Date;
}

/** Sites a technician with an order there may read. */
const hasOrdersOf = (technicianId: number) =>
  sql`exists (select 1 from ${sessions} s where s.site_id = ${sites.id} and s.technician_id = ${technicianId})`;

export class ProgrammesRepository {
  constructor(private readonly db: Database) {}

  /** A transaction whose changes the change log records as the actor's. */
  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }

  /** The site, when it exists and (with a technician) that technician has an order there. */
  async site(id: number, technicianId?: number): Promise<ProgrammeSite | undefined> {
    const [row] = await this.db
      .select({ id: sites.id, name: sites.name, clientId: sites.clientId, timeZone: sites.timeZone })
      .from(sites)
      .where(and(eq(sites.id, id), technicianId !== undefined ? hasOrdersOf(technicianId) : undefined));
    return row;
  }

  /** Locks the site's row until the commit: two saves of its programme number their versions one after the other. */
  async lockSite(tx: Transaction, id: number): Promise<ProgrammeSite | undefined> {
    const [row] = await tx
      .select({ id: sites.id, name: sites.name, clientId: sites.clientId, timeZone: sites.timeZone })
      .from(sites)
      .where(eq(sites.id, id))
      .for('update');
    return row;
  }

  /** Every version of the site's programme, newest first. */
  versions(siteId: number, tx: Executor = this.db): Promise<ProgrammeRow[]> {
    return tx
      .select()
      .from(controlProgrammes)
      .where(eq(controlProgrammes.siteId, siteId))
      .orderBy(desc(controlProgrammes.version));
  }

  /** The approved versions, oldest first: what decides the one in force on a day. */
  approvedVersions(siteId: number): Promise<ProgrammeRow[]> {
    return this.db
      .select()
      .from(controlProgrammes)
      .where(and(eq(controlProgrammes.siteId, siteId), isNotNull(controlProgrammes.approvedAt)))
      .orderBy(asc(controlProgrammes.version));
  }

  async latest(tx: Executor, siteId: number): Promise<ProgrammeRow | undefined> {
    const [row] = await tx
      .select()
      .from(controlProgrammes)
      .where(eq(controlProgrammes.siteId, siteId))
      .orderBy(desc(controlProgrammes.version))
      .limit(1);
    return row;
  }

  /** The version, locked until the commit. */
  async lockVersion(tx: Transaction, siteId: number, version: number): Promise<ProgrammeRow | undefined> {
    const [row] = await tx
      .select()
      .from(controlProgrammes)
      .where(and(eq(controlProgrammes.siteId, siteId), eq(controlProgrammes.version, version)))
      .for('update');
    return row;
  }

  async insert(tx: Transaction, values: NewProgrammeRow): Promise<ProgrammeRow> {
    const [row] = await tx.insert(controlProgrammes).values(values).returning();
    return row!;
  }

  /** Sets the approval once: nothing when the version was already approved. */
  async approve(tx: Transaction, id: number, by: { id: number; fullName: string }): Promise<void> {
    await tx
      .update(controlProgrammes)
      .set({ approvedAt: sql`now()`, approvedById: by.id, approvedByName: by.fullName })
      .where(and(eq(controlProgrammes.id, id), isNull(controlProgrammes.approvedAt)));
  }

  /** Sets the acceptance once, on an approved version. */
  async accept(
    tx: Transaction,
    id: number,
    acceptance: { date: string; name: string; role: string | null; contactId: number | null },
    by: { id: number; fullName: string },
  ): Promise<void> {
    await tx
      .update(controlProgrammes)
      .set({
        acceptedOn: acceptance.date,
        acceptedByName: acceptance.name,
        acceptedByRole: acceptance.role,
        acceptedContactId: acceptance.contactId,
        acceptanceRecordedAt: sql`now()`,
        acceptanceRecordedById: by.id,
        acceptanceRecordedByName: by.fullName,
      })
      .where(
        and(
          eq(controlProgrammes.id, id),
          isNull(controlProgrammes.acceptedOn),
          isNotNull(controlProgrammes.approvedAt),
        ),
      );
  }

  /** The areas of the site's active devices. */
  async siteAreas(tx: Executor, siteId: number): Promise<Set<string>> {
    const rows = await tx
      .selectDistinct({ area: traps.area })
      .from(traps)
      .where(and(eq(traps.siteId, siteId), eq(traps.isActive, true), isNotNull(traps.area)));
    return new Set(rows.map((row) => row.area!));
  }

  /** The products among `ids`, active or not, with their names as they are now. */
  productsById(ids: readonly number[], tx: Executor = this.db) {
    if (ids.length === 0) return Promise.resolve([]);
    return tx
      .select({ id: products.id, name: products.name, isActive: products.isActive })
      .from(products)
      .where(inArray(products.id, [...ids]));
  }

  async account(id: number): Promise<{ fullName: string; qualification: string | null } | undefined> {
    const [row] = await this.db
      .select({ fullName: technicians.fullName, qualification: technicians.qualification })
      .from(technicians)
      .where(eq(technicians.id, id));
    return row;
  }

  /** The contact, when it is of the client and attends the site (its siteIds empty, or naming it). */
  async contactOfSite(tx: Executor, contactId: number, site: ProgrammeSite) {
    const [row] = await tx
      .select({ id: contacts.id, name: contacts.name, role: contacts.role })
      .from(contacts)
      .where(
        and(
          eq(contacts.id, contactId),
          eq(contacts.clientId, site.clientId),
          sql`(cardinality(${contacts.siteIds}) = 0 or ${site.id} = any(${contacts.siteIds}))`,
        ),
      );
    return row;
  }

  /**
   * The site's devices registered before `to`, with their changes of isActive (the change log, as the device
   * coverage report reads them), in code order.
   */
  async coverageDevices(siteId: number, to: Date): Promise<CoverageDevice[]> {
    return queryRows<CoverageDevice>(
      this.db,
      `SELECT t.id AS "trapId", t.code, t.area, t.type, t.created_at AS "createdAt", t.is_active AS "isActive",
              coalesce((SELECT json_agg(json_build_object('at', l.at, 'isActive', (l.after ->> 'isActive')::boolean)
                                        ORDER BY l.id)
                        FROM audit_log l
                        WHERE l.entity = 'trap' AND l.entity_id = t.id AND l.action = 'update'
                          AND l.after ? 'isActive'), '[]'::json) AS changes
       FROM traps t
       WHERE t.site_id = $1 AND t.created_at < $2
       ORDER BY lower(t.code) COLLATE "C", t.id`,
      [siteId, to],
    ).then((rows) =>
      rows.map((row) => ({
        ...row,
        createdAt: new Date(row.createdAt),
        changes: (row.changes as unknown as { at: string; isActive: boolean }[]).map((change) => ({
          at: new Date(change.at),
          isActive: change.isActive,
        })),
      })),
    );
  }

  /**
   * The inspections of the site's devices completed within [from, to): items completed by a QR read or by the
   * printed code typed; an exception (not found, not reachable) is not an inspection. As the device coverage
   * report counts them (reports/coverage.repository.ts).
   */
  coverageInspections(siteId: number, from: Date, to: Date): Promise<CoverageInspection[]> {
    return queryRows<CoverageInspection>(
      this.db,
      `SELECT i.trap_id AS "trapId", i.session_id AS "sessionId", i.completed_at AS "completedAt"
       FROM sessions s
       JOIN session_items i ON i.session_id = s.id
       WHERE s.site_id = $1 AND i.status = 'COMPLETED' AND i.exception_reason IS NULL
         AND i.completed_at >= $2 AND i.completed_at < $3`,
      [siteId, from, to],
    ).then((rows) => rows.map((row) => ({ ...row, completedAt: new Date(row.completedAt) })));
  }
}
