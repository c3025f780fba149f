import {
  DEFAULT_PAGE_SIZE,
  SessionMessages,
  SiteMessages,
  type CreateSessionBody,
  type ScanBody,
  type ScanResponse,
  type Session,
  type SessionListQuery,
  type SessionPage,
  type UpdateSessionBody,
} from '@rondin/contracts';
import type { Readable } from 'node:stream';
import { pageWindow } from '../../lib/search.js';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../lib/app-error.js';
import { AuthMessages, type AuthUser } from '../auth/auth-user.js';
import type { SessionEvents } from './session-events.js';
import { renderSessionReport, type ReportOptions } from './session-report.js';
import type { SessionRow, SessionsRepository } from './sessions.repository.js';

export class SessionsService {
  constructor(
    private readonly repository: SessionsRepository,
    private readonly events: SessionEvents,
    private readonly reportOptions: ReportOptions,
  ) {}

  list(): Promise<Session[]> {
    return this.repository.listJson();
  }

  listOwn(user: AuthUser, openOnly: boolean): Promise<Session[]> {
    return this.repository.listJson({ technicianId: user.id, openOnly });
  }

  /** A page of order summaries; a technician's own only when `ownerId` is given. */
  async page(query: SessionListQuery, scope: { ownerId?: number; openOnly?: boolean } = {}): Promise<SessionPage> {
    const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
    const filter = {
      ...query,
      ...(scope.ownerId !== undefined ? { technicianId: scope.ownerId } : {}),
      openOnly: scope.openOnly,
    };
    const { rows, total } = await this.repository.summaryPage(filter, { pageSize, offset });
    return { items: rows, total, page, pageSize };
  }

  /** An administrator sees every order; a technician only their own, and others' look like they don't exist. */
  async get(user: AuthUser, id: number): Promise<Session> {
    const session = await this.repository.findJson(id);
    if (!session || !canSee(user, session.technicianId)) throw AppError.notFound(SessionMessages.notFound);
    return session;
  }

  async create(user: AuthUser, input: CreateSessionBody): Promise<Session> {
    const id = await this.createOrder(input, { createdById: user.id });
    return (await this.repository.findJson(id!))!;
  }

  /**
   * An order a service plan planned for a date, through the same rules as one created by hand. Null when the
   * plan already has its order for that date: another generator got there first (a unique key on the pair).
   */
  async createPlanned(
    input: CreateSessionBody & { servicePlanId: number; plannedDate: string },
  ): Promise<number | null> {
    return this.createOrder(input, {
      createdById: null,
      servicePlanId: input.servicePlanId,
      plannedDate: input.plannedDate,
    });
  }

  private async createOrder(
    input: CreateSessionBody,
    origin: { createdById: number | null; servicePlanId?: number; plannedDate?: string },
  ): Promise<number | null> {
    const trapIds = [...new Set(input.trapIds)];
    try {
      const id = await this.repository.transaction(async (tx) => {
        if (!(await this.repository.isActiveTechnician(tx, input.technicianId))) {
          throw AppError.badRequest(SessionMessages.technicianUnavailable);
        }
        const active = await this.repository.activeTraps(tx, trapIds);
        if (active.length !== trapIds.length) throw AppError.badRequest(SessionMessages.trapsUnavailable);
        // An order is one visit to one site: its traps all belong there.
        const siteIds = new Set(active.map((trap) => trap.siteId));
        if (siteIds.size !== 1) throw AppError.badRequest(SiteMessages.trapsOfSeveralSites);
        return this.repository.insert(tx, {
          siteId: [...siteIds][0]!,
          technicianId: input.technicianId,
          trapIds,
          scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
          ...origin,
        });
      });
      this.events.created(input.technicianId, id);
      return id;
    } catch (error) {
      if (origin.servicePlanId !== undefined && isUniqueViolation(error)) return null;
      // A technician or trap deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw AppError.badRequest(SessionMessages.trapsUnavailable);
      throw error;
    }
  }

  /**
   * Moves an open order to another technician, another time, or both. The order's row is locked first, as a
   * scan and a close lock it, so a scan lands either before the move (credited to whoever made it, and kept)
   * or after it (refused for the old technician, accepted for the new one): never lost, never re-attributed.
   * The old technician's devices hear `session.updated` (the order leaves their list), the new one's
   * `session.created`; a new time alone is a `session.updated` for the technician who has it.
   */
  async update(id: number, input: UpdateSessionBody): Promise<Session> {
    try {
      const { before, after } = await this.repository.transaction(async (tx) => {
        const row = await this.repository.lockRow(tx, id);
        if (!row) throw AppError.notFound(SessionMessages.notFound);
        if (row.status === 'COMPLETED') throw AppError.conflict(SessionMessages.alreadyClosed);
        const technicianId = input.technicianId ?? row.technicianId;
        // The same rule as creating an order: an active account, whatever its role.
        if (technicianId !== row.technicianId && !(await this.repository.isActiveTechnician(tx, technicianId))) {
          throw AppError.badRequest(SessionMessages.technicianUnavailable);
        }
        await this.repository.reassign(tx, id, {
          technicianId: input.technicianId,
          scheduledAt: toDate(input.scheduledAt),
        });
        return { before: row.technicianId, after: technicianId };
      });
      this.events.updated(before, id);
      if (after !== before) this.events.created(after, id);
      return (await this.repository.findJson(id))!;
    } catch (error) {
      // The technician deleted between the check and the update.
      if (isForeignKeyViolation(error)) throw AppError.badRequest(SessionMessages.technicianUnavailable);
      throw error;
    }
  }

  /** `user` comes from the token alone: the scan itself checks the account is active and reads its role. */
  async scan(user: AuthUser, id: number, { qrSlug, clientScanId, scannedAt }: ScanBody): Promise<ScanResponse> {
    const { result, session, item } = await this.repository.scan({
      sessionId: id,
      qrSlug,
      userId: user.id,
      tokenVersion: user.tokenVersion,
      clientScanId,
      deviceTime: scannedAt,
    });
    switch (result) {
      case 'INACTIVE_USER':
        throw AppError.unauthorized(AuthMessages.inactive);
      case 'STALE_TOKEN':
        throw AppError.unauthorized(AuthMessages.passwordChanged);
      case 'NOT_ASSIGNED':
        throw AppError.notFound(SessionMessages.notFound);
      case 'ORDER_CLOSED':
        throw AppError.conflict(SessionMessages.alreadyClosed);
      case 'NOT_IN_ORDER':
        throw AppError.notFound(SessionMessages.trapNotInOrder);
      case 'CLIENT_SCAN_ID_REUSED':
        // The id was already accepted for another order: not a replay of this scan.
        throw AppError.conflict(SessionMessages.clientScanIdReused);
      case 'ACCEPTED':
        this.events.updated(session!.technicianId, id);
        return { session: session!, item: item! };
      case 'ALREADY_COMPLETED':
      case 'REPLAYED':
        return { session: session!, item: item! };
    }
  }

  /**
   * A technician closes their own order once every trap is done. An administrator may also close one with
   * pending traps, but only by saying so (force), and the order then carries that mark for good.
   */
  async close(user: AuthUser, id: number, force: boolean): Promise<Session> {
    const technicianId = await this.repository.transaction(async (tx) => {
      const row = await this.repository.lockRow(tx, id);
      if (!row || !canSee(user, row.technicianId)) throw AppError.notFound(SessionMessages.notFound);
      if (row.status === 'COMPLETED') throw AppError.conflict(SessionMessages.alreadyClosed);
      const pending = row.itemCount - row.completedCount;
      if (pending > 0 && user.role !== 'ADMIN') throw AppError.conflict(SessionMessages.pendingTraps);
      if (pending > 0 && !force) throw AppError.conflict(SessionMessages.forceRequired);
      await this.repository.markClosed(tx, id, user.id, pending > 0);
      return row.technicianId;
    });
    this.events.updated(technicianId, id);
    return (await this.repository.findJson(id))!;
  }

  /**
   * A service plan's orders planned from `fromDate` on that nobody has started, deleted so the plan's new
   * terms can create them again; their technicians' phones hear that they left.
   */
  async deleteUnstartedPlanned(servicePlanId: number, fromDate: string): Promise<void> {
    for (const row of await this.repository.deleteUnstartedPlanned(servicePlanId, fromDate)) {
      this.events.updated(row.technicianId, row.id);
    }
  }

  async delete(id: number): Promise<void> {
    const row = await this.repository.delete(id);
    if (!row) throw AppError.notFound(SessionMessages.notFound);
    this.events.updated(row.technicianId, id);
  }

  async report(user: AuthUser, id: number): Promise<Readable> {
    const session = await this.get(user, id);
    if (session.status !== 'COMPLETED') throw AppError.conflict(SessionMessages.reportNotReady);
    // Dated where the service was done: the site's zone when it has one.
    const site = await this.repository.site(session.siteId);
    return renderSessionReport(session, {
      timeZone: site?.timeZone ?? this.reportOptions.timeZone,
      client: site?.client ?? null,
    });
  }
}

/** A date sent to the API as the value to store: null clears it, undefined leaves it as it is. */
function toDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  return new Date(value);
}

function canSee(user: AuthUser, technicianId: SessionRow['technicianId']): boolean {
  return user.role === 'ADMIN' || user.id === technicianId;
}
