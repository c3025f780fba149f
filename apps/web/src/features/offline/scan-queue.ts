import type {
  AssessmentKind,
  ExceptionReason,
  ExceptionReasonDetail,
  ManualReason,
  PutApplicationInput,
  PutFindingInput,
  UpdateAssessmentInput,
} from '@rondin/contracts';
import { ApiError, isUnreachable } from '../../lib/api-client';
import { qrHash } from '../../lib/qr-hash';

/** One reading of a trap's code, as the scan screen sends it (POST /api/sessions/{id}/scan). */
export interface ScanToSend {
  /** Absent on scans made before the queue held other kinds. */
  kind?: 'scan';
  sessionId: number;
  body: { qrSlug: string; clientScanId: string; scannedAt: string };
}

/** What a record about one device of an order carries besides its body: where it goes and how it is shown. */
interface DeviceRecord {
  sessionId: number;
  itemId: number;
  /** The item's `trap.qrHash`: a record waits behind its device's scan, and marks its trap while it waits. */
  qrHash: string;
  /** The trap's code, to name it in the list of what waits. */
  trapCode: string;
}

/** What the technician found at a scanned device (PUT /api/sessions/{id}/items/{itemId}/finding). */
export interface FindingToSend extends DeviceRecord {
  kind: 'finding';
  body: PutFindingInput & { clientFindingId: string; recordedAt: string };
}

/** A device accounted for without a scan (POST /api/sessions/{id}/items/{itemId}/exception). */
export interface ExceptionToSend extends DeviceRecord {
  kind: 'exception';
  /** A note only for «Otro»; rows kept by versions before the preset details have a note and no detail. */
  body: {
    clientScanId: string;
    reason: ExceptionReason;
    reasonDetail?: ExceptionReasonDetail;
    note?: string;
    recordedAt: string;
  };
}

/**
 * A device whose label could not be read, recorded by its printed code typed (POST
 * /api/sessions/{id}/items/{itemId}/manual): it completes the item as a scan does, with outcome MANUAL.
 */
export interface ManualToSend extends DeviceRecord {
  kind: 'manual';
  body: { clientScanId: string; code: string; reason: ManualReason; recordedAt: string };
}

/** A photo of a device (POST /api/sessions/{id}/items/{itemId}/photos), already shrunk and re-encoded. */
export interface PhotoToSend extends DeviceRecord {
  kind: 'photo';
  body: { clientPhotoId: string; takenAt: string };
  /** JPEG or WebP; kept on the device until the server has it. */
  photo: Blob;
}

/**
 * A photo the server already has, removed by the technician while the order is open (DELETE /api/photos/{id}).
 * The server answers a second delivery with a 404: the request counts it as done (features/findings).
 */
export interface PhotoDeletionToSend extends DeviceRecord {
  kind: 'photo-deletion';
  body: { clientDeletionId: string; photoId: number; deletedAt: string };
}

/**
 * A product applied during an order (PUT /api/sessions/{id}/applications/{clientApplicationId}). About no one
 * device: it waits behind nothing but the server.
 */
export interface ApplicationToSend {
  kind: 'application';
  sessionId: number;
  qrHash: null;
  /** The product's name, to name the record in the list of what waits. */
  productName: string;
  body: PutApplicationInput & { clientApplicationId: string };
}

/** Which assessment a record is about (features/assessments), and how the list of what waits names it. */
interface AssessmentRecord {
  assessmentId: number;
  assessmentKind: AssessmentKind;
  siteName: string;
  /** About no order nor device: records of one assessment wait behind each other only. */
  qrHash: null;
}

/**
 * A draft of a site assessment as it stands (PATCH /api/assessments/{id}, every field given, so the last save
 * delivered is the draft). `clientSaveId` names this one save in the queue.
 */
export interface AssessmentSaveToSend extends AssessmentRecord {
  kind: 'assessment';
  body: UpdateAssessmentInput & { clientSaveId: string; savedAt: string };
}

/** A photo of an area walked (POST /api/assessments/{id}/photos), named in the draft by its clientPhotoId. */
export interface AssessmentPhotoToSend extends AssessmentRecord {
  kind: 'assessment-photo';
  area: string;
  body: { clientPhotoId: string; takenAt: string };
  photo: Blob;
}

/** Everything the phone records, in the one queue: each kind has its request and its id given by the phone. */
export type ToSend =
  | ScanToSend
  | FindingToSend
  | ExceptionToSend
  | ManualToSend
  | PhotoToSend
  | PhotoDeletionToSend
  | ApplicationToSend
  | AssessmentSaveToSend
  | AssessmentPhotoToSend;
export type RecordKind = NonNullable<ToSend['kind']>;

/** What the queue keeps about each record while it waits. */
interface Kept {
  /** Whose record it is: only that user's sign-in may send it. */
  userId: number;
  /** When it entered the queue (device clock, ms, never twice the same): the queue is sent in this order. */
  queuedAt: number;
  /** The server's reason when it refused the record (a 4xx); null while it waits to be sent. */
  refusal: string | null;
}

/**
 * A scan kept on the device because the server could not be reached when it was made. `kind` names the
 * request, so findings and photos wait in the same queue, in the same order (see the feature's README).
 */
export interface QueuedScan extends ScanToSend, Kept {
  kind: 'scan';
  /**
   * SHA-256 of the scanned code (lib/qr-hash.ts), to mark the trap whose item carries the same `trap.qrHash`;
   * null on rows kept by versions that hashed with Web Crypto where the page had none.
   */
  qrHash: string | null;
}
export type QueuedFinding = FindingToSend & Kept;
export type QueuedException = ExceptionToSend & Kept;
export type QueuedManual = ManualToSend & Kept;
export type QueuedPhoto = PhotoToSend & Kept;
export type QueuedPhotoDeletion = PhotoDeletionToSend & Kept;
export type QueuedApplication = ApplicationToSend & Kept;
export type QueuedAssessmentSave = AssessmentSaveToSend & Kept;
export type QueuedAssessmentPhoto = AssessmentPhotoToSend & Kept;
/** A record waiting on the device, or refused and kept until the technician has read why. */
export type QueuedRecord =
  | QueuedScan
  | QueuedFinding
  | QueuedException
  | QueuedManual
  | QueuedPhoto
  | QueuedPhotoDeletion
  | QueuedApplication
  | QueuedAssessmentSave
  | QueuedAssessmentPhoto;

/** The id the phone gave the record once, when it was made: the server counts a replay of it once. */
export function recordId(record: ToSend): string {
  switch (record.kind) {
    case 'finding':
      return record.body.clientFindingId;
    case 'photo':
    case 'assessment-photo':
      return record.body.clientPhotoId;
    case 'assessment':
      return record.body.clientSaveId;
    case 'photo-deletion':
      return record.body.clientDeletionId;
    case 'application':
      return record.body.clientApplicationId;
    default:
      return record.body.clientScanId;
  }
}

/** A record about a site assessment rather than an order. */
export function isAssessmentRecord<Record extends ToSend>(
  record: Record,
): record is Extract<Record, { kind: 'assessment' | 'assessment-photo' }> {
  return record.kind === 'assessment' || record.kind === 'assessment-photo';
}

/** Kept on the device before it is sent, and sent from the queue: photos, whose upload takes seconds. */
function keptFirst(record: ToSend): boolean {
  return record.kind === 'photo' || record.kind === 'assessment-photo';
}

/** A scan (rows and requests made before the queue held other kinds have no `kind`). */
export function isScan(record: ToSend): record is ScanToSend {
  return record.kind === undefined || record.kind === 'scan';
}

/**
 * Records of one device of one order go in the order they were made: a finding never overtakes its scan. An
 * assessment's saves and photos wait behind each other (a later save never overtakes an earlier one).
 */
function deviceOf(record: QueuedRecord): string {
  if (isAssessmentRecord(record)) return `assessment:${record.assessmentId}`;
  return record.qrHash === null ? `${record.sessionId}:${recordId(record)}` : `${record.sessionId}:${record.qrHash}`;
}

/** The durable part: IndexedDB in the app (scan-queue-storage.ts), memory in the tests. Rows are keyed by recordId. */
export interface ScanQueueStorage {
  all(): Promise<QueuedRecord[]>;
  put(record: QueuedRecord): Promise<void>;
  remove(id: string): Promise<void>;
}

/** What `send` resolves with when the record stayed on the device instead of reaching the server. */
export interface ScanQueued {
  queued: true;
  /** The same trap of the same order was already waiting to be scanned: nothing new was kept. */
  alreadyQueued: boolean;
  /** The kept record's qrHash. */
  qrHash: string | null;
}

export interface ScanQueueSnapshot {
  /** The signed-in user's records waiting to be sent, oldest first. */
  waiting: readonly QueuedRecord[];
  /** The signed-in user's records the server refused, until the technician has read why. */
  refused: readonly QueuedRecord[];
}

export interface ScanQueueOptions<Answer> {
  storage: ScanQueueStorage;
  /** Sends one record to the server (the request its kind names); rejects with ApiError for an answer other than 2xx. */
  deliver: (record: ToSend) => Promise<Answer>;
  /** The signed-in user's id, null when nobody is signed in. */
  currentUserId: () => number | null;
  /** Called each time a record is kept on the device (e.g. to ask the browser to keep the site's storage). */
  onKept?: () => void;
  /**
   * A record withdrawn while it was on its way reached the server all the same: what to do about it (a photo
   * removed during its upload is deleted on the server).
   */
  onWithdrawnDelivered?: (record: QueuedRecord, answer: Answer) => void;
  now?: () => number;
}

/** What one pass over the queue did: the records it tried, and whether it stopped because the server was out of reach. */
interface DrainPass {
  tried: ReadonlySet<string>;
  unavailable: boolean;
}

/** Retry delays after a failed attempt: 2 s, doubling, at most 30 s (a small POST, cheap to retry). */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

/**
 * A record the server failed on (500) this many times in a row is set aside with a reason, like a refused one:
 * a record that can never succeed must not wait in the queue, and be retried, for ever.
 */
export const MAX_SERVER_ERRORS = 5;

/** How many delivered records the queue remembers, for one withdrawn just as it arrived. */
const RECENTLY_DELIVERED = 20;

/** What the technician reads about a scan set aside after repeated server errors. */
export const SERVER_FAILED_REASON =
  'El servidor no pudo registrar este escaneo tras varios intentos. Escanea la trampa de nuevo o avisa al administrador.';

/** The same, for each kind of record. */
export const SERVER_FAILED_REASONS: Record<RecordKind, string> = {
  scan: SERVER_FAILED_REASON,
  finding:
    'El servidor no pudo registrar este hallazgo tras varios intentos. Regístralo de nuevo o avisa al administrador.',
  exception:
    'El servidor no pudo registrar esta trampa como no encontrada o inaccesible tras varios intentos. Regístrala de nuevo o avisa al administrador.',
  manual:
    'El servidor no pudo registrar el código escrito de esta trampa tras varios intentos. Regístralo de nuevo o avisa al administrador.',
  photo: 'El servidor no pudo guardar esta foto tras varios intentos. Tómala de nuevo o avisa al administrador.',
  'photo-deletion':
    'El servidor no pudo eliminar esta foto tras varios intentos. Vuelve a eliminarla o avisa al administrador.',
  application:
    'El servidor no pudo registrar esta aplicación de producto tras varios intentos. Regístrala de nuevo o avisa al administrador.',
  assessment:
    'El servidor no pudo guardar este borrador de evaluación tras varios intentos. Ábrela de nuevo o avisa al administrador.',
  'assessment-photo':
    'El servidor no pudo guardar esta foto de la evaluación tras varios intentos. Tómala de nuevo o avisa al administrador.',
};

/**
 * A failure worth retrying: the server was not reached, or answered that it cannot serve now (5xx, 408, 429).
 * Any other 4xx is the server's refusal of this record, final.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408 || error.status === 429;
  return isUnreachable(error);
}

/**
 * The server as a whole cannot serve now (out of reach, a proxy's 502–504, 408, 429): every record waits and
 * the queue tries again later. A 500 is about the record it answered: the others go on meanwhile.
 */
function isUnavailable(error: unknown): boolean {
  if (error instanceof ApiError) return [408, 429, 502, 503, 504].includes(error.status);
  return isUnreachable(error);
}

/**
 * Everything the phone records (scans, findings, exceptions, photos) that could not reach the server waits
 * here, in IndexedDB, and is sent in the order it was made when the connection returns. Each record keeps the
 * id and time the device gave it, so the server counts a record sent twice once and keeps the time of the
 * inspection, not of the upload. A record the server refuses stays, with its reason, until the technician has
 * seen it.
 */
export class ScanQueue<Answer> {
  private readonly listeners = new Set<() => void>();
  private readonly deliveredListeners = new Set<(record: QueuedRecord, answer: Answer) => void>();
  private records: QueuedRecord[] = [];
  private snapshot: ScanQueueSnapshot = { waiting: [], refused: [] };
  private loaded: Promise<void> | null = null;
  private draining: Promise<DrainPass> | null = null;
  /** The pass asked for while one was on its way, run once that one ends. */
  private followUp: Promise<void> | null = null;
  private failures = 0;
  /** Server errors in a row, by record id. */
  private readonly serverErrors = new Map<string, number>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The record on its way to the server now, and those withdrawn meanwhile. */
  private sending: string | null = null;
  private readonly withdrawnWhileSending = new Set<string>();
  /** The last records delivered, with the server's answer: one withdrawn just after is undone on the server. */
  private readonly recentlyDelivered = new Map<string, { record: QueuedRecord; answer: Answer }>();
  private lastQueuedAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: ScanQueueOptions<Answer>) {
    this.now = options.now ?? Date.now;
  }

  /** Reads what earlier visits left and starts sending it; safe to call more than once. */
  start(): Promise<void> {
    if (!this.loaded) {
      this.loaded = this.reload();
      void this.loaded.then(() => this.drain());
    }
    return this.loaded;
  }

  getSnapshot = (): ScanQueueSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Called after each queued record the server accepted, with the server's answer, e.g. to re-read the orders
   * it changed. Called before the record leaves the waiting list, so a screen can show the answer in the same
   * render.
   */
  onDelivered(listener: (record: QueuedRecord, answer: Answer) => void): () => void {
    this.deliveredListeners.add(listener);
    return () => this.deliveredListeners.delete(listener);
  }

  /**
   * Sends a record, or keeps it when the server cannot be reached. While earlier records wait, a new one queues
   * behind them so the server receives them in the order they were made. A photo is always kept first and sent
   * from the device: its upload takes seconds, and a photo taken must not live only in the page's memory. So a
   * photo on its way holds nothing back: nothing depends on it, and the next scan must not wait for its upload.
   */
  async send(record: ToSend): Promise<Answer | ScanQueued> {
    await this.start();
    const userId = this.options.currentUserId();
    const keepFirst = keptFirst(record) && userId !== null;
    const ahead = this.snapshot.waiting.some((each) => !keptFirst(each));
    if (!keepFirst && (userId === null || !ahead)) {
      try {
        return await this.options.deliver(record);
      } catch (error) {
        if (userId === null || !isTransient(error)) throw error;
      }
    }
    const queued = await this.enqueue(record, userId!);
    void this.drain();
    return queued;
  }

  /**
   * Sends what waits, oldest first, until the queue is empty or the server is out of reach again. Asked while a
   * pass is on its way (the signal came back during a request that is about to fail, a record was kept as the
   * pass ended), another pass follows it at once: the request is not lost until the backoff's next attempt.
   */
  drain(): Promise<void> {
    if (!this.draining) {
      this.draining = this.drainOnce().finally(() => {
        this.draining = null;
      });
      return this.draining.then(() => undefined);
    }
    this.followUp ??= this.draining.then(
      (pass) => {
        this.followUp = null;
        // Worth another pass: the server was out of reach during this one, or a record came after its last
        // look. A record the server failed on (500) keeps its backoff.
        const untried = this.snapshot.waiting.some((record) => !pass.tried.has(recordId(record)));
        return pass.unavailable || untried ? this.drain() : undefined;
      },
      () => {
        this.followUp = null;
      },
    );
    return this.followUp;
  }

  /** The technician has read why the server refused this record. */
  async dismiss(id: string): Promise<void> {
    await this.options.storage.remove(id);
    this.setRecords(this.records.filter((record) => recordId(record) !== id));
  }

  /**
   * Takes a waiting record out before it is sent (a photo the technician removed). One on its way at this moment
   * cannot be called back, and one may have arrived since the screen showed it: when the server has it,
   * `onWithdrawnDelivered` hears of it (then or once it arrives).
   */
  async withdraw(id: string): Promise<void> {
    const delivered = this.recentlyDelivered.get(id);
    if (delivered) {
      this.recentlyDelivered.delete(id);
      this.options.onWithdrawnDelivered?.(delivered.record, delivered.answer);
      return;
    }
    if (this.sending === id) this.withdrawnWhileSending.add(id);
    this.serverErrors.delete(id);
    await this.options.storage.remove(id);
    this.setRecords(this.records.filter((record) => recordId(record) !== id));
  }

  /** Another chance now (the browser is back online, the app came to the front): forget the backoff. */
  retryNow(): void {
    this.failures = 0;
    void this.drain();
  }

  private async drainOnce(): Promise<DrainPass> {
    // Another tab may have queued or sent records since: the stored queue is the truth.
    await this.reload();
    // Oldest first, each record once a pass: records queued meanwhile are sent in the same pass, and a record
    // the server fails on does not hold back the ones after it, except its own device's (a finding waits for
    // its scan).
    const tried = new Set<string>();
    const heldDevices = new Set<string>();
    let retryLater = false;
    for (;;) {
      const record = this.snapshot.waiting.find((each) => !tried.has(recordId(each)));
      if (!record) break;
      const id = recordId(record);
      tried.add(id);
      if (heldDevices.has(deviceOf(record))) continue;
      let answer: Answer;
      this.sending = id;
      try {
        answer = await this.options.deliver(record);
      } catch (error) {
        this.sending = null;
        // Withdrawn on its way and not delivered: nothing more to do about it.
        if (this.withdrawnWhileSending.delete(id)) continue;
        if (isUnavailable(error)) {
          this.failures += 1;
          this.scheduleRetry();
          return { tried, unavailable: true };
        }
        // 401: the sign-in expired and the app goes to /login; the record waits for its owner to sign in again.
        if (error instanceof ApiError && error.status === 401) return { tried, unavailable: false };
        if (error instanceof ApiError && error.status >= 500) {
          const inARow = (this.serverErrors.get(id) ?? 0) + 1;
          this.serverErrors.set(id, inARow);
          if (inARow < MAX_SERVER_ERRORS) {
            retryLater = true;
            heldDevices.add(deviceOf(record));
            continue;
          }
          await this.setAside(record, SERVER_FAILED_REASONS[record.kind]);
          continue;
        }
        await this.setAside(record, (error instanceof ApiError && error.serverMessage) || 'Error desconocido');
        continue;
      }
      this.failures = 0;
      this.serverErrors.delete(id);
      if (!this.withdrawnWhileSending.has(id)) {
        // Listeners first: a trap marked as waiting turns done at once, never back to pending until a re-read.
        for (const listener of this.deliveredListeners) listener(record, answer);
        await this.options.storage.remove(id);
        this.setRecords(this.records.filter((each) => recordId(each) !== id));
        this.recentlyDelivered.set(id, { record, answer });
        if (this.recentlyDelivered.size > RECENTLY_DELIVERED) {
          this.recentlyDelivered.delete(this.recentlyDelivered.keys().next().value!);
        }
      }
      this.sending = null;
      if (this.withdrawnWhileSending.delete(id)) {
        this.recentlyDelivered.delete(id);
        this.options.onWithdrawnDelivered?.(record, answer);
      }
    }
    if (retryLater) {
      this.failures += 1;
      this.scheduleRetry();
    }
    return { tried, unavailable: false };
  }

  /** Keeps the record with the reason it will not be sent, until the technician has read it. */
  private async setAside(record: QueuedRecord, refusal: string): Promise<void> {
    const id = recordId(record);
    this.serverErrors.delete(id);
    const refused = { ...record, refusal };
    await this.options.storage.put(refused);
    this.setRecords(this.records.map((each) => (recordId(each) === id ? refused : each)));
  }

  /** The signed-in user changed: show that user's records, and send them. */
  userChanged(): void {
    this.setRecords(this.records);
    this.retryNow();
  }

  private async enqueue(record: ToSend, userId: number): Promise<ScanQueued> {
    const kept = { userId, queuedAt: this.nextQueuedAt(), refusal: null };
    let queued: QueuedRecord;
    if (isScan(record)) {
      const hash = qrHash(record.body.qrSlug);
      // The camera sees a label for several seconds, and a technician may scan a trap twice: a trap read again
      // while its scan waits is the same inspection.
      const same = this.snapshot.waiting.find(
        (each) =>
          each.kind === 'scan' && each.sessionId === record.sessionId && each.body.qrSlug === record.body.qrSlug,
      );
      if (same) return { queued: true, alreadyQueued: true, qrHash: same.qrHash };
      queued = { ...record, kind: 'scan', ...kept, qrHash: hash };
    } else {
      queued = { ...record, ...kept };
    }
    await this.options.storage.put(queued);
    this.setRecords([...this.records, queued]);
    this.options.onKept?.();
    return { queued: true, alreadyQueued: false, qrHash: queued.qrHash };
  }

  /** The device's clock, but never the same value twice nor going back: two records made in one millisecond keep their order. */
  private nextQueuedAt(): number {
    const latest = this.records.reduce((top, record) => Math.max(top, record.queuedAt), this.lastQueuedAt);
    this.lastQueuedAt = Math.max(this.now(), latest + 1);
    return this.lastQueuedAt;
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== null) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, this.failures - 1));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.drain();
    }, delay);
  }

  private async reload(): Promise<void> {
    this.setRecords(await this.options.storage.all());
  }

  private setRecords(records: QueuedRecord[]): void {
    // By id: a record stored while the stored queue was being read must not appear twice.
    const byId = new Map(records.map((record) => [recordId(record), record]));
    this.records = [...byId.values()].sort((a, b) => a.queuedAt - b.queuedAt);
    const userId = this.options.currentUserId();
    const mine = this.records.filter((record) => record.userId === userId);
    this.snapshot = {
      waiting: mine.filter((record) => record.refusal === null),
      refused: mine.filter((record) => record.refusal !== null),
    };
    for (const listener of this.listeners) listener();
  }
}
