import {
  CADENCE_MAX_DEVICES,
  CADENCE_WINDOW_MS,
  ClientPhotoId,
  deriveActivity,
  FindingMessages,
  findingProblems,
  LATE_DELIVERY_MS,
  loweredFacts,
  noNewsFinding,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_DIMENSION,
  PHOTO_MAX_PIXELS,
  PHOTO_TYPES,
  PHOTOS_PER_ITEM,
  PhotoMessages,
  REASON_REQUIRED_CODE,
  SessionMessages,
  type ExceptionBody,
  type Finding,
  type FindingResponse,
  type ManualBody,
  type Photo,
  type PutFindingBody,
  type ScanResponse,
  type TrapType,
} from '@rondin/contracts';
import { randomUUID } from 'node:crypto';
import type { Transaction } from '../../db/database.js';
import type { FileStorage } from '../../files/file-storage.js';
import { type ImageRules, withoutMetadata } from '../../files/images.js';
import type { Upload, UploadSpec } from '../../files/multipart.js';
import type { ServedFile } from '../../files/send-file.js';
import type { SpooledFile } from '../../files/spool.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import { spoolPrintThumbnail } from '../../lib/print-thumbnail.js';
import { AuthMessages, type AuthUser } from '../../lib/auth-user.js';
import type { OrderEvents } from '../../lib/order-events.js';
import type {
  CurrentFinding,
  FindingContext,
  FindingsRepository,
  FindingWrite,
  LockedOrder,
} from './findings.repository.js';

/** What a photo may be once decoded (files/images.ts). */
const PHOTO_IMAGE: ImageRules = {
  maxWidth: PHOTO_MAX_DIMENSION,
  maxHeight: PHOTO_MAX_DIMENSION,
  maxPixels: PHOTO_MAX_PIXELS,
  messages: { unreadable: PhotoMessages.unreadable, tooManyPixels: PhotoMessages.tooManyPixels },
};

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

/**
 * Whether a new version becomes the item's current one, as rondin_finding decides: it does unless its device time
 * is plausible (not before the order) and earlier than the current version's. One that does not replace the
 * current version lowers nothing (an offline queue delivering what was recorded before), so needs no reason.
 */
function replacesCurrent(deviceTime: string, current: CurrentFinding, orderCreatedAt: Date | null): boolean {
  const at = new Date(deviceTime).getTime();
  const plausibleAndEarlier =
    orderCreatedAt !== null && at >= orderCreatedAt.getTime() && at < new Date(current.recordedAt).getTime();
  return !plausibleAndEarlier;
}

/** Reads of the context and writes that found it changed, before the caller is asked to try again. */
const MAX_FINDING_ATTEMPTS = 3;

const caughtPests = (body: PutFindingBody) => [...new Set(body.captures.map((capture) => capture.pestId))];

/**
 * The «Sin novedad» version (noNewsFinding of the device's type) a close with `defaultNoActivity` records for an
 * inspected device left without one: by the closer, at the database's time `at`, through rondin_finding as any
 * version. The cadence flag is not looked for: these versions are one act of the closer, not a walk between
 * devices, and past 40 of them every one would be flagged.
 */
export function noNewsWrite(
  sessionId: number,
  item: { itemId: number; type: TrapType },
  closer: { id: number; tokenVersion: number },
  at: Date,
): FindingWrite {
  const finding = noNewsFinding(item.type);
  const activity = deriveActivity(finding, () => undefined);
  return {
    sessionId,
    itemId: item.itemId,
    user: closer,
    correction: false,
    trapType: item.type,
    pests: [],
    finding: {
      clientFindingId: randomUUID(),
      deviceTime: at.toISOString(),
      deviceStatus: finding.deviceStatus,
      activity,
      derivedActivity: activity,
      baitConsumption: finding.baitConsumption ?? null,
      baitState: finding.baitState ?? null,
      evidence: [...finding.evidence],
      actions: [...finding.actions],
      notes: null,
      reason: null,
      captures: [],
      currentFindingId: null,
    },
    rules: { lateDeliveryMs: LATE_DELIVERY_MS, cadenceWindowMs: CADENCE_WINDOW_MS, cadenceMaxDevices: 2 ** 31 - 1 },
  };
}

const mayWrite = (user: AuthUser, technicianId: number) => user.role === 'ADMIN' || user.id === technicianId;
/** A photo is seen by who may write it, and by a portal account (CLIENTE) of its order's site (from the portal). */
const mayRead = (user: AuthUser, photo: { orderTechnicianId: number; siteId: number }) =>
  user.role === 'CLIENTE' ? (user.siteIds ?? []).includes(photo.siteId) : mayWrite(user, photo.orderTechnicianId);

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
    private readonly events: OrderEvents,
    /**
     * After an administrator's correction of a closed order is stored: its certificate gets a new revision
     * (modules/certificates). `origin` is the request's, for the verification address without PUBLIC_URL.
     */
    private readonly corrected: (sessionId: number, origin?: string) => Promise<unknown> = async () => undefined,
  ) {}

  /**
   * Adds a version of the item's finding. The same clientFindingId again is answered with the version it
   * stored, even once the order is closed. The version is current when it is the latest by recordedAt, so an
   * older one arriving late is kept without replacing a newer one; an administrator's correction after close
   * is always current.
   *
   * Two round trips: the context read without locks, the rules checked here (the device's type decides which
   * fields it takes), then one statement that locks, writes and answers, or says the context changed in
   * between (a close, a reassignment, a device's type edited), when it is read again.
   */
  async putFinding(
    user: AuthUser,
    sessionId: number,
    itemId: number,
    body: PutFindingBody,
    origin?: string,
  ): Promise<FindingResponse> {
    const pestIds = caughtPests(body);
    for (let attempt = 1; ; attempt++) {
      const context = await this.repository.findingContext(user, sessionId, itemId, body.clientFindingId, pestIds);
      const write = this.checkedFinding(user, sessionId, itemId, body, context);
      const written = await this.repository
        .writeFinding(write)
        .catch(this.reusedId(FindingMessages.clientFindingIdReused));
      if (written.result === 'RECORDED') {
        this.events.updated(written.technicianId, sessionId);
        this.events.findingRecorded(sessionId, itemId);
        this.announceOpenedActions({ findingId: written.finding.id });
        // The correction is stored whatever becomes of the revision: the next read of the certificate makes it.
        if (write.correction) await this.corrected(sessionId, origin).catch(() => undefined);
      }
      if (written.result !== 'CHANGED') return { finding: written.finding, item: written.item };
      if (attempt === MAX_FINDING_ATTEMPTS) throw AppError.conflict(FindingMessages.changedMeanwhile);
    }
  }

  /** The version to write, once every rule its context decides holds; the refusal otherwise. */
  private checkedFinding(
    user: AuthUser,
    sessionId: number,
    itemId: number,
    body: PutFindingBody,
    context: FindingContext,
  ): FindingWrite {
    if (context.role === null) throw AppError.unauthorized(AuthMessages.inactive);
    if (context.tokenVersion !== user.tokenVersion) throw AppError.unauthorized(AuthMessages.passwordChanged);
    const caller = { id: user.id, role: context.role, tokenVersion: user.tokenVersion };
    if (context.orderTechnicianId === null || !mayWrite(caller, context.orderTechnicianId)) {
      throw AppError.notFound(SessionMessages.notFound);
    }
    if (context.itemStatus === null || context.trapType === null) throw AppError.notFound(FindingMessages.itemNotFound);
    const correction = context.orderStatus === 'COMPLETED';
    const write = { sessionId, itemId, user: caller, correction, trapType: context.trapType, pests: context.pests };
    const stored = {
      clientFindingId: body.clientFindingId,
      deviceTime: body.recordedAt,
      deviceStatus: body.deviceStatus,
      baitConsumption: body.baitConsumption ?? null,
      baitState: body.baitState ?? null,
      evidence: body.evidence,
      actions: body.actions,
      notes: body.notes ?? null,
      reason: body.reason ?? null,
      captures: body.captures.map((capture) => ({
        pestId: capture.pestId,
        count: capture.count ?? null,
        band: capture.band ?? null,
      })),
      currentFindingId: context.currentFinding?.id ?? null,
    };
    const rules = {
      lateDeliveryMs: LATE_DELIVERY_MS,
      cadenceWindowMs: CADENCE_WINDOW_MS,
      cadenceMaxDevices: CADENCE_MAX_DEVICES,
    };
    if (context.storedItemId !== null) {
      if (context.storedItemId !== itemId) throw AppError.conflict(FindingMessages.clientFindingIdReused);
      // A replay: answered with the version stored, whatever the rules say now.
      return { ...write, finding: { ...stored, activity: null, derivedActivity: null }, rules };
    }
    if (correction && context.role !== 'ADMIN') throw AppError.conflict(FindingMessages.closedForTechnician);
    if (correction && !body.reason) throw AppError.badRequest(FindingMessages.reasonRequired);
    if (context.exceptionReason) throw AppError.conflict(FindingMessages.isException);
    if (context.itemStatus !== 'COMPLETED') throw AppError.conflict(FindingMessages.notScanned);

    if (context.pests.length !== caughtPests(body).length) throw AppError.badRequest(FindingMessages.pestsUnavailable);
    const groups = new Map(context.pests.map((pest) => [pest.id, pest.group]));
    const groupOf = (pestId: number) => groups.get(pestId);
    const problems = findingProblems(context.trapType, body, groupOf);
    if (problems.length > 0) throw AppError.badRequest(problems.join(' '));
    const derivedActivity = deriveActivity(body, groupOf);
    const activity = body.activity ?? derivedActivity;
    const current = context.currentFinding;
    if (!correction && current && !body.reason && replacesCurrent(body.recordedAt, current, context.orderCreatedAt)) {
      const lowered = loweredFacts(current, { ...body, activity, baitConsumption: body.baitConsumption ?? null });
      if (lowered.length > 0) {
        throw new AppError(422, FindingMessages.lowerNeedsReason(context.trapCode ?? ''), REASON_REQUIRED_CODE);
      }
    }
    return { ...write, finding: { ...stored, activity, derivedActivity }, rules };
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
          detail: body.reasonDetail ?? null,
          note: body.note || null,
          clientScanId: body.clientScanId,
          completedAt: plausibleTime(new Date(body.recordedAt), order).at,
          receivedAt: order.now,
          completedById: user.id,
        });
        return { technicianId: order.technicianId, changed: true };
      })
      .catch(this.reusedId(SessionMessages.clientScanIdReused));
    if (changed) {
      this.events.updated(technicianId, sessionId);
      this.announceOpenedActions({ itemId });
    }
    const [session, item] = await Promise.all([
      this.repository.summaryJson(sessionId),
      this.repository.itemJson(itemId),
    ]);
    return { session, item };
  }

  /**
   * Completes the item with its printed code typed, its label unreadable (outcome MANUAL): inspected, so it
   * takes findings and photos as a scanned one does, but never proof of presence. The code must be the device's
   * (any case). Its label is queued for reprinting. The same clientScanId again is answered as it was; an id a
   * scan, an exception or another item used is refused.
   */
  async recordManual(user: AuthUser, sessionId: number, itemId: number, body: ManualBody): Promise<ScanResponse> {
    const { technicianId, changed } = await this.repository
      .transaction(async (tx) => {
        const order = await this.writableOrder(tx, user, sessionId, 'update');
        const item = await this.repository.lockItem(tx, sessionId, itemId);
        if (!item) throw AppError.notFound(FindingMessages.itemNotFound);
        const used = await this.repository.itemByClientScanId(tx, body.clientScanId);
        if (used) {
          if (used.id !== itemId || used.manualReason === null) {
            throw AppError.conflict(SessionMessages.clientScanIdReused);
          }
          return { technicianId: order.technicianId, changed: false };
        }
        if (order.status === 'COMPLETED') throw AppError.conflict(SessionMessages.alreadyClosed);
        if (item.status === 'COMPLETED') throw AppError.conflict(FindingMessages.alreadyCompleted);
        if (body.code.toLowerCase() !== item.trapCode.toLowerCase()) {
          throw AppError.badRequest(FindingMessages.manualCodeMismatch(body.code, item.trapCode));
        }
        await this.repository.recordManual(tx, {
          sessionId,
          itemId,
          trapId: item.trapId,
          reason: body.reason,
          code: body.code,
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
    const { file: upload, fields } = await readForm();
    let kept: SpooledFile | undefined;
    let thumbnail: SpooledFile | null = null;
    try {
      const clientPhotoId = ClientPhotoId.safeParse(fields.clientPhotoId);
      if (!clientPhotoId.success) throw AppError.badRequest(PhotoMessages.clientPhotoIdRequired);
      if (!upload) throw AppError.badRequest(PhotoMessages.fileRequired);
      // Decoded whole before anything is kept: a photo that cannot be (cut short, 65,000 pixels a side) is a
      // 400 now rather than a thumbnail that fails for ever; and kept without its EXIF (where, which phone).
      const file = await withoutMetadata(upload, PHOTO_IMAGE);
      kept = file;
      // Made small before the transaction, as certificates print it: a close then decodes no photo.
      thumbnail = await spoolPrintThumbnail(file);
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
          const small = thumbnail && (await this.files.save(thumbnail, `Miniatura ${item.trapCode}`, tx));
          const id = await this.repository.insertPhoto(tx, {
            itemId,
            fileId: saved.id,
            thumbnailFileId: small ? small.id : null,
            clientPhotoId: clientPhotoId.data,
            technicianId: user.id,
          });
          return { photoId: id, technicianId: order.technicianId, created: true };
        })
        .catch(this.reusedId(PhotoMessages.clientPhotoIdReused));
      if (created) this.events.updated(technicianId, sessionId);
      return { photo: (await this.repository.photoJson(photoId))!, created };
    } finally {
      await Promise.all([upload?.dispose(), kept !== upload && kept?.dispose(), thumbnail?.dispose()]);
    }
  }

  /** An administrator sees every photo; a technician those of their own orders, others' look like they don't exist. */
  async photoFile(user: AuthUser, id: number): Promise<ServedFile> {
    const photo = await this.repository.photo(id);
    if (!photo || !mayRead(user, photo)) throw AppError.notFound(PhotoMessages.notFound);
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

  /**
   * Tells the office of a corrective action the finding or exception opened (the database judged it against the
   * thresholds as it committed). Read after the answer is on its way: the technician does not wait for it.
   */
  private announceOpenedActions(breach: { findingId: number } | { itemId: number }): void {
    this.repository.actionsOpenedBy(breach).then(
      (ids) => {
        for (const id of ids) this.events.actionOpened(id);
      },
      // The record stands; the office's screens catch up on their next refresh.
      () => undefined,
    );
  }

  /** Two deliveries of one client id racing on two orders: the unique index refuses the second. */
  private reusedId(message: string) {
    return (error: unknown): never => {
      if (isUniqueViolation(error)) throw AppError.conflict(message);
      throw error;
    };
  }
}
