import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';
import { clients, contacts, correctiveActions, servicePlans, sessions, sites, technicians } from '../../db/schema.js';

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
export type ClientChanges = Partial<Pick<NewClientRow, 'name' | 'taxId' | 'address' | 'isActive'>>;
/** A client with how many sites and contacts it has. */
export type ClientWithCounts = ClientRow & { siteCount: number; contactCount: number };
export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;
export type ContactChanges = Partial<Omit<NewContactRow, 'id' | 'clientId' | 'createdAt'>>;

type Executor = Database | Transaction;

const byName = (name: string) => eq(sql`lower(${clients.name})`, name.toLowerCase());

// Columns spelled out in the subqueries: Drizzle writes a bare "id" there, which would be the inner table's own.
const counts = {
  siteCount: sql<number>`(select count(*) from ${sites} s where s.client_id = ${clients}.id)::int`,
  contactCount: sql<number>`(select count(*) from ${contacts} c where c.client_id = ${clients}.id)::int`,
};

/** A contact's sites that are still its client's, by id (an array has no foreign key to keep them). */
const contactSiteIds = sql<number[]>`coalesce((select array_agg(s.id order by s.id) from ${sites} s
  where s.client_id = ${contacts}.client_id and s.id = any(${contacts}.site_ids)), '{}'::integer[])`;

const contactColumns = {
  id: contacts.id,
  clientId: contacts.clientId,
  name: contacts.name,
  role: contacts.role,
  email: contacts.email,
  phone: contacts.phone,
  siteIds: contactSiteIds,
  notifyCertificates: contacts.notifyCertificates,
  notifyActions: contacts.notifyActions,
  notifyReviews: contacts.notifyReviews,
  createdAt: contacts.createdAt,
};

const OPEN_ACTION = inArray(correctiveActions.status, ['ABIERTA', 'EN_CURSO']);
const OPEN_ORDER = ne(sessions.status, 'COMPLETED');

export class ClientsRepository {
  constructor(private readonly db: Database) {}

  /** A transaction whose changes the change log records as the actor's. */
  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }

  /** Every client, by name as a person reads it. */
  list(): Promise<ClientWithCounts[]> {
    return this.select(undefined).orderBy(asc(sql`lower(${clients.name})`), asc(clients.id));
  }

  async findById(id: number, tx: Executor = this.db): Promise<ClientWithCounts | undefined> {
    const [row] = await this.select(eq(clients.id, id), tx);
    return row;
  }

  private select(where: SQL | undefined, tx: Executor = this.db) {
    return tx
      .select({
        id: clients.id,
        name: clients.name,
        taxId: clients.taxId,
        address: clients.address,
        isActive: clients.isActive,
        createdAt: clients.createdAt,
        ...counts,
      })
      .from(clients)
      .where(where);
  }

  /** Whether another client has this name, ignoring case. */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(byName(name), exceptId ? ne(clients.id, exceptId) : undefined))
      .limit(1);
    return row !== undefined;
  }

  async insert(actor: Actor, values: NewClientRow): Promise<ClientRow> {
    const [row] = await auditedTransaction(this.db, actor, (tx) => tx.insert(clients).values(values).returning());
    return row!;
  }

  /** Locks the client's row for the rest of the transaction: its sites and contacts are judged against it. */
  async lock(tx: Transaction, id: number): Promise<boolean> {
    const rows = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).for('update');
    return rows.length > 0;
  }

  async update(tx: Transaction, id: number, changes: ClientChanges): Promise<void> {
    await tx.update(clients).set(changes).where(eq(clients.id, id));
  }

  async hasActiveSites(tx: Transaction, id: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.clientId, id), eq(sites.isActive, true)))
      .limit(1);
    return row !== undefined;
  }

  /** The client's sites, by name. */
  sites(clientId: number) {
    return this.db
      .select({
        id: sites.id,
        name: sites.name,
        address: sites.address,
        timeZone: sites.timeZone,
        isActive: sites.isActive,
      })
      .from(sites)
      .where(eq(sites.clientId, clientId))
      .orderBy(asc(sql`lower(${sites.name})`), asc(sites.id));
  }

  /** The open corrective actions of the client's sites, soonest due first, and how many there are. */
  async openActions(clientId: number, limit: number) {
    const where = and(eq(sites.clientId, clientId), OPEN_ACTION);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: correctiveActions.id,
          siteId: correctiveActions.siteId,
          siteName: sites.name,
          description: correctiveActions.description,
          severity: correctiveActions.severity,
          status: correctiveActions.status,
          responsible: correctiveActions.responsible,
          dueDate: correctiveActions.dueDate,
        })
        .from(correctiveActions)
        .innerJoin(sites, eq(sites.id, correctiveActions.siteId))
        .where(where)
        .orderBy(asc(correctiveActions.dueDate), asc(correctiveActions.id))
        .limit(limit),
      this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(correctiveActions)
        .innerJoin(sites, eq(sites.id, correctiveActions.siteId))
        .where(where),
    ]);
    return { rows, total: total?.count ?? 0 };
  }

  /** The orders of the client's sites not yet closed, soonest first (unscheduled last), and how many there are. */
  async openOrders(clientId: number, limit: number) {
    const where = and(eq(sites.clientId, clientId), OPEN_ORDER);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: sessions.id,
          siteId: sessions.siteId,
          siteName: sites.name,
          siteTimeZone: sites.timeZone,
          status: sessions.status,
          scheduledAt: sessions.scheduledAt,
          technicianName: technicians.fullName,
          servicePlanName: servicePlans.name,
        })
        .from(sessions)
        .innerJoin(sites, eq(sites.id, sessions.siteId))
        .innerJoin(technicians, eq(technicians.id, sessions.technicianId))
        .leftJoin(servicePlans, eq(servicePlans.id, sessions.servicePlanId))
        .where(where)
        .orderBy(sql`${sessions.scheduledAt} asc nulls last`, asc(sessions.id))
        .limit(limit),
      this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(sessions)
        .innerJoin(sites, eq(sites.id, sessions.siteId))
        .where(where),
    ]);
    return { rows, total: total?.count ?? 0 };
  }

  /** Which of these ids are sites of the client. */
  async siteIdsOf(tx: Executor, clientId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.clientId, clientId), inArray(sites.id, [...ids])));
    return new Set(rows.map((row) => row.id));
  }

  /** The client's contacts, by name. */
  contacts(clientId: number) {
    return this.db
      .select(contactColumns)
      .from(contacts)
      .where(eq(contacts.clientId, clientId))
      .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id));
  }

  async findContact(id: number, tx: Executor = this.db) {
    const [row] = await tx.select(contactColumns).from(contacts).where(eq(contacts.id, id));
    return row;
  }

  async insertContact(tx: Transaction, values: NewContactRow): Promise<number> {
    const [row] = await tx.insert(contacts).values(values).returning({ id: contacts.id });
    return row!.id;
  }

  async updateContact(tx: Transaction, id: number, changes: ContactChanges): Promise<void> {
    await tx.update(contacts).set(changes).where(eq(contacts.id, id));
  }

  /** Locks the contact's row for the rest of the transaction, answering its client. */
  async lockContact(tx: Transaction, id: number): Promise<number | undefined> {
    const [row] = await tx
      .select({ clientId: contacts.clientId })
      .from(contacts)
      .where(eq(contacts.id, id))
      .for('update');
    return row?.clientId;
  }

  async deleteContact(tx: Transaction, id: number): Promise<void> {
    await tx.delete(contacts).where(eq(contacts.id, id));
  }
}
