import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  isAssessmentRecord,
  isScan,
  MAX_SERVER_ERRORS,
  type QueuedRecord,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  recordId,
  SERVER_FAILED_REASON,
  ScanQueue,
  type ScanQueueStorage,
  type ApplicationToSend,
  type ExceptionToSend,
  type FindingToSend,
  type PhotoToSend,
  type ScanToSend,
  type ToSend,
} from './scan-queue';

function memoryStorage(): ScanQueueStorage & { rows: Map<string, QueuedRecord> } {
  const rows = new Map<string, QueuedRecord>();
  return {
    rows,
    all: async () => [...rows.values()].map(copy),
    put: async (record) => void rows.set(recordId(record), copy(record)),
    remove: async (id) => void rows.delete(id),
  };
}

/** A stored copy, as IndexedDB gives back (a photo's bytes are checked through the IndexedDB storage's own test). */
function copy(record: QueuedRecord): QueuedRecord {
  if (record.kind !== 'photo') return structuredClone(record);
  const { photo: bytes, ...rest } = record;
  return { ...structuredClone(rest), photo: bytes };
}

/** A record as the tests name it: a scan by its code, anything else by its kind and trap. */
const label = (record: ToSend) =>
  isScan(record)
    ? record.body.qrSlug
    : `${record.kind}:${record.kind === 'application' ? record.productName : isAssessmentRecord(record) ? record.assessmentId : record.trapCode}`;

let counter = 0;
function scan(sessionId: number, qrSlug: string): ScanToSend {
  counter += 1;
  return {
    sessionId,
    body: {
      qrSlug,
      clientScanId: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
      scannedAt: `2030-01-02T10:00:${String(counter % 60).padStart(2, '0')}.000Z`,
    },
  };
}

/** A record about the item of the trap with this code: what the findings sheet and the trap list make. */
function finding(sessionId: number, qrSlug: string, activity: 'NINGUNA' | 'MEDIA' = 'NINGUNA'): FindingToSend {
  counter += 1;
  return {
    kind: 'finding',
    sessionId,
    itemId: 100 + counter,
    qrHash: hashOf(qrSlug),
    trapCode: `TRP-${qrSlug}`,
    body: {
      clientFindingId: `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
      recordedAt: '2030-01-02T10:01:00.000Z',
      deviceStatus: 'OK',
      activity,
    },
  };
}

function exception(sessionId: number, qrSlug: string): ExceptionToSend {
  counter += 1;
  return {
    kind: 'exception',
    sessionId,
    itemId: 100 + counter,
    qrHash: hashOf(qrSlug),
    trapCode: `TRP-${qrSlug}`,
    body: {
      clientScanId: `20000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
      reason: 'INACCESIBLE',
      note: 'Tapada por palés',
      recordedAt: '2030-01-02T10:02:00.000Z',
    },
  };
}

function photo(sessionId: number, qrSlug: string, bytes = [0xff, 0xd8, 0xff, 0xe0]): PhotoToSend {
  counter += 1;
  return {
    kind: 'photo',
    sessionId,
    itemId: 100 + counter,
    qrHash: hashOf(qrSlug),
    trapCode: `TRP-${qrSlug}`,
    body: {
      clientPhotoId: `30000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
      takenAt: '2030-01-02T10:03:00.000Z',
    },
    photo: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
  };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
/** The item's `trap.qrHash` the server gives for a trap with this code. */
const hashOf = (slug: string) => createHash('sha256').update(slug, 'utf8').digest('hex');
/** What `send` answers when it kept the scan. */
const kept = (slug: string, alreadyQueued = false) => ({ queued: true, alreadyQueued, qrHash: hashOf(slug) });
const refusedWith = (status: number, message: string) => Promise.reject(new ApiError(status, message));

/** A queue whose server the test controls: `server.mockImplementation(...)` decides each answer. */
function setup({ storage = memoryStorage(), userId = 7 as number | null } = {}) {
  const user = { id: userId };
  const server = vi.fn((_record: ToSend): Promise<string> => Promise.resolve('aceptado'));
  let clock = 1_000;
  const queue = new ScanQueue({ storage, deliver: server, currentUserId: () => user.id, now: () => (clock += 10) });
  const sentSlugs = () => server.mock.calls.map(([each]) => label(each));
  return { queue, server, storage, user, sentSlugs };
}

describe('ScanQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends straight to the server when it answers, keeping nothing on the device', async () => {
    const { queue, storage } = setup();
    await expect(queue.send(scan(1, 'slug-a'))).resolves.toBe('aceptado');
    expect(storage.rows.size).toBe(0);
    expect(queue.getSnapshot().waiting).toEqual([]);
  });

  it('keeps a scan that cannot reach the server, with its id, device time and owner', async () => {
    const { queue, server, storage } = setup();
    server.mockImplementation(offline);
    const made = scan(1, 'slug-a');
    await expect(queue.send(made)).resolves.toEqual(kept('slug-a'));
    const [stored] = storage.rows.values();
    expect(stored).toMatchObject({ sessionId: 1, body: made.body, userId: 7, refusal: null, qrHash: hashOf('slug-a') });
    expect(queue.getSnapshot().waiting).toHaveLength(1);
  });

  it('keeps a scan the server cannot serve now (5xx, 429) as it keeps one that cannot reach it', async () => {
    const { queue, server } = setup();
    server.mockImplementation(() => refusedWith(503, 'En mantenimiento'));
    await expect(queue.send(scan(1, 'slug-a'))).resolves.toEqual(kept('slug-a'));
    server.mockImplementation(() => refusedWith(429, 'Demasiadas solicitudes'));
    await expect(queue.send(scan(1, 'slug-b'))).resolves.toEqual(kept('slug-b'));
    expect(queue.getSnapshot().waiting.map(label)).toEqual(['slug-a', 'slug-b']);
  });

  it('rejects a scan the server refuses when nothing waits, keeping nothing', async () => {
    const { queue, server, storage } = setup();
    server.mockImplementation(() => refusedWith(409, 'La orden ya fue cerrada.'));
    await expect(queue.send(scan(1, 'slug-a'))).rejects.toMatchObject({ status: 409 });
    expect(storage.rows.size).toBe(0);
  });

  it('counts a trap read again while its scan waits once, keeping the first reading, and says it was already kept', async () => {
    const { queue, server, storage } = setup();
    server.mockImplementation(offline);
    const first = scan(1, 'slug-a');
    await expect(queue.send(first)).resolves.toEqual(kept('slug-a'));
    await expect(queue.send(scan(1, 'slug-a'))).resolves.toEqual(kept('slug-a', true));
    await expect(queue.send(scan(2, 'slug-a'))).resolves.toEqual(kept('slug-a'));
    expect(queue.getSnapshot().waiting.map((each) => [isScan(each) && each.sessionId, recordId(each)])).toEqual([
      [1, first.body.clientScanId],
      [2, expect.any(String)],
    ]);
    expect(storage.rows.size).toBe(2);
  });

  it('sends what waits in the order it was scanned once the server answers again, and says so', async () => {
    const { queue, server, sentSlugs } = setup();
    server.mockImplementation(offline);
    for (const slug of ['slug-a', 'slug-b', 'slug-c']) await queue.send(scan(1, slug));
    server.mockClear();
    server.mockImplementation(() => Promise.resolve('aceptado'));
    const delivered = vi.fn();
    queue.onDelivered(delivered);
    await queue.drain();
    expect(sentSlugs()).toEqual(['slug-a', 'slug-b', 'slug-c']);
    expect(delivered).toHaveBeenCalledTimes(3);
    expect(queue.getSnapshot().waiting).toEqual([]);
  });

  it('while scans wait, a new scan queues behind them rather than overtaking them', async () => {
    const { queue, server, sentSlugs } = setup();
    server.mockImplementation(offline);
    await queue.send(scan(1, 'slug-a'));
    server.mockClear();
    let answer: (value: string) => void = () => undefined;
    server.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const draining = queue.drain();
    await expect(queue.send(scan(1, 'slug-b'))).resolves.toEqual(kept('slug-b'));
    answer('aceptado');
    await vi.advanceTimersByTimeAsync(0);
    answer('aceptado');
    await draining;
    expect(sentSlugs()).toEqual(['slug-a', 'slug-b']);
  });

  it('does not let a scan the server fails on (500) hold back the scans after it, and sets it aside after repeated failures', async () => {
    const { queue, server, storage, sentSlugs } = setup();
    server.mockImplementation(offline);
    for (const slug of ['roto', 'slug-b', 'slug-c']) await queue.send(scan(1, slug));
    server.mockClear();
    server.mockImplementation((each) =>
      label(each) === 'roto' ? refusedWith(500, 'Error interno del servidor.') : Promise.resolve('aceptado'),
    );
    await queue.drain();
    expect(sentSlugs()).toEqual(['roto', 'slug-b', 'slug-c']);
    expect(queue.getSnapshot().waiting.map(label)).toEqual(['roto']);

    // Retried with the backoff, and given up on (visibly, with a reason) instead of retried for ever.
    for (let pass = 1; pass < MAX_SERVER_ERRORS; pass++) await vi.advanceTimersByTimeAsync(RETRY_MAX_MS);
    expect(sentSlugs().filter((slug) => slug === 'roto')).toHaveLength(MAX_SERVER_ERRORS);
    expect(queue.getSnapshot().waiting).toEqual([]);
    expect(queue.getSnapshot().refused).toMatchObject([{ body: { qrSlug: 'roto' }, refusal: SERVER_FAILED_REASON }]);
    expect([...storage.rows.values()]).toMatchObject([{ body: { qrSlug: 'roto' }, refusal: SERVER_FAILED_REASON }]);
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS * 4);
    expect(sentSlugs().filter((slug) => slug === 'roto')).toHaveLength(MAX_SERVER_ERRORS);
  });

  it('keeps every scan waiting, never setting any aside, while the server as a whole is unavailable (502–504)', async () => {
    const { queue, server } = setup();
    server.mockImplementation(offline);
    for (const slug of ['slug-a', 'slug-b']) await queue.send(scan(1, slug));
    server.mockImplementation(() => refusedWith(503, 'En mantenimiento'));
    for (let pass = 0; pass < MAX_SERVER_ERRORS * 2; pass++) await vi.advanceTimersByTimeAsync(RETRY_MAX_MS);
    expect(queue.getSnapshot().waiting.map(label)).toEqual(['slug-a', 'slug-b']);
    expect(queue.getSnapshot().refused).toEqual([]);
  });

  it('retries on its own with a growing delay while the server stays out of reach', async () => {
    const { queue, server } = setup();
    server.mockImplementation(offline);
    await queue.send(scan(1, 'slug-a'));
    await vi.advanceTimersByTimeAsync(0);
    const attempts = () => server.mock.calls.length;
    const before = attempts();
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS);
    expect(attempts()).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS);
    expect(attempts()).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS * 2);
    expect(attempts()).toBe(before + 2);
    server.mockImplementation(() => Promise.resolve('aceptado'));
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot().waiting).toEqual([]);
  });

  it('a retry asked for while a pass is on its way is not lost: the signal back mid-request sends at once', async () => {
    const { queue, server } = setup();
    server.mockImplementation(offline);
    await queue.send(scan(1, 'slug-a'));
    await vi.advanceTimersByTimeAsync(0);
    // A pass is on its way, its request about to fail (sent before the signal came back).
    let fail: (error: unknown) => void = () => undefined;
    server.mockImplementation(() => new Promise((_resolve, reject) => (fail = reject)));
    void queue.drain();
    await vi.advanceTimersByTimeAsync(0);
    server.mockImplementation(() => Promise.resolve('aceptado'));
    queue.retryNow();
    fail(new TypeError('Failed to fetch'));
    // No backoff to wait for: the 'online' event asked for another pass, and it runs as soon as this one ends.
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot().waiting).toEqual([]);
  });

  it('shows a scan the server refuses with its reason, sends the rest, and forgets it once read', async () => {
    const { queue, server, sentSlugs } = setup();
    server.mockImplementation(offline);
    await queue.send(scan(1, 'slug-a'));
    await queue.send(scan(2, 'slug-b'));
    server.mockClear();
    server.mockImplementation((each) =>
      isScan(each) && each.sessionId === 1 ? refusedWith(404, 'La orden no existe.') : Promise.resolve('aceptado'),
    );
    await queue.drain();
    expect(sentSlugs()).toEqual(['slug-a', 'slug-b']);
    const { waiting, refused } = queue.getSnapshot();
    expect(waiting).toEqual([]);
    expect(refused.map((each) => [label(each), each.refusal])).toEqual([['slug-a', 'La orden no existe.']]);
    await queue.dismiss(recordId(refused[0]!));
    expect(queue.getSnapshot().refused).toEqual([]);
  });

  it('an expired sign-in (401) leaves the scans waiting for their owner', async () => {
    const { queue, server } = setup();
    server.mockImplementation(offline);
    await queue.send(scan(1, 'slug-a'));
    server.mockImplementation(() => refusedWith(401, 'Tu sesión expiró.'));
    await queue.drain();
    expect(queue.getSnapshot().waiting).toHaveLength(1);
    expect(queue.getSnapshot().refused).toEqual([]);
  });

  it('survives a reload: a new queue on the same storage finds the scans and sends them', async () => {
    const storage = memoryStorage();
    const before = setup({ storage });
    before.server.mockImplementation(offline);
    await before.queue.send(scan(1, 'slug-a'));
    await before.queue.send(scan(1, 'slug-b'));

    const after = setup({ storage });
    await after.queue.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(after.sentSlugs()).toEqual(['slug-a', 'slug-b']);
    expect(storage.rows.size).toBe(0);
  });

  it("keeps each user's scans for that user: another sign-in neither sees nor sends them", async () => {
    const storage = memoryStorage();
    const first = setup({ storage, userId: 7 });
    first.server.mockImplementation(offline);
    await first.queue.send(scan(1, 'slug-a'));

    const other = setup({ storage, userId: 8 });
    await other.queue.start();
    await other.queue.drain();
    expect(other.queue.getSnapshot().waiting).toEqual([]);
    expect(other.server).not.toHaveBeenCalled();

    other.user.id = 7;
    other.queue.userChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(other.sentSlugs()).toEqual(['slug-a']);
  });

  it('marks a scan with the hash of its code as the server matches it, without surrounding spaces', async () => {
    const { queue, server } = setup();
    server.mockImplementation(offline);
    await queue.send(scan(1, ' slug-a  '));
    expect(queue.getSnapshot().waiting[0]!.qrHash).toBe(hashOf('slug-a'));
  });

  it('marks a scan with its hash where the page offers no Web Crypto (not a secure page)', async () => {
    vi.stubGlobal('crypto', {});
    try {
      const { queue, server, storage } = setup();
      server.mockImplementation(offline);
      await expect(queue.send(scan(1, 'slug-a'))).resolves.toEqual(kept('slug-a'));
      expect([...storage.rows.values()][0]).toMatchObject({ qrHash: hashOf('slug-a') });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("tells its listeners of a delivered scan, with the server's answer, before the scan leaves the waiting list", async () => {
    const { queue, server } = setup();
    server.mockImplementation(offline);
    await queue.send(scan(1, 'slug-a'));
    server.mockImplementation(() => Promise.resolve('aceptado'));
    const seen: [string, string, number][] = [];
    queue.onDelivered((delivered, answer) => seen.push([label(delivered), answer, queue.getSnapshot().waiting.length]));
    await queue.drain();
    expect(seen).toEqual([['slug-a', 'aceptado', 1]]);
    expect(queue.getSnapshot().waiting).toEqual([]);
  });

  it('with nobody signed in, a scan is not kept: there is no one to send it for', async () => {
    const { queue, server } = setup({ userId: null });
    server.mockImplementation(offline);
    await expect(queue.send(scan(1, 'slug-a'))).rejects.toBeInstanceOf(TypeError);
  });
});

describe('ScanQueue with findings, exceptions and photos', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps every kind the phone records in one queue and sends them in the order they were made, each once', async () => {
    const { queue, server, storage, sentSlugs } = setup();
    server.mockImplementation(offline);
    await queue.send(scan(1, 'slug-a'));
    await queue.send(finding(1, 'slug-a', 'MEDIA'));
    await queue.send(photo(1, 'slug-a'));
    await queue.send(exception(1, 'slug-b'));
    await queue.send(scan(1, 'slug-c'));
    await queue.send(finding(1, 'slug-c'));
    expect(queue.getSnapshot().waiting.map((each) => each.kind)).toEqual([
      'scan',
      'finding',
      'photo',
      'exception',
      'scan',
      'finding',
    ]);
    expect(storage.rows.size).toBe(6);

    server.mockClear();
    server.mockImplementation(() => Promise.resolve('aceptado'));
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    // A second pass (the connection event and the backoff may both fire) finds nothing left to send.
    await queue.drain();
    expect(sentSlugs()).toEqual([
      'slug-a',
      'finding:TRP-slug-a',
      'photo:TRP-slug-a',
      'exception:TRP-slug-b',
      'slug-c',
      'finding:TRP-slug-c',
    ]);
    expect(storage.rows.size).toBe(0);
    expect(queue.getSnapshot().waiting).toEqual([]);
  });

  it('sends each record with the id it was given when it was recorded, whatever the attempt', async () => {
    const { queue, server } = setup();
    server.mockImplementation(offline);
    const made = finding(1, 'slug-a');
    await queue.send(made);
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS);
    server.mockImplementation(() => Promise.resolve('aceptado'));
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    const ids = server.mock.calls.map(([each]) => recordId(each));
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids)).toEqual(new Set([made.body.clientFindingId]));
  });

  it('keeps a photo on the device before sending it, with its bytes, even when the server answers', async () => {
    const { queue, server, storage } = setup();
    let answer: (value: string) => void = () => undefined;
    server.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const made = photo(1, 'slug-a', [0xff, 0xd8, 0xff, 0xdb, 1, 2, 3]);
    await expect(queue.send(made)).resolves.toEqual({ queued: true, alreadyQueued: false, qrHash: hashOf('slug-a') });
    const [stored] = storage.rows.values();
    expect(stored).toMatchObject({ kind: 'photo', body: made.body, userId: 7, refusal: null });
    expect(new Uint8Array(await (stored as PhotoToSend).photo.arrayBuffer())).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 1, 2, 3]),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(server).toHaveBeenCalledTimes(1);
    answer('aceptado');
    await vi.advanceTimersByTimeAsync(0);
    expect(storage.rows.size).toBe(0);
  });

  it('does not make the next scan wait while a photo uploads: nothing depends on a photo', async () => {
    const { queue, server } = setup();
    server.mockImplementation((record) =>
      record.kind === 'photo' ? new Promise(() => undefined) : Promise.resolve('aceptado'),
    );
    await queue.send(photo(1, 'slug-a'));
    await vi.advanceTimersByTimeAsync(0);
    await expect(queue.send(scan(1, 'slug-b'))).resolves.toBe('aceptado');
    await expect(queue.send(finding(1, 'slug-b'))).resolves.toBe('aceptado');
    expect(queue.getSnapshot().waiting.map((each) => each.kind)).toEqual(['photo']);
  });

  it("holds a device's finding back while its scan fails on the server (500), letting other devices go", async () => {
    const { queue, server, sentSlugs } = setup();
    server.mockImplementation(offline);
    await queue.send(scan(1, 'roto'));
    await queue.send(finding(1, 'roto'));
    await queue.send(scan(1, 'slug-b'));
    await queue.send(finding(1, 'slug-b'));
    server.mockClear();
    server.mockImplementation((each) =>
      label(each) === 'roto' ? refusedWith(500, 'Error interno del servidor.') : Promise.resolve('aceptado'),
    );
    await queue.drain();
    expect(sentSlugs()).toEqual(['roto', 'slug-b', 'finding:TRP-slug-b']);
    expect(queue.getSnapshot().waiting.map(label)).toEqual(['roto', 'finding:TRP-roto']);

    // Once the scan goes through, its finding follows it.
    server.mockImplementation(() => Promise.resolve('aceptado'));
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS);
    expect(sentSlugs().slice(3)).toEqual(['roto', 'finding:TRP-roto']);
    expect(queue.getSnapshot().waiting).toEqual([]);
  });

  it('shows a finding the server refuses with its reason until read, and sends the rest', async () => {
    const { queue, server } = setup();
    server.mockImplementation(offline);
    await queue.send(finding(1, 'slug-a'));
    await queue.send(exception(1, 'slug-b'));
    server.mockImplementation((each) =>
      each.kind === 'finding'
        ? refusedWith(409, 'Escanea la trampa antes de registrar lo que encontraste.')
        : Promise.resolve('aceptado'),
    );
    await queue.drain();
    const { waiting, refused } = queue.getSnapshot();
    expect(waiting).toEqual([]);
    expect(refused.map((each) => [label(each), each.refusal])).toEqual([
      ['finding:TRP-slug-a', 'Escanea la trampa antes de registrar lo que encontraste.'],
    ]);
    await queue.dismiss(recordId(refused[0]!));
    expect(queue.getSnapshot().refused).toEqual([]);
  });

  it('survives a reload with every kind, photos whole, and sends them in order', async () => {
    const storage = memoryStorage();
    const before = setup({ storage });
    before.server.mockImplementation(offline);
    await before.queue.send(scan(1, 'slug-a'));
    await before.queue.send(finding(1, 'slug-a'));
    await before.queue.send(photo(1, 'slug-a', [0xff, 0xd8, 0xff, 9]));
    await before.queue.send(exception(1, 'slug-b'));

    const after = setup({ storage });
    const sentPhotos: Blob[] = [];
    after.server.mockImplementation(async (record) => {
      if (record.kind === 'photo') sentPhotos.push(record.photo);
      return 'aceptado';
    });
    await after.queue.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(after.sentSlugs()).toEqual(['slug-a', 'finding:TRP-slug-a', 'photo:TRP-slug-a', 'exception:TRP-slug-b']);
    expect(new Uint8Array(await sentPhotos[0]!.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 9]));
    expect(storage.rows.size).toBe(0);
  });

  it('keeps the order of records made within the same millisecond', async () => {
    const storage = memoryStorage();
    const queue = new ScanQueue({
      storage,
      deliver: offline,
      currentUserId: () => 7,
      now: () => 5_000,
    });
    await queue.send(scan(1, 'slug-a'));
    await queue.send(finding(1, 'slug-a'));
    await queue.send(photo(1, 'slug-a'));
    const stamps = [...storage.rows.values()].map((each) => each.queuedAt).sort((a, b) => a - b);
    expect(new Set(stamps).size).toBe(3);
    const reloaded = new ScanQueue({ storage, deliver: offline, currentUserId: () => 7 });
    await reloaded.start();
    expect(reloaded.getSnapshot().waiting.map((each) => each.kind)).toEqual(['scan', 'finding', 'photo']);
  });

  it('says each time it keeps something on the device, so the app can ask to keep its storage', async () => {
    const onKept = vi.fn();
    const queue = new ScanQueue({ storage: memoryStorage(), deliver: offline, currentUserId: () => 7, onKept });
    await queue.send(scan(1, 'slug-a'));
    expect(onKept).toHaveBeenCalledTimes(1);
    await queue.send(scan(1, 'slug-a'));
    expect(onKept).toHaveBeenCalledTimes(1);
    await queue.send(finding(1, 'slug-a'));
    expect(onKept).toHaveBeenCalledTimes(2);
  });
});

describe('ScanQueue: a photo removed on the phone', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function withdrawing() {
    const storage = memoryStorage();
    const server = vi.fn((_record: ToSend): Promise<string> => Promise.resolve('aceptado'));
    const undo = vi.fn();
    const queue = new ScanQueue({ storage, deliver: server, currentUserId: () => 7, onWithdrawnDelivered: undo });
    return { queue, server, storage, undo };
  }

  it('drops a photo still waiting: it is never sent and leaves the device', async () => {
    const { queue, server, storage, undo } = withdrawing();
    server.mockImplementation(offline);
    const made = photo(1, 'slug-a');
    await queue.send(made);
    await queue.send(finding(1, 'slug-b'));
    expect(storage.rows.size).toBe(2);
    await queue.withdraw(made.body.clientPhotoId);
    expect(queue.getSnapshot().waiting.map((each) => each.kind)).toEqual(['finding']);
    expect([...storage.rows.values()].map((each) => each.kind)).toEqual(['finding']);
    server.mockClear();
    server.mockImplementation(() => Promise.resolve('aceptado'));
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    await queue.drain();
    expect(server.mock.calls.map(([each]) => each.kind)).toEqual(['finding']);
    expect(undo).not.toHaveBeenCalled();
  });

  it('a photo removed during its upload that the server takes all the same is handed over to be deleted there', async () => {
    const { queue, server, storage, undo } = withdrawing();
    let answer: (value: string) => void = () => undefined;
    server.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const made = photo(1, 'slug-a');
    await queue.send(made);
    await vi.advanceTimersByTimeAsync(0);
    expect(server).toHaveBeenCalledTimes(1);
    await queue.withdraw(made.body.clientPhotoId);
    expect(queue.getSnapshot().waiting).toEqual([]);
    answer('foto 55');
    await vi.advanceTimersByTimeAsync(0);
    expect(undo).toHaveBeenCalledWith(expect.objectContaining({ kind: 'photo', body: made.body }), 'foto 55');
    expect(storage.rows.size).toBe(0);
    expect(queue.getSnapshot().waiting).toEqual([]);
  });

  it('a photo removed during an upload that fails is simply gone: nothing kept, nothing to delete', async () => {
    const { queue, server, storage, undo } = withdrawing();
    let fail: (error: Error) => void = () => undefined;
    server.mockImplementation(() => new Promise((_resolve, reject) => (fail = reject)));
    const made = photo(1, 'slug-a');
    await queue.send(made);
    await vi.advanceTimersByTimeAsync(0);
    await queue.withdraw(made.body.clientPhotoId);
    fail(new ApiError(500, 'Error interno'));
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS);
    expect(server).toHaveBeenCalledTimes(1);
    expect(storage.rows.size).toBe(0);
    expect(queue.getSnapshot()).toEqual({ waiting: [], refused: [] });
    expect(undo).not.toHaveBeenCalled();
  });

  it('a photo removed just after it arrived (the screen still showed it waiting) is handed over to be deleted', async () => {
    const { queue, undo } = withdrawing();
    const made = photo(1, 'slug-a');
    await queue.send(made);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot().waiting).toEqual([]);
    await queue.withdraw(made.body.clientPhotoId);
    expect(undo).toHaveBeenCalledWith(expect.objectContaining({ kind: 'photo', body: made.body }), 'aceptado');
    // Once: a second removal of the same photo hands nothing over again.
    await queue.withdraw(made.body.clientPhotoId);
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('keeps the removal of a photo the server has like any record: sent in order, once, when the signal returns', async () => {
    const { queue, server, storage } = withdrawing();
    server.mockImplementation(offline);
    const removal: ToSend = {
      kind: 'photo-deletion',
      sessionId: 1,
      itemId: 101,
      qrHash: hashOf('slug-a'),
      trapCode: 'TRP-slug-a',
      body: {
        clientDeletionId: '40000000-0000-4000-8000-000000000001',
        photoId: 55,
        deletedAt: '2030-01-02T10:05:00Z',
      },
    };
    await queue.send(removal);
    expect(recordId(removal)).toBe('40000000-0000-4000-8000-000000000001');
    expect([...storage.rows.values()]).toEqual([
      expect.objectContaining({ kind: 'photo-deletion', body: removal.body }),
    ]);
    server.mockImplementation(() => Promise.resolve('borrada'));
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    await queue.drain();
    // Tried once at once (out of reach), then sent from the device.
    expect(server.mock.calls.map(([each]) => each.kind)).toEqual(['photo-deletion', 'photo-deletion']);
    expect(storage.rows.size).toBe(0);
  });

  it('keeps an application made offline, not held behind any device, and sends it once with its own id', async () => {
    const { queue, server, storage, sentSlugs } = setup();
    server.mockImplementation(offline);
    await queue.send(scan(1, 'slug-a'));
    const made: ApplicationToSend = {
      kind: 'application',
      sessionId: 1,
      qrHash: null,
      productName: 'Brodifacoum Bloque 25',
      body: {
        clientApplicationId: 'b7f3a9e2-5c1d-4e8f-9a2b-3c4d5e6f7a8b',
        productId: 3,
        batch: 'L-2291',
        quantity: 120,
        unit: 'g',
        method: 'Cebo en portacebos',
        endedAt: '2026-05-04T08:30:00.000Z',
      },
    };
    await expect(queue.send(made)).resolves.toMatchObject({ queued: true, qrHash: null });
    expect(recordId(made)).toBe(made.body.clientApplicationId);
    expect(storage.rows.get(made.body.clientApplicationId)).toMatchObject({ kind: 'application', userId: 7 });
    server.mockClear();
    server.mockImplementation(() => Promise.resolve('aceptado'));
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sentSlugs()).toEqual(['slug-a', 'application:Brodifacoum Bloque 25']);
    expect(server.mock.calls[1]![0]).toMatchObject(made);
    expect(queue.getSnapshot().waiting).toEqual([]);
    expect(storage.rows.size).toBe(0);
  });
});
