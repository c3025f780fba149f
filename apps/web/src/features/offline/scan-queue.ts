import { ApiError, isUnreachable } from '../../lib/api-client';
import { qrHashOf } from './qr-hash';

/** One reading of a trap's code, as the scan screen sends it (POST /api/sessions/{id}/scan). */
export interface ScanToSend {
  sessionId: number;
  body: { qrSlug: string; clientScanId: string; scannedAt: string };
}

/**
 * A scan kept on the device because the server could not be reached when it was made. `kind` names the
 * request, so findings and photos can wait in the same queue, in the same order (see the feature's README).
 */
export interface QueuedScan extends ScanToSend {
  kind: 'scan';
  /** Whose scan it is: only that user's sign-in may send it. */
  userId: number;
  /** When it entered the queue (device clock, ms): the queue is sent in this order. */
  queuedAt: number;
  /** The server's reason when it refused the scan (a 4xx); null while it waits to be sent. */
  refusal: string | null;
  /**
   * SHA-256 of the scanned code (qr-hash.ts), to mark the trap whose item carries the same `trap.qrHash`;
   * null where the browser could not compute it.
   */
  qrHash: string | null;
}

/** The durable part: IndexedDB in the app (scan-queue-storage.ts), memory in the tests. */
export interface ScanQueueStorage {
  all(): Promise<QueuedScan[]>;
  put(scan: QueuedScan): Promise<void>;
  remove(clientScanId: string): Promise<void>;
}

/** What `send` resolves with when the scan stayed on the device instead of reaching the server. */
export interface ScanQueued {
  queued: true;
  /** The same trap of the same order was already waiting: nothing new was kept. */
  alreadyQueued: boolean;
  /** The kept scan's qrHash. */
  qrHash: string | null;
}

export interface ScanQueueSnapshot {
  /** The signed-in user's scans waiting to be sent, oldest first. */
  waiting: readonly QueuedScan[];
  /** The signed-in user's scans the server refused, until the technician has read why. */
  refused: readonly QueuedScan[];
}

export interface ScanQueueOptions<Answer> {
  storage: ScanQueueStorage;
  /** Sends one scan to the server; rejects with ApiError for an answer other than 2xx. */
  deliver: (scan: ScanToSend) => Promise<Answer>;
  /** The signed-in user's id, null when nobody is signed in. */
  currentUserId: () => number | null;
  now?: () => number;
}

/** Retry delays after a failed attempt: 2 s, doubling, at most 30 s (a small POST, cheap to retry). */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

/**
 * A scan the server failed on (500) this many times in a row is set aside with a reason, like a refused one:
 * a scan that can never succeed must not wait in the queue, and be retried, for ever.
 */
export const MAX_SERVER_ERRORS = 5;

/** What the technician reads about a scan set aside after repeated server errors. */
export const SERVER_FAILED_REASON =
  'El servidor no pudo registrar este escaneo tras varios intentos. Escanea la trampa de nuevo o avisa al administrador.';

/**
 * A failure worth retrying: the server was not reached, or answered that it cannot serve now (5xx, 408, 429).
 * Any other 4xx is the server's refusal of this scan, final.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408 || error.status === 429;
  return isUnreachable(error);
}

/**
 * The server as a whole cannot serve now (out of reach, a proxy's 502–504, 408, 429): every scan waits and
 * the queue tries again later. A 500 is about the scan it answered: the others go on meanwhile.
 */
function isUnavailable(error: unknown): boolean {
  if (error instanceof ApiError) return [408, 429, 502, 503, 504].includes(error.status);
  return isUnreachable(error);
}

/**
 * Scans that could not reach the server wait here, in IndexedDB, and are sent in the order they were made when
 * the connection returns. Each keeps the id and time the device gave it, so the server counts a scan sent
 * twice once and records the time of the inspection, not of the upload. A scan the server refuses stays, with
 * its reason, until the technician has seen it.
 */
export class ScanQueue<Answer> {
  private readonly listeners = new Set<() => void>();
  private readonly deliveredListeners = new Set<(scan: QueuedScan, answer: Answer) => void>();
  private scans: QueuedScan[] = [];
  private snapshot: ScanQueueSnapshot = { waiting: [], refused: [] };
  private loaded: Promise<void> | null = null;
  private draining: Promise<void> | null = null;
  private failures = 0;
  /** Server errors in a row, by client scan id. */
  private readonly serverErrors = new Map<string, number>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
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
   * Called after each queued scan the server accepted, with the server's answer, e.g. to re-read the orders it
   * changed. Called before the scan leaves the waiting list, so a screen can show the answer in the same render.
   */
  onDelivered(listener: (scan: QueuedScan, answer: Answer) => void): () => void {
    this.deliveredListeners.add(listener);
    return () => this.deliveredListeners.delete(listener);
  }

  /**
   * Sends a scan, or keeps it when the server cannot be reached. While earlier scans wait, a new one queues
   * behind them so the server receives them in the order they were made.
   */
  async send(scan: ScanToSend): Promise<Answer | ScanQueued> {
    await this.start();
    const userId = this.options.currentUserId();
    if (userId === null || this.snapshot.waiting.length === 0) {
      try {
        return await this.options.deliver(scan);
      } catch (error) {
        if (userId === null || !isTransient(error)) throw error;
      }
    }
    const queued = await this.enqueue(scan, userId);
    void this.drain();
    return queued;
  }

  /** Sends what waits, oldest first, until the queue is empty or the server is out of reach again. */
  drain(): Promise<void> {
    this.draining ??= this.drainOnce().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /** The technician has read why the server refused this scan. */
  async dismiss(clientScanId: string): Promise<void> {
    await this.options.storage.remove(clientScanId);
    this.setScans(this.scans.filter((scan) => scan.body.clientScanId !== clientScanId));
  }

  /** Another chance now (the browser is back online, the app came to the front): forget the backoff. */
  retryNow(): void {
    this.failures = 0;
    void this.drain();
  }

  private async drainOnce(): Promise<void> {
    // Another tab may have queued or sent scans since: the stored queue is the truth.
    await this.reload();
    // Oldest first, each scan once a pass: scans queued meanwhile are sent in the same pass, and a scan the
    // server fails on does not hold back the ones after it.
    const tried = new Set<string>();
    let retryLater = false;
    for (;;) {
      const scan = this.snapshot.waiting.find((each) => !tried.has(each.body.clientScanId));
      if (!scan) break;
      const id = scan.body.clientScanId;
      tried.add(id);
      let answer: Answer;
      try {
        answer = await this.options.deliver(scan);
      } catch (error) {
        if (isUnavailable(error)) {
          this.failures += 1;
          this.scheduleRetry();
          return;
        }
        // 401: the sign-in expired and the app goes to /login; the scan waits for its owner to sign in again.
        if (error instanceof ApiError && error.status === 401) return;
        if (error instanceof ApiError && error.status >= 500) {
          const inARow = (this.serverErrors.get(id) ?? 0) + 1;
          this.serverErrors.set(id, inARow);
          if (inARow < MAX_SERVER_ERRORS) {
            retryLater = true;
            continue;
          }
          await this.setAside(scan, SERVER_FAILED_REASON);
          continue;
        }
        await this.setAside(scan, (error instanceof ApiError && error.serverMessage) || 'Error desconocido');
        continue;
      }
      this.failures = 0;
      this.serverErrors.delete(id);
      // Listeners first: a trap marked as waiting turns done at once, never back to pending until a re-read.
      for (const listener of this.deliveredListeners) listener(scan, answer);
      await this.options.storage.remove(id);
      this.setScans(this.scans.filter((each) => each.body.clientScanId !== id));
    }
    if (retryLater) {
      this.failures += 1;
      this.scheduleRetry();
    }
  }

  /** Keeps the scan with the reason it will not be sent, until the technician has read it. */
  private async setAside(scan: QueuedScan, refusal: string): Promise<void> {
    this.serverErrors.delete(scan.body.clientScanId);
    const refused = { ...scan, refusal };
    await this.options.storage.put(refused);
    this.setScans(this.scans.map((each) => (each.body.clientScanId === refused.body.clientScanId ? refused : each)));
  }

  /** The signed-in user changed: show that user's scans, and send them. */
  userChanged(): void {
    this.setScans(this.scans);
    this.retryNow();
  }

  private async enqueue(scan: ScanToSend, userId: number): Promise<ScanQueued> {
    const qrHash = await qrHashOf(scan.body.qrSlug);
    // The camera sees a label for several seconds, and a technician may scan a trap twice: a trap read again
    // while its scan waits is the same inspection.
    const same = this.snapshot.waiting.find(
      (each) => each.sessionId === scan.sessionId && each.body.qrSlug === scan.body.qrSlug,
    );
    if (same) return { queued: true, alreadyQueued: true, qrHash: same.qrHash };
    const queued: QueuedScan = { kind: 'scan', ...scan, userId, queuedAt: this.now(), refusal: null, qrHash };
    await this.options.storage.put(queued);
    this.setScans([...this.scans, queued]);
    return { queued: true, alreadyQueued: false, qrHash };
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
    this.setScans(await this.options.storage.all());
  }

  private setScans(scans: QueuedScan[]): void {
    // By id: a scan stored while the stored queue was being read must not appear twice.
    const byId = new Map(scans.map((scan) => [scan.body.clientScanId, scan]));
    this.scans = [...byId.values()].sort((a, b) => a.queuedAt - b.queuedAt);
    const userId = this.options.currentUserId();
    const mine = this.scans.filter((scan) => scan.userId === userId);
    this.snapshot = {
      waiting: mine.filter((scan) => scan.refusal === null),
      refused: mine.filter((scan) => scan.refusal !== null),
    };
    for (const listener of this.listeners) listener();
  }
}
