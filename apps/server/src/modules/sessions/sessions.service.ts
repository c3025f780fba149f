import {
  DEFAULT_PAGE_SIZE,
  SessionMessages,
  type CreateSessionBody,
  type ScanBody,
  type ScanResponse,
  type Session,
  type SessionListQuery,
  type SessionPage,
} from '@rondin/contracts';
import { pageWindow } from '../../lib/search.js';
import { AppError, isForeignKeyViolation } from '../../lib/app-error.js';
import { AuthMessages, type AuthUser } from '../../plugins/auth.js';
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
    const filter = { ...query, ...(scope.ownerId !== undefined ? { technicianId: scope.ownerId } : {}), openOnly: scope.openOnly };
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
    const trapIds = [...new Set(input.trapIds)];
    try {
      const id = await this.repository.transaction(async (tx) => {
        if (!(await this.repository.isActiveTechnician(tx, input.technicianId))) {
          throw AppError.badRequest(SessionMessages.technicianUnavailable);
        }
        if ((await this.repository.countActiveTraps(tx, trapIds)) !== trapIds.length) {
          throw AppError.badRequest(SessionMessages.trapsUnavailable);
        }
        return this.repository.insert(tx, {
          technicianId: input.technicianId,
          trapIds,
          scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
          createdById: user.id,
        });
      });
      this.events.created(input.technicianId, id);
      return (await this.repository.findJson(id))!;
    } catch (error) {
      // A technician or trap deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw AppError.badRequest(SessionMessages.trapsUnavailable);
      throw error;
    }
  }

  /** `user` comes from the token alone: the scan itself checks the account is active and reads its role. */
  async scan(user: AuthUser, id: number, { qrSlug, clientScanId, scannedAt }: ScanBody): Promise<ScanResponse> {
    const { result, session, item } = await this.repository.scan({
      sessionId: id,
      qrSlug,
      userId: user.id,
      clientScanId,
      deviceTime: scannedAt,
    });
    switch (result) {
      case 'INACTIVE_USER':
        throw AppError.unauthorized(AuthMessages.inactive);
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

  async delete(id: number): Promise<void> {
    const row = await this.repository.delete(id);
    if (!row) throw AppError.notFound(SessionMessages.notFound);
    this.events.updated(row.technicianId, id);
  }

  async report(user: AuthUser, id: number): Promise<PDFKit.PDFDocument> {
    const session = await this.get(user, id);
    if (session.status !== 'COMPLETED') throw AppError.conflict(SessionMessages.reportNotReady);
    return renderSessionReport(session, this.reportOptions);
  }
}

function canSee(user: AuthUser, technicianId: SessionRow['technicianId']): boolean {
  return user.role === 'ADMIN' || user.id === technicianId;
}
