import { createHash, randomBytes } from 'node:crypto';
import {
  type AcceptInvitationResponse,
  type CreatePortalAccountBody,
  INVITATION_DAYS,
  type InvitationInfo,
  type PortalAccount,
  type PortalInvitationIssued,
  PortalMessages,
  type UpdatePortalAccountBody,
} from '@rondin/contracts';
import type { Transaction } from '../../db/database.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { hashPassword } from '../../lib/password.js';
import { weakPasswordReason } from '../../lib/password-policy.js';
import type { InvitationRow, PortalAccountRow, PortalAccountsRepository } from './portal-accounts.repository.js';

/** The client an account is of, as the portal needs it: from the clients module, injected. */
export interface PortalClient {
  id: number;
  name: string;
  isActive: boolean;
  siteIds: number[];
}

/** An invitation just issued, for whoever sends it by email (the notifications module). */
export interface IssuedInvitation {
  accountId: number;
  email: string;
  fullName: string;
  clientName: string;
  url: string;
  expiresAt: Date;
}

export interface PortalAccountsDeps {
  /** The client, or a 404 in Spanish (ClientsService.get). */
  client(id: number): Promise<PortalClient>;
  /** Closes the account's sockets when its access changes (realtime's accountEvents). */
  accessChanged(accountId: number): void;
  /**
   * Called inside the transaction that issues an invitation, so what it writes (an outbox row) commits or rolls
   * back with it. Unset: the link is only shown to the office.
   */
  onInvitationIssued?: (tx: Transaction, invitation: IssuedInvitation) => Promise<void>;
  now?: () => Date;
}

const DAY_MS = 86_400_000;

/** The token's SHA-256: what is stored and looked up, so a copy of the database holds no usable link. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function toPortalAccount(account: PortalAccountRow, invitation: InvitationRow, now: Date): PortalAccount {
  const state = invitation.usedAt ? 'ACEPTADA' : invitation.expiresAt <= now ? 'VENCIDA' : 'PENDIENTE';
  return {
    id: account.id,
    clientId: account.clientId!,
    email: account.email,
    fullName: account.fullName,
    siteIds: account.portalSiteIds,
    isActive: account.isActive,
    invitation: {
      state,
      issuedAt: invitation.createdAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
      acceptedAt: invitation.usedAt?.toISOString() ?? null,
    },
    createdAt: account.createdAt.toISOString(),
  };
}

/**
 * The portal's accounts and their invitations (DESIGN-plant.md, "The plant's portal"): an administrator creates
 * the account of a client's person and gets a single-use link; the person sets a password with it, then signs
 * in as everyone does. Issuing another link voids the earlier ones (it is also how the office resets a portal
 * password someone forgot).
 */
export class PortalAccountsService {
  private readonly now: () => Date;

  constructor(
    private readonly repository: PortalAccountsRepository,
    private readonly deps: PortalAccountsDeps,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  async create(
    actor: AuthUser,
    clientId: number,
    input: CreatePortalAccountBody,
    baseUrl: string,
  ): Promise<PortalInvitationIssued> {
    const client = await this.deps.client(clientId);
    if (!client.isActive) throw AppError.conflict(PortalMessages.clientInactive);
    const siteIds = input.siteIds ?? [];
    if (siteIds.some((id) => !client.siteIds.includes(id))) throw AppError.badRequest(PortalMessages.siteNotOfClient);
    const email = input.email.toLowerCase();
    if (await this.repository.emailTaken(email)) throw AppError.conflict(PortalMessages.emailTaken);
    // No password until the invitation is accepted: a random one nobody knows, so no sign-in works before.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    try {
      return await this.repository.transaction(actor, async (tx) => {
        const account = await this.repository.insertAccount(tx, {
          email,
          fullName: input.fullName,
          clientId,
          siteIds,
          passwordHash,
        });
        return this.issue(tx, actor, account, client.name, baseUrl);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(PortalMessages.emailTaken);
      throw error;
    }
  }

  async list(clientId: number): Promise<PortalAccount[]> {
    await this.deps.client(clientId);
    const now = this.now();
    return (await this.repository.listByClient(clientId)).map(({ account, invitation }) =>
      toPortalAccount(account, invitation, now),
    );
  }

  /** A new link for the account, voiding the earlier ones; also for an account that already chose a password. */
  async reissue(actor: AuthUser, accountId: number, baseUrl: string): Promise<PortalInvitationIssued> {
    const account = await this.repository.findAccount(accountId);
    if (!account) throw AppError.notFound(PortalMessages.accountNotFound);
    if (!account.isActive) throw AppError.conflict(PortalMessages.accountInactive);
    const client = await this.deps.client(account.clientId!);
    return this.repository.transaction(actor, (tx) => this.issue(tx, actor, account, client.name, baseUrl));
  }

  async update(actor: AuthUser, accountId: number, input: UpdatePortalAccountBody): Promise<PortalAccount> {
    const account = await this.repository.findAccount(accountId);
    if (!account) throw AppError.notFound(PortalMessages.accountNotFound);
    if (input.siteIds !== undefined) {
      const client = await this.deps.client(account.clientId!);
      if (input.siteIds.some((id) => !client.siteIds.includes(id)))
        throw AppError.badRequest(PortalMessages.siteNotOfClient);
    }
    const updated = await this.repository.transaction(actor, (tx) =>
      this.repository.updateAccount(tx, accountId, {
        ...(input.fullName !== undefined ? { fullName: input.fullName } : {}),
        ...(input.siteIds !== undefined ? { portalSiteIds: input.siteIds } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      }),
    );
    if (updated.isActive !== account.isActive) this.deps.accessChanged(accountId);
    return toPortalAccount(updated, await this.repository.newestInvitation(accountId), this.now());
  }

  /** What the invitation page shows before the password is chosen. */
  async invitation(token: string): Promise<InvitationInfo> {
    const found = await this.repository.findInvitation(hashToken(token));
    const { invitation, account } = this.usable(found);
    const client = await this.deps.client(account.clientId!);
    return {
      email: account.email,
      fullName: account.fullName,
      clientName: client.name,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /** Sets the account's password, once: the invitation's row is locked, so a second use finds it used (410). */
  async accept(token: string, password: string): Promise<AcceptInvitationResponse> {
    const passwordHash = await hashPassword(password);
    const { email, accountId } = await this.repository.transaction(null, async (tx) => {
      const { invitation, account } = this.usable(await this.repository.findInvitation(hashToken(token), tx));
      const weak = weakPasswordReason(password, account.email);
      if (weak) throw AppError.badRequest(weak);
      await this.repository.markUsed(tx, invitation.id);
      // Every token issued before (none, for a first invitation) stops working with the new password.
      await this.repository.updateAccount(tx, account.id, { passwordHash }, { revokeTokens: true });
      return { email: account.email, accountId: account.id };
    });
    this.deps.accessChanged(accountId);
    return { email };
  }

  private usable(found: { invitation: InvitationRow; account: PortalAccountRow } | undefined) {
    if (!found) throw AppError.notFound(PortalMessages.invitationNotFound);
    if (found.invitation.usedAt) throw new AppError(410, PortalMessages.invitationUsed);
    if (found.invitation.expiresAt <= this.now()) throw new AppError(410, PortalMessages.invitationExpired);
    return found;
  }

  private async issue(
    tx: Transaction,
    actor: AuthUser,
    account: PortalAccountRow,
    clientName: string,
    baseUrl: string,
  ): Promise<PortalInvitationIssued> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + INVITATION_DAYS * DAY_MS);
    const invitation = await this.repository.issueInvitation(tx, {
      accountId: account.id,
      tokenHash: hashToken(token),
      expiresAt,
      issuedById: actor.id,
    });
    const url = `${baseUrl}/invitacion/${token}`;
    await this.deps.onInvitationIssued?.(tx, {
      accountId: account.id,
      email: account.email,
      fullName: account.fullName,
      clientName,
      url,
      expiresAt,
    });
    return { account: toPortalAccount(account, invitation, this.now()), invitationUrl: url };
  }
}
