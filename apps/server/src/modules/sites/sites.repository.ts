import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';
import { clients, plans, sessions, sites, traps } from '../../db/schema.js';

export type SiteRow = typeof sites.$inferSelect;
export type NewSiteRow = typeof sites.$inferInsert;
export type SiteChanges = Partial<
  Pick<NewSiteRow, 'name' | 'clientId' | 'client' | 'address' | 'timeZone' | 'isActive'>
>;
/** A site with how many devices and orders it holds. */
export type SiteWithCounts = SiteRow & { trapCount: number; sessionCount: number };

const byName = (name: string) => eq(sql`lower(${sites.name})`, name.toLowerCase());

// Counted through traps_site_id_idx and sessions_site_id_idx: an index-only count per site. Columns are spelled
// out: in a subquery Drizzle writes a bare "id", which would be the inner table's own.
const counts = {
  trapCount: sql<number>`(select count(*) from ${traps} t where t.site_id = ${sites}.id)::int`,
  sessionCount: sql<number>`(select count(*) from ${sessions} s where s.site_id = ${sites}.id)::int`,
};

/** The sites where a technician has an order assigned, done or not. */
const hasOrdersOf = (technicianId: number) =>
  sql`exists (select 1 from ${sessions} s where s.site_id = ${sites}.id and s.technician_id = ${technicianId})`;

export class SitesRepository {
  constructor(private readonly db: Database) {}

  /** Every site, or those where the technician has orders, by name. */
  list(filter: { technicianId?: number | undefined } = {}): Promise<SiteWithCounts[]> {
    return this.select(filter.technicianId !== undefined ? hasOrdersOf(filter.technicianId) : undefined).orderBy(
      asc(sql`lower(${sites.name})`),
      asc(sites.id),
    );
  }

  async findById(
    id: number,
    filter: { technicianId?: number | undefined } = {},
    tx: Database | Transaction = this.db,
  ): Promise<SiteWithCounts | undefined> {
    const [row] = await this.select(
      and(eq(sites.id, id), filter.technicianId !== undefined ? hasOrdersOf(filter.technicianId) : undefined),
      tx,
    );
    return row;
  }

  private select(where: SQL | undefined, tx: Database | Transaction = this.db) {
    return tx
      .select({
        id: sites.id,
        name: sites.name,
        clientId: sites.clientId,
        client: sites.client,
        address: sites.address,
        timeZone: sites.timeZone,
        isActive: sites.isActive,
        createdAt: sites.createdAt,
        ...counts,
      })
      .from(sites)
      .where(where);
  }

  /** Whether another site has this name, ignoring case. */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(byName(name), exceptId ? ne(sites.id, exceptId) : undefined))
      .limit(1);
    return row !== undefined;
  }

  /** Whether the client exists and is active; undefined: no such client. */
  async clientIsActive(id: number): Promise<boolean | undefined> {
    const [row] = await this.db.select({ isActive: clients.isActive }).from(clients).where(eq(clients.id, id));
    return row?.isActive;
  }

  async insert(actor: Actor, values: NewSiteRow): Promise<SiteRow> {
    const [row] = await auditedTransaction(this.db, actor, (tx) => tx.insert(sites).values(values).returning());
    return row!;
  }

  async update(tx: Transaction, id: number, changes: SiteChanges): Promise<void> {
    await tx.update(sites).set(changes).where(eq(sites.id, id));
  }

  async delete(tx: Transaction, id: number): Promise<void> {
    await tx.delete(sites).where(eq(sites.id, id));
  }

  /**
   * Locks every active site's row for the rest of the transaction and returns their ids: two administrators
   * deactivating the last two sites at once are serialised, and the second sees the first's change.
   */
  async lockActiveIds(tx: Transaction): Promise<number[]> {
    const rows = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.isActive, true))
      .orderBy(asc(sites.id))
      .for('update');
    return rows.map((row) => row.id);
  }

  /** Whether the site holds anything that keeps it from being deleted. */
  async usage(tx: Transaction, id: number): Promise<{ traps: boolean; sessions: boolean; plans: boolean }> {
    const any = (table: typeof traps | typeof sessions | typeof plans) =>
      sql<boolean>`exists (select 1 from ${table} x where x.site_id = ${id})`;
    const [row] = await tx
      .select({ traps: any(traps), sessions: any(sessions), plans: any(plans) })
      .from(sites)
      .where(eq(sites.id, id));
    return row ?? { traps: false, sessions: false, plans: false };
  }

  /** A transaction whose changes the change log records as the actor's. */
  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }
}
