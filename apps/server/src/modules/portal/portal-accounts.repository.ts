import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Actor, auditedTransaction } from '../../db/audit.js';
import type { Database, Transaction } from '../../db/database.js';
import { portalInvitations, technicians } from '../../db/schema.js';

export type PortalAccountRow = typeof technicians.$inferSelect;
export type InvitationRow = typeof portalInvitations.$inferSelect;

/** An account with its newest invitation (every portal account has one from its creation). */
export interface AccountWithInvitation {
  account: PortalAccountRow;
  invitation: InvitationRow;
}

/**
 * The portal's accounts (technicians rows of role CLIENTE: this module is the one that writes them) and their
 * invitations. The office's accounts are the technicians module's.
 */
export class PortalAccountsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(actor: Actor, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return auditedTransaction(this.db, actor, work);
  }

  /** Whether any account, of any role, has the email (ignoring case). */
  async emailTaken(email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: technicians.id })
      .from(technicians)
      .where(eq(sql`lower(${technicians.email})`, email.toLowerCase()))
      .limit(1);
    return row !== undefined;
  }

  async insertAccount(
    tx: Transaction,
    values: { email: string; fullName: string; clientId: number; siteIds: number[]; passwordHash: string },
  ): Promise<PortalAccountRow> {
    const [row] = await tx
      .insert(technicians)
      .values({
        email: values.email,
        fullName: values.fullName,
        role: 'CLIENTE',
        clientId: values.clientId,
        portalSiteIds: values.siteIds,
        passwordHash: values.passwordHash,
      })
      .returning();
    return row!;
  }

  async findAccount(id: number, tx: Database | Transaction = this.db): Promise<PortalAccountRow | undefined> {
    const [row] = await tx
      .select()
      .from(technicians)
      .where(and(eq(technicians.id, id), eq(technicians.role, 'CLIENTE')));
    return row;
  }

  /** `revokeTokens` raises the token version: every token issued until now is refused. */
  async updateAccount(
    tx: Transaction,
    id: number,
    changes: Partial<Pick<PortalAccountRow, 'fullName' | 'portalSiteIds' | 'isActive' | 'passwordHash'>>,
    { revokeTokens = false } = {},
  ): Promise<PortalAccountRow> {
    const [row] = await tx
      .update(technicians)
      .set({
        ...changes,
        ...(revokeTokens ? { tokenVersion: sql`${technicians.tokenVersion} + 1`, mustChangePassword: false } : {}),
      })
      .where(eq(technicians.id, id))
      .returning();
    return row!;
  }

  /** A new invitation for the account; its earlier ones, not yet used, stop working. */
  async issueInvitation(
    tx: Transaction,
    values: { accountId: number; tokenHash: string; expiresAt: Date; issuedById: number | null },
  ): Promise<InvitationRow> {
    await tx
      .update(portalInvitations)
      .set({ voidedAt: sql`now()` })
      .where(
        and(
          eq(portalInvitations.accountId, values.accountId),
          isNull(portalInvitations.usedAt),
          isNull(portalInvitations.voidedAt),
        ),
      );
    const [row] = await tx.insert(portalInvitations).values(values).returning();
    return row!;
  }

  /** The client's portal accounts by name, each with its newest invitation. */
  async listByClient(clientId: number): Promise<AccountWithInvitation[]> {
    return this.db
      .select({ account: technicians, invitation: portalInvitations })
      .from(technicians)
      .innerJoin(
        portalInvitations,
        eq(
          portalInvitations.id,
          sql`(select max(newest.id) from portal_invitations newest where newest.account_id = "technicians"."id")`,
        ),
      )
      .where(and(eq(technicians.clientId, clientId), eq(technicians.role, 'CLIENTE')))
      .orderBy(asc(technicians.fullName), asc(technicians.id));
  }

  async newestInvitation(accountId: number, tx: Database | Transaction = this.db): Promise<InvitationRow> {
    const [row] = await tx
      .select()
      .from(portalInvitations)
      .where(eq(portalInvitations.accountId, accountId))
      .orderBy(desc(portalInvitations.id))
      .limit(1);
    return row!;
  }

  /**
   * The invitation with this token's hash and its account (of role CLIENTE), unless voided by a newer one. With
   * a transaction, the invitation's row is locked until it commits: two acceptances at once are one after the
   * other, and the second finds it used.
   */
  async findInvitation(
    tokenHash: string,
    tx?: Transaction,
  ): Promise<{ invitation: InvitationRow; account: PortalAccountRow } | undefined> {
    const query = (tx ?? this.db)
      .select({ invitation: portalInvitations, account: technicians })
      .from(portalInvitations)
      .innerJoin(technicians, eq(technicians.id, portalInvitations.accountId))
      .where(
        and(
          eq(portalInvitations.tokenHash, tokenHash),
          isNull(portalInvitations.voidedAt),
          eq(technicians.role, 'CLIENTE'),
          eq(technicians.isActive, true),
        ),
      );
    const [row] = tx ? await query.for('update', { of: portalInvitations }) : await query;
    return row;
  }

  async markUsed(tx: Transaction, invitationId: number): Promise<void> {
    await tx.update(portalInvitations).set({ usedAt: sql`now()` }).where(eq(portalInvitations.id, invitationId));
  }
}
