import {
  CADENCE_MAX_DEVICES,
  CADENCE_WINDOW_MS,
  ClientPhotoId,
  deriveActivity,
  FindingMessages,
  findingProblems,
  LATE_DELIVERY_MS,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  PHOTOS_PER_ITEM,
  PhotoMessages,
  SessionMessages,
  type ExceptionBody,
  type Finding,
  type FindingFlag,
  type FindingResponse,
  type PestGroup,
  type Photo,
  type PutFindingBody,
  type ScanResponse,
} from '@rondin/contracts';
import type { Transaction } from '../../db/database.js';
import type { FileStorage } from '../../files/file-storage.js';
import type { Upload, UploadSpec } from '../../files/multipart.js';
import type { ServedFile } from '../../files/send-file.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { SessionEvents } from '../sessions/session-events.js';
import type { FindingsRepository, LockedItem, LockedOrder } from './findings.repository.js';

/** A photo's form: the file, and the device's id for it. */
export const PHOTO_FORM: UploadSpec = {
  accept: PHOTO_TYPES,
  maxBytes: PHOTO_MAX_BYTES,
  messages: { tooLarge: PhotoMessages.tooLarge, wrongType: PhotoMessages.wrongType, empty: PhotoMessages.emptyFile },
  fields: ['clientPhotoId'],
};

/** Reads the request's form: the routes know the request, the service decides when to read it. */
export type ReadForm = () => Promise<Upload>;

/** How far ahead of the server's clock a device's time may be and still be taken, as for a scan's. */
const DEVICE_CLOCK_AHEAD_MS = 2 * 60 * 1000;

/**
 * The device's time when plausible, as for a scan: not before the order existed, not more than two minutes
 * ahead of the server (then the server's time, which it cannot be after). Otherwise the server's time.
 */
function plausibleTime(deviceTime: Date, order: LockedOrder): { at: Date; plausible: boolean } {
  const plausible =
    deviceTime.getTime() >= order.createdAt.getTime() &&
    deviceTime.getTime() <= order.now.getTime() + DEVICE_CLOCK_AHEAD_MS;
  if (!plausible) return { at: order.now, plausible };
  return { at: deviceTime.getTime() < order.now.getTime() ? deviceTime : order.now, plausible };
}

const mayWrite = (user: AuthUser, technicianId: number) => user.role === 'ADMIN' || user.id === technicianId;

export interface StoredPhoto {
  photo: Photo;
  /** False when the same clientPhotoId had already been stored: nothing new was kept. */
  created: boolean;
}

/**
 * What a technician records at each device of an order beyond the scan: the finding (append-only versions),
 * the exception for a device that could not be scanned, and photos. Every write locks the order's row as
 * scans and closing do, so nothing is added to an order once it is closed but an administrator's correction.
 */
export class FindingsService {
  constructor(
    private readonly repository: FindingsRepository,
    private readonly files: FileStorage,
    private readonly events: SessionEvents,
  ) {}

  /**
   * Adds a version of the item's finding. The same clientFindingId again is answered with the version it
   * stored, even once the order is closed. The version is current when it is the latest by recordedAt, so an
   * older one arriving late is kept without replacing a newer one; an administrator's correction after close
   * is always current.
   */
  async putFinding(user: AuthUser, sessionId: number, itemId: number, body: PutFindingBody): Promise<FindingResponse> {
    const { findingId, technicianId, changed } = await this.repository
      .transaction(async (tx) => {
        const order = await this.writableOrder(tx, user, sessionId, 'share');
        // The item's lock first: a second delivery racing the first waits for it, then finds what it stored.
        const item = await this.repository.lockItem(tx, sessionId, itemId);
        if (!item) throw AppError.notFound(FindingMessages.itemNotFound);
        const replayed = await this.repository.findingByClientId(tx, body.clientFindingId);
        if (replayed) {
          if (replayed.itemId !== itemId) throw AppError.conflict(FindingMessages.clientFindingIdReused);
          return { findingId: replayed.id, technicianId: order.technicianId, changed: false };
        }
        const isCorrection = order.status === 'COMPLETED';
        if (isCorrection && user.role !== 'ADMIN') throw AppError.conflict(FindingMessages.closedForTechnician);
        if (isCorrection && !body.reason) throw AppError.badRequest(FindingMessages.reasonRequired);
        if (item.exceptionReason) throw AppError.conflict(FindingMessages.isException);
        if (item.status !== 'COMPLETED') throw AppError.conflict(FindingMessages.notScanned);

        const groups = await this.pestGroups(tx, body);
        const groupOf = (pestId: number) => groups.get(pestId);
        const problems = findingProblems(item.trapType, body, groupOf);
        if (problems.length > 0) throw AppError.badRequest(problems.join(' '));
        const derivedActivity = deriveActivity(body, groupOf);

        const deviceTime = new Date(body.recordedAt);
        const { at: recordedAt, plausible } = plausibleTime(deviceTime, order);
        const flags = await this.flags(tx, user, item, { recordedAt, plausible, order, isCorrection });
        const current =
          isCorrection || item.currentRecordedAt === null || recordedAt.getTime() >= item.currentRecordedAt.getTime();
        const id = await this.repository.insertFinding(
          tx,
          {
            itemId,
            siteId: item.siteId,
            trapId: item.trapId,
            trapType: item.trapType,
            clientFindingId: body.clientFindingId,
            technicianId: user.id,
            recordedAt,
            deviceTime,
            receivedAt: order.now,
            deviceStatus: body.deviceStatus,
            activity: body.activity ?? derivedActivity,
            derivedActivity,
            baitConsumption: body.baitConsumption ?? null,
            baitState: body.baitState ?? null,
            evidence: body.evidence,
            actions: body.actions,
            notes: body.notes ?? null,
            reason: body.reason ?? null,
            isCorrection,
            flags,
          },
          body.captures.map((capture) => ({
            pestId: capture.pestId,
            count: capture.count ?? null,
            band: capture.band ?? null,
          })),
          current,
        );
        return { findingId: id, technicianId: order.technicianId, changed: true };
      })
      .catch(this.reusedId(FindingMessages.clientFindingIdReused));
    if (changed) this.events.updated(technicianId, sessionId);
    const [finding, item] = await Promise.all([
      this.repository.findingJson(findingId),
      this.repository.itemJson(itemId),
    ]);
    return { finding, item };
  }

  /** Every version of the item's finding, the current one first. */
  async versions(user: AuthUser, sessionId: number, itemId: number): Promise<Finding[]> {
    await this.visibleItem(user, sessionId, itemId);
    return this.repository.versionsJson(itemId);
  }

  /**
   * Completes the item without a scan: the device was not found or could not be reached. Counted in the order
   * as a scan is, so the order can close; never a proof of presence. The same clientScanId again is answered as
   * it was; an id a scan or another exception used is refused.
   */
  async recordException(user: AuthUser, sessionId: number, itemId: number, body: ExceptionBody): Promise<ScanResponse> {
    const { technicianId, changed } = await this.repository
      .transaction(async (tx) => {
        const order = await this.writableOrder(tx, user, sessionId, 'update');
        const item = await this.repository.lockItem(tx, sessionId, itemId);
        if (!item) throw AppError.notFound(FindingMessages.itemNotFound);
        const used = await this.repository.itemByClientScanId(tx, body.clientScanId);
        if (used) {
          if (used.id !== itemId || used.exceptionReason === null) {
            throw AppError.conflict(SessionMessages.clientScanIdReused);
          }
          return { technicianId: order.technicianId, changed: false };
        }
        if (order.status === 'COMPLETED') throw AppError.conflict(SessionMessages.alreadyClosed);
        if (item.status === 'COMPLETED') throw AppError.conflict(FindingMessages.alreadyCompleted);
        await this.repository.recordException(tx, {
          sessionId,
          itemId,
          reason: body.reason,
          note: body.note,
          clientScanId: body.clientScanId,
          completedAt: plausibleTime(new Date(body.recordedAt), order).at,
          receivedAt: order.now,
          completedById: user.id,
        });
        return { technicianId: order.technicianId, changed: true };
      })
      .catch(this.reusedId(SessionMessages.clientScanIdReused));
    if (changed) this.events.updated(technicianId, sessionId);
    const [session, item] = await Promise.all([
      this.repository.summaryJson(sessionId),
      this.repository.itemJson(itemId),
    ]);
    return { session, item };
  }

  /**
   * Adds a photo of a completed item (scanned, or an exception: a photo of why it could not be reached). The
   * order and item are checked before the form is read; the form's file is checked by its bytes as it arrives.
   * The same clientPhotoId again is answered with the photo it stored, even once the order is closed.
   */
  async addPhoto(user: AuthUser, sessionId: number, itemId: number, readForm: ReadForm): Promise<StoredPhoto> {
    await this.visibleItem(user, sessionId, itemId);
    const { file, fields } = await readForm();
    try {
      const clientPhotoId = ClientPhotoId.safeParse(fields.clientPhotoId);
      if (!clientPhotoId.success) throw AppError.badRequest(PhotoMessages.clientPhotoIdRequired);
      if (!file) throw AppError.badRequest(PhotoMessages.fileRequired);
      const { photoId, technicianId, created } = await this.repository
        .transaction(async (tx) => {
          const order = await this.writableOrder(tx, user, sessionId, 'share');
          // The item's lock first: its photos are counted one at a time, and a second delivery racing the first
          // waits for it, then finds what it stored.
          const item = await this.repository.lockItem(tx, sessionId, itemId);
          if (!item) throw AppError.notFound(FindingMessages.itemNotFound);
          const stored = await this.repository.photoByClientId(tx, clientPhotoId.data);
          if (stored) {
            if (stored.itemId !== itemId) throw AppError.conflict(PhotoMessages.clientPhotoIdReused);
            return { photoId: stored.id, technicianId: order.technicianId, created: false };
          }
          if (order.status === 'COMPLETED') throw AppError.conflict(SessionMessages.alreadyClosed);
          if (item.status !== 'COMPLETED') throw AppError.conflict(PhotoMessages.notCompleted);
          if ((await this.repository.photoCount(tx, itemId)) >= PHOTOS_PER_ITEM) {
            throw AppError.conflict(PhotoMessages.tooMany);
          }
          const saved = await this.files.save(file, `Foto ${item.trapCode} - orden ${sessionId}`, tx);
          const id = await this.repository.insertPhoto(tx, {
            itemId,
            fileId: saved.id,
            clientPhotoId: clientPhotoId.data,
            technicianId: user.id,
          });
          return { photoId: id, technicianId: order.technicianId, created: true };
        })
        .catch(this.reusedId(PhotoMessages.clientPhotoIdReused));
      if (created) this.events.updated(technicianId, sessionId);
      return { photo: (await this.repository.photoJson(photoId))!, created };
    } finally {
      await file?.dispose();
    }
  }

  /** An administrator sees every photo; a technician those of their own orders, others' look like they don't exist. */
  async photoFile(user: AuthUser, id: number): Promise<ServedFile> {
    const photo = await this.repository.photo(id);
    if (!photo || !mayWrite(user, photo.orderTechnicianId)) throw AppError.notFound(PhotoMessages.notFound);
    const opened = await this.files.open(photo.fileId);
    // Deleted between the two reads.
    if (!opened) throw AppError.notFound(PhotoMessages.notFound);
    return { file: opened.file, name: `foto-${photo.id}`, open: () => opened.content };
  }

  /** While the order is open, by its technician or an administrator; the photo's file goes with it. */
  async deletePhoto(user: AuthUser, id: number): Promise<void> {
    const { technicianId, sessionId } = await this.repository.transaction(async (tx) => {
      const photo = await this.repository.photo(id, tx);
      if (!photo || !mayWrite(user, photo.orderTechnicianId)) throw AppError.notFound(PhotoMessages.notFound);
      if (photo.orderStatus === 'COMPLETED') throw AppError.conflict(SessionMessages.alreadyClosed);
      await this.repository.deletePhoto(tx, id);
      return { technicianId: photo.orderTechnicianId, sessionId: photo.sessionId };
    });
    this.events.updated(technicianId, sessionId);
  }

  /** An item of an order the caller may see (its technician or an administrator); 404 otherwise. */
  private async visibleItem(user: AuthUser, sessionId: number, itemId: number): Promise<void> {
    const technicianId = await this.repository.orderTechnicianId(sessionId);
    if (technicianId === undefined || !mayWrite(user, technicianId)) throw AppError.notFound(SessionMessages.notFound);
    if (!(await this.repository.hasItem(sessionId, itemId))) throw AppError.notFound(FindingMessages.itemNotFound);
  }

  /** The order, locked, when the caller may write to it: its technician or an administrator (404 otherwise). */
  private async writableOrder(
    tx: Transaction,
    user: AuthUser,
    sessionId: number,
    strength: 'share' | 'update',
  ): Promise<LockedOrder> {
    const order = await this.repository.lockOrder(tx, sessionId, strength);
    if (!order || !mayWrite(user, order.technicianId)) throw AppError.notFound(SessionMessages.notFound);
    return order;
  }

  /** The groups of the pests caught; every one must exist and be active. */
  private async pestGroups(tx: Transaction, body: PutFindingBody): Promise<Map<number, PestGroup>> {
    const ids = [...new Set(body.captures.map((capture) => capture.pestId))];
    const found = await this.repository.activePests(tx, ids);
    if (found.length !== ids.length) throw AppError.badRequest(FindingMessages.pestsUnavailable);
    return new Map(found.map((pest) => [pest.id, pest.group]));
  }

  /**
   * What the office is warned of, fixed as the version arrives. An administrator's correction after close is
   * made in the office, not at the device: its pace and delivery say nothing.
   */
  private async flags(
    tx: Transaction,
    user: AuthUser,
    item: LockedItem,
    at: { recordedAt: Date; plausible: boolean; order: LockedOrder; isCorrection: boolean },
  ): Promise<FindingFlag[]> {
    const flags: FindingFlag[] = [];
    if (!at.plausible) flags.push('HORA_IMPLAUSIBLE');
    if (at.isCorrection) return flags;
    if (at.order.now.getTime() - at.recordedAt.getTime() > LATE_DELIVERY_MS) flags.push('ENVIO_TARDIO');
    const others = await this.repository.devicesRecordedBetween(
      tx,
      user.id,
      { from: new Date(at.recordedAt.getTime() - CADENCE_WINDOW_MS), to: at.recordedAt },
      item.id,
    );
    if (others + 1 >= CADENCE_MAX_DEVICES) flags.push('CADENCIA_IMPLAUSIBLE');
    return flags;
  }

  /** Two deliveries of one client id racing on two orders: the unique index refuses the second. */
  private reusedId(message: string) {
    return (error: unknown): never => {
      if (isUniqueViolation(error)) throw AppError.conflict(message);
      throw error;
    };
  }
}
