import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { PortalTechnician, Role } from '@rondin/contracts';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';
import { sessions, technicians } from '../../db/schema.js';

export type TechnicianRow = typeof technicians.$inferSelect;
export type NewTechnicianRow = typeof technicians.$inferInsert;
export interface ActiveAccount {
  role: Role;
  tokenVersion: number;
  mustChangePassword: boolean;
  /** A CLIENTE's client; null for the office's accounts. */
  clientId: number | null;
  /** A CLIENTE's sites: its client's active ones, or those of them chosen for it; empty for the office's. */
  siteIds: number[];
}
export type TechnicianChanges = Partial<Omit<NewTechnicianRow, 'id' | 'createdAt' | 'tokenVersion'>>;

const byEmail = (email: string) => eq(sql`lower(${technicians.email})`, email.toLowerCase());

/** TechniciansRepository.findActiveAccount's query, prepared. */
const activeAccountQuery = (db: Database) =>
  db
    .select({
      role: technicians.role,
      tokenVersion: technicians.tokenVersion,
      mustChangePassword: technicians.mustChangePassword,
      clientId: technicians.clientId,
      // Spelled out: in a one-table select Drizzle leaves columns unqualified, and inside the subquery
      // "client_id" would then be the site's own.
      siteIds: sql<number[]>`case when technicians.role = 'CLIENTE' then coalesce((
          select array_agg(s.id order by s.id) from sites s
          where s.client_id = technicians.client_id and s.is_active
            and (cardinality(technicians.portal_site_ids) = 0 or s.id = any(technicians.portal_site_ids))
        ), '{}') else '{}' end`,
    })
    .from(technicians)
    .where(and(eq(technicians.id, sql.placeholder('id')), eq(technicians.isActive, true)))
    .prepare('rondin_active_account');

export class TechniciansRepository {
  constructor(private readonly db: Database) {
    this.activeAccount = activeAccountQuery(db);
  }

  /** The office's accounts (ADMIN, TECH): the Técnicos screen never lists a client's portal account. */
  list(): Promise<TechnicianRow[]> {
    return this.db
      .select()
      .from(technicians)
      .where(ne(technicians.role, 'CLIENTE'))
      .orderBy(asc(technicians.fullName), asc(technicians.id));
  }

  /** One of the office's accounts; a portal account (CLIENTE) is not one: the portal module manages those. */
  async findStaffById(id: number, tx: Database | Transaction = this.db): Promise<TechnicianRow | undefined> {
    const [row] = await tx
      .select()
      .from(technicians)
      .where(and(eq(technicians.id, id), ne(technicians.role, 'CLIENTE')));
    return row;
  }

  async findById(id: number, tx: Database | Transaction = this.db): Promise<TechnicianRow | undefined> {
    const [row] = await tx.select().from(technicians).where(eq(technicians.id, id));
    return row;
  }

  async findByEmail(email: string): Promise<TechnicianRow | undefined> {
    const [row] = await this.db.select().from(technicians).where(byEmail(email));
    return row;
  }

  /**
   * The role and token version of an active account, with a CLIENTE's sites; undefined for an inactive or deleted
   * one. One query at every request (the sites' subquery runs for a CLIENTE only), so a prepared one: built once,
   * and on PostgreSQL parsed and planned once a connection.
   */
  findActiveAccount(id: number): Promise<ActiveAccount | undefined> {
    return this.activeAccount.execute({ id }).then(([row]) => row);
  }

  private readonly activeAccount: ReturnType<typeof activeAccountQuery>;

  async emailTaken(email: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: technicians.id })
      .from(technicians)
      .where(exceptId ? and(byEmail(email), ne(technicians.id, exceptId)) : byEmail(email))
      .limit(1);
    return row !== undefined;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(technicians);
    return row?.value ?? 0;
  }

  async insert(actor: Actor, values: NewTechnicianRow): Promise<TechnicianRow> {
    const [row] = await auditedTransaction(this.db, actor, (tx) => tx.insert(technicians).values(values).returning());
    return row!;
  }

  /** `revokeTokens` raises the account's token version, so every token issued until now is refused. */
  async update(
    tx: Transaction,
    id: number,
    changes: TechnicianChanges,
    { revokeTokens = false }: { revokeTokens?: boolean } = {},
  ): Promise<TechnicianRow | undefined> {
    const [row] = await tx
      .update(technicians)
      .set({ ...changes, ...(revokeTokens ? { tokenVersion: sql`${technicians.tokenVersion} + 1` } : {}) })
      .where(eq(technicians.id, id))
      .returning();
    return row;
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await auditedTransaction(this.db, actor, (tx) => tx.delete(technicians).where(eq(technicians.id, id)));
  }

  /**
   * Locks every active administrator's row for the rest of the transaction and returns their ids: two
   * admins demoting each other at once are then serialised, and the second sees the first's change.
   */
  async lockActiveAdminIds(tx: Transaction): Promise<number[]> {
    const rows = await tx
      .select({ id: technicians.id })
      .from(technicians)
      .where(and(eq(technicians.role, 'ADMIN'), eq(technicians.isActive, true)))
      .for('update');
    return rows.map((row) => row.id);
  }

  async hasOrders(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.technicianId, id))
      .limit(1);
    return row !== undefined;
  }

  /** A transaction whose changes the change log records as the actor's. */
  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }

  /**
   * The people who served a site (closed one of its orders or applied a product there), by name, with their
   * qualification and licence as recorded today and when they last served it: what its plant reads in the portal.
   */
  async servedSite(siteId: number): Promise<PortalTechnician[]> {
    const result = await this.db.execute(sql`
      with served as (
        select technician_id as id, closed_at as at from sessions where site_id = ${siteId} and closed_at is not null
        union all
        select a.applicator_id, a.started_at from applications a join sessions s on s.id = a.session_id
        where s.site_id = ${siteId}
      )
      select t.id, t.full_name as "fullName", t.qualification, t.licence_number as "licenceNumber",
             to_char(t.licence_expires_at, 'YYYY-MM-DD') as "licenceExpiresAt",
             to_char(max(served.at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastVisitAt"
      from served join technicians t on t.id = served.id
      where t.role <> 'CLIENTE'
      group by t.id order by lower(t.full_name), t.id`);
    return (result as unknown as { rows: PortalTechnician[] }).rows;
  }
}
