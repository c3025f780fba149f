import {
  DEFAULT_PAGE_SIZE,
  FINDINGS_MISSING_CODE,
  FindingMessages,
  LICENCE_EXPIRED_CODE,
  licenceExpiredMessage,
  licenceStatus,
  MAX_TRAPS_PER_ORDER,
  namedDevice,
  OFFICE_CLOSE_ABSENT_REASON,
  SessionMessages,
  SIGNATURE_REQUIRED_CODE,
  SiteMessages,
  TrapMessages,
  type AddSessionItemBody,
  type BulkReassignBody,
  type BulkRescheduleBody,
  type BulkSessionsResult,
  type ClientSignature,
  type CreateSessionBody,
  type ScanBody,
  type ScanRefusalCode,
  type ScanResponse,
  type OrderSighting,
  type Session,
  type SessionListQuery,
  type SessionPage,
  type TrapType,
  type UpdateSessionBody,
} from '@rondin/contracts';
import type { Readable } from 'node:stream';
import type { Transaction } from '../../db/database.js';
import type { LetterheadSource } from '../../lib/pdf-letterhead.js';
import { pageWindow } from '../../lib/search.js';
import { localDate, localTime, zonedInstant } from '../../lib/time-zone.js';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../lib/app-error.js';
import { AuthMessages, type AuthUser } from '../../lib/auth-user.js';
import type { CertificateContent } from '../certificates/certificate-content.js';
import type { CertificatesService, PreparedSignature } from '../certificates/certificates.service.js';
import type { FindingsRepository } from '../findings/findings.repository.js';
import { noNewsWrite } from '../findings/findings.service.js';
import type { OrderEvents } from '../../lib/order-events.js';
import { renderOrderReport, type ReportOptions } from './order-report.js';
import type { SessionRow, OrdersRepository } from './orders.repository.js';

export class OrdersService {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly events: OrderEvents,
    private readonly reportOptions: ReportOptions & { company?: LetterheadSource },
    private readonly certificates: CertificatesService,
    /** Where a close's «Sin novedad» versions are written, as any finding is. */
    private readonly findings: FindingsRepository,
    /** The site's sightings whose action is still open (modules/sightings), shown on each open order of the site. */
    private readonly openSightings?: (siteId: number) => Promise<OrderSighting[]>,
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
  /**
   * An order with, while it is not completed, its site's open sightings: the technician sees what the plant
   * reported on whichever open order of the site comes next, until the sighting's action is closed.
   */
  async get(user: AuthUser, id: number): Promise<Session> {
    const session = await this.repository.findJson(id);
    if (!session || !canRead(user, session)) throw AppError.notFound(SessionMessages.notFound);
    if (this.openSightings && session.status !== 'COMPLETED') {
      return { ...session, openSightings: await this.openSightings(session.siteId) };
    }
    return session;
  }

  async create(user: AuthUser, input: CreateSessionBody): Promise<Session> {
    const id = await this.createOrder(input, { createdById: user.id });
    return (await this.repository.findJson(id))!;
  }

  /**
   * A visit a service plan planned for a date: its orders (one, or one a technician in a BY_AREA plan), each
   * through the same rules as an order created by hand, all or none. Null when the plan already has the visit:
   * another generator got there first (a unique key on plan, date and slot).
   */
  async createPlannedVisit(visit: {
    servicePlanId: number;
    plannedDate: string;
    scheduledAt: string;
    orders: { slot: number; technicianId: number; trapIds: number[] }[];
  }): Promise<number[] | null> {
    try {
      const ids = await this.repository.transaction(async (tx) => {
        const created: number[] = [];
        for (const order of visit.orders) {
          // A planned visit is not skipped for a licence that has expired: the order is generated (as if
          // confirmed) and the technicians screen already shows the expired card for the office to reassign it.
          created.push(
            await this.insertOrder(
              tx,
              { ...order, scheduledAt: visit.scheduledAt, confirmExpiredLicence: true },
              {
                createdById: null,
                servicePlanId: visit.servicePlanId,
                plannedDate: visit.plannedDate,
                planSlot: order.slot,
              },
            ),
          );
        }
        return created;
      });
      visit.orders.forEach((order, index) => this.events.created(order.technicianId, ids[index]!));
      return ids;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      if (isForeignKeyViolation(error)) throw AppError.badRequest(SessionMessages.trapsUnavailable);
      throw error;
    }
  }

  private async createOrder(input: CreateSessionBody, origin: { createdById: number }): Promise<number> {
    try {
      const id = await this.repository.transaction((tx) => this.insertOrder(tx, input, origin));
      this.events.created(input.technicianId, id);
      return id;
    } catch (error) {
      // A technician or trap deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw AppError.badRequest(SessionMessages.trapsUnavailable);
      throw error;
    }
  }

  private async insertOrder(
    tx: Transaction,
    input: CreateSessionBody,
    origin: { createdById: number | null; servicePlanId?: number; plannedDate?: string; planSlot?: number },
  ): Promise<number> {
    const trapIds = [...new Set(input.trapIds)];
    await this.assignable(tx, input.technicianId, input.confirmExpiredLicence);
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
        if (technicianId !== row.technicianId) await this.assignable(tx, technicianId, input.confirmExpiredLicence);
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

  /**
   * Moves several open orders to one technician, all or none: one transaction holding every order's row, as
   * `update` holds one. Orders missing or closed refuse the whole change, named in the answer.
   */
  async bulkReassign({ ids, technicianId, confirmExpiredLicence }: BulkReassignBody): Promise<BulkSessionsResult> {
    const unique = [...new Set(ids)];
    try {
      const moved = await this.repository.transaction(async (tx) => {
        const rows = await this.lockedOpen(tx, unique);
        await this.assignable(tx, technicianId, confirmExpiredLicence);
        for (const row of rows) await this.repository.reassign(tx, row.id, { technicianId });
        return rows;
      });
      for (const row of moved) {
        if (row.technicianId === technicianId) continue;
        this.events.updated(row.technicianId, row.id);
        this.events.created(technicianId, row.id);
      }
      return { updated: unique };
    } catch (error) {
      // The technician deleted between the check and the update.
      if (isForeignKeyViolation(error)) throw AppError.badRequest(SessionMessages.technicianUnavailable);
      throw error;
    }
  }

  /**
   * Moves several open orders to another day, all or none, read in each order's site's zone: at `time` when
   * given, else each at the time of day it had (an order without one then refuses the change, named).
   */
  async bulkReschedule({ ids, date, time }: BulkRescheduleBody): Promise<BulkSessionsResult> {
    const unique = [...new Set(ids)];
    const moved = await this.repository.transaction(async (tx) => {
      const rows = await this.lockedOpen(tx, unique);
      const untimed = rows.filter((row) => row.scheduledAt === null).map((row) => row.id);
      if (time === undefined && untimed.length > 0) throw AppError.badRequest(SessionMessages.bulkNoTime(untimed));
      for (const row of rows) {
        const zone = row.timeZone ?? this.reportOptions.timeZone;
        const at = time ?? localTime(row.scheduledAt!, zone);
        await this.repository.reassign(tx, row.id, { scheduledAt: zonedInstant(date, at, zone) });
      }
      return rows;
    });
    for (const row of moved) this.events.updated(row.technicianId, row.id);
    return { updated: unique };
  }

  /** The orders locked for a bulk change; 404 naming those that do not exist, 409 naming those closed. */
  private async lockedOpen(tx: Transaction, ids: number[]) {
    const rows = await this.repository.lockRows(tx, ids);
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw AppError.notFound(SessionMessages.bulkNotFound(missing));
    const closed = rows.filter((row) => row.status === 'COMPLETED').map((row) => row.id);
    if (closed.length > 0) throw AppError.conflict(SessionMessages.bulkClosed(closed));
    return rows;
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
        throw await this.scanRefusal(id, qrSlug);
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
   * Why a code the order does not hold was refused, in words naming what it is (a 404 with one of
   * SCAN_REFUSAL_CODES and, but for an unknown code, the device). Read only once the scan was refused, so the
   * accepted scan's single round trip stays as it was. A device of another site is named by its code and site
   * alone: its QR was in the caller's hands, and nothing else of that site is said.
   */
  private async scanRefusal(sessionId: number, read: string): Promise<AppError> {
    const facts = await this.repository.scanRefusal(sessionId, read);
    // The order deleted since the scan was refused.
    if (!facts) return AppError.notFound(SessionMessages.notFound);
    const { device, typedCodeOf } = facts;
    if (!device) {
      if (typedCodeOf) {
        return new AppError(404, SessionMessages.printedCodeTyped(typedCodeOf.code), 'TRAP_CODE_TYPED', {
          device: typedCodeOf,
        });
      }
      return new AppError(404, SessionMessages.unknownCode(read), 'UNKNOWN_CODE');
    }
    const named = { device: { id: device.id, code: device.code, area: device.area } };
    const refusal = (code: ScanRefusalCode, message: string) => new AppError(404, message, code, named);
    if (device.siteId !== device.orderSiteId) {
      return refusal(
        'TRAP_OF_OTHER_SITE',
        SessionMessages.trapOfOtherSite(device.code, device.siteName, facts.orderSiteName),
      );
    }
    if (!device.isActive) return refusal('TRAP_INACTIVE', SessionMessages.trapInactive(device.code));
    const name = namedDevice(device.code, device.area);
    if (device.otherOrder) {
      return refusal(
        'TRAP_IN_OTHER_ORDER',
        SessionMessages.trapInOtherOrder(name, device.otherOrder.id, device.otherOrder.technician),
      );
    }
    return refusal('TRAP_NOT_IN_ORDER', SessionMessages.trapNotInThisOrder(name));
  }

  /**
   * Adds a device of the order's site the office did not plan, on the spot (POST /sessions/{id}/items): the
   * order's technician or an administrator, while the order is open. The order's row is locked as a scan and a
   * close lock it, so the item is counted before or after them, never lost. A technician is told a device of
   * another site does not exist: its id alone must not name another client's devices.
   */
  async addItem(user: AuthUser, id: number, { trapId }: AddSessionItemBody): Promise<ScanResponse> {
    // Two adds of one order wait for each other on its row: the second finds the device in the order.
    const { itemId, technicianId } = await this.repository.transaction(async (tx) => {
      const row = await this.repository.lockRow(tx, id);
      if (!row || !canSee(user, row.technicianId)) throw AppError.notFound(SessionMessages.notFound);
      if (row.status === 'COMPLETED') throw AppError.conflict(SessionMessages.alreadyClosed);
      const trap = await this.repository.trapToAdd(tx, id, trapId);
      if (!trap || (trap.siteId !== row.siteId && user.role !== 'ADMIN')) {
        throw AppError.notFound(TrapMessages.notFound);
      }
      if (trap.siteId !== row.siteId) {
        const orderSite = await this.repository.siteName(tx, row.siteId);
        throw AppError.badRequest(SessionMessages.trapOfOtherSite(trap.code, trap.siteName, orderSite));
      }
      if (!trap.isActive) throw AppError.conflict(SessionMessages.trapInactive(trap.code));
      if (trap.inOrder) throw AppError.conflict(SessionMessages.trapAlreadyInOrder(trap.code));
      if (row.itemCount >= MAX_TRAPS_PER_ORDER) throw AppError.conflict(SessionMessages.orderFull(MAX_TRAPS_PER_ORDER));
      return { itemId: await this.repository.insertOnSiteItem(tx, id, trapId), technicianId: row.technicianId };
    });
    this.events.updated(technicianId, id);
    return this.repository.scanResponseJson(id, itemId);
  }

  /**
   * A technician closes their own order once every trap is done. An administrator may also close one with
   * pending traps, but only by saying so (force), and the order then carries that mark for good. The rules, in
   * the order CloseSessionBody lists them: every inspected device has a finding (or `defaultNoActivity` records
   * «Sin novedad» for those without, in this transaction, as the closer's); the closer has a stored signature,
   * which signs the certificate; a technician brings the client's signature or says why nobody signed, while an
   * administrator's close without one records the client absent from the office. Closing issues the order's
   * service certificate in the same transaction, then draws and stores its PDF.
   */
  async close(
    user: AuthUser,
    id: number,
    { force = false, clientSignature, defaultNoActivity = false }: CloseSessionInput = {},
    origin?: string,
  ): Promise<Session> {
    // The signature is read and checked before anything is locked: a slow phone holds no order.
    const signature = await this.certificates.prepare(clientSignature);
    try {
      const { technicianId, defaulted } = await this.repository.transaction(async (tx) => {
        const row = await this.repository.lockRow(tx, id);
        if (!row || !canSee(user, row.technicianId)) throw AppError.notFound(SessionMessages.notFound);
        if (row.status === 'COMPLETED') throw AppError.conflict(SessionMessages.alreadyClosed);
        const pending = row.itemCount - row.completedCount;
        if (pending > 0 && user.role !== 'ADMIN') throw AppError.conflict(SessionMessages.pendingTraps);
        if (pending > 0 && !force) throw AppError.conflict(SessionMessages.forceRequired);
        const missing = await this.repository.itemsWithoutFinding(tx, id);
        if (missing.length > 0 && !defaultNoActivity) {
          throw new AppError(
            409,
            SessionMessages.findingsMissing(missing.map((item) => item.code)),
            FINDINGS_MISSING_CODE,
            { items: missing.map(({ itemId, code }) => ({ itemId, code })) },
          );
        }
        const closerSignature = await this.certificates.storedSignature(tx, user.id);
        if (closerSignature === null) {
          throw new AppError(409, SessionMessages.signatureRequired, SIGNATURE_REQUIRED_CODE);
        }
        if (!signature && user.role !== 'ADMIN') throw AppError.badRequest(SessionMessages.clientSignatureRequired);
        if (missing.length > 0) await this.recordNoNews(tx, user, id, missing);
        await this.repository.markClosed(tx, id, user.id, pending > 0);
        await this.certificates.issue(tx, row, signature ?? OFFICE_CLOSE, closerSignature);
        return { technicianId: row.technicianId, defaulted: missing };
      });
      this.events.updated(technicianId, id);
      for (const item of defaulted) this.events.findingRecorded(id, item.itemId);
    } finally {
      await signature?.image?.dispose();
    }
    // Drawn once now; should that fail, the first download draws it from the same records.
    await this.certificates.storeAfterClose(id, origin);
    return (await this.repository.findJson(id))!;
  }

  /** «Sin novedad» for each inspected device without a finding, written as any version is (rondin_finding). */
  private async recordNoNews(
    tx: Transaction,
    closer: AuthUser,
    sessionId: number,
    items: { itemId: number; type: TrapType }[],
  ): Promise<void> {
    const at = await this.findings.now(tx);
    for (const item of items) {
      const result = await this.findings.writeFindingIn(tx, noNewsWrite(sessionId, item, closer, at));
      // The order is locked for the close: only the closer's account changing (deactivated, its password) stops it.
      if (result !== 'RECORDED') throw AppError.conflict(FindingMessages.changedMeanwhile);
    }
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

  /**
   * An order nobody has started is deleted. One in progress holds inspections (findings, photos, the devices'
   * history) and a closed one is part of the record (its certificate was issued): 409 for both.
   */
  async delete(id: number): Promise<void> {
    const row = await this.repository.delete(id);
    if (row) {
      this.events.updated(row.technicianId, id);
      return;
    }
    const status = await this.repository.status(id);
    if (status === 'COMPLETED') throw AppError.conflict(SessionMessages.closedNotDeleted);
    if (status !== undefined) throw AppError.conflict(SessionMessages.startedNotDeleted);
    throw AppError.notFound(SessionMessages.notFound);
  }

  /**
   * A closed order's PDF: its service certificate as issued and stored, or, for an order closed before
   * certificates existed, its service report drawn now.
   */
  async report(user: AuthUser, id: number, origin?: string): Promise<{ content: Readable; fileName: string }> {
    const session = await this.get(user, id);
    if (session.status !== 'COMPLETED') throw AppError.conflict(SessionMessages.reportNotReady);
    const issued = await this.certificates.pdf(id, origin);
    if (issued) return { content: issued.opened.content, fileName: issued.opened.file.name };
    return { content: await this.renderReport(session), fileName: `orden-${id}` };
  }

  /** Draws an order's report, or its certificate with `certificate`, dated where the service was done. */
  async renderReport(session: Session, certificate?: CertificateContent): Promise<Readable> {
    const site = await this.repository.site(session.siteId);
    return renderOrderReport(session, {
      timeZone: site?.timeZone ?? this.reportOptions.timeZone,
      client: site?.client ?? null,
      letterhead: await this.reportOptions.company?.(),
      certificate,
    });
  }

  /**
   * An order goes to an active account (whatever its role); to one whose licence expired before today (in the
   * plant's time zone) only when the caller confirms it: 409 LICENCE_EXPIRED otherwise.
   */
  private async assignable(tx: Transaction, technicianId: number, confirmed: boolean | undefined): Promise<void> {
    const technician = await this.repository.activeTechnician(tx, technicianId);
    if (!technician) throw AppError.badRequest(SessionMessages.technicianUnavailable);
    const expiresAt = technician.licenceExpiresAt;
    const today = localDate(new Date(), this.reportOptions.timeZone);
    if (!confirmed && expiresAt && licenceStatus(expiresAt, today) === 'EXPIRED') {
      throw new AppError(409, licenceExpiredMessage(technician.fullName, expiresAt), LICENCE_EXPIRED_CODE);
    }
  }
}

/** What closing an order may carry: force (administrators, pending traps), the client's signature, «Sin novedad». */
interface CloseSessionInput {
  force?: boolean | undefined;
  clientSignature?: ClientSignature | undefined;
  defaultNoActivity?: boolean | undefined;
}

/** An administrator's close without the client's signature: the certificate says nobody of the client signed, and why. */
const OFFICE_CLOSE: PreparedSignature = {
  name: null,
  role: null,
  absent: true,
  absentReason: OFFICE_CLOSE_ABSENT_REASON,
  image: null,
};

/** A date sent to the API as the value to store: null clears it, undefined leaves it as it is. */
function toDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  return new Date(value);
}

function canSee(user: AuthUser, technicianId: SessionRow['technicianId']): boolean {
  return user.role === 'ADMIN' || user.id === technicianId;
}

/** Reading an order: its parties, or a portal account (CLIENTE) of its site (its report, from the portal). */
function canRead(user: AuthUser, order: { technicianId: number; siteId: number }): boolean {
  return user.role === 'CLIENTE' ? (user.siteIds ?? []).includes(order.siteId) : canSee(user, order.technicianId);
}
