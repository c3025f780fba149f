import { createStore, del, set, values } from 'idb-keyval';
import { qrHashOf } from './qr-hash';
import type { QueuedScan, ScanQueueStorage } from './scan-queue';

/**
 * The queue in IndexedDB (its own database): it outlives a reload, a closed browser and a sign-out. Rows are
 * read as the current QueuedScan: a phone updated while scans waited on it still holds rows written by the
 * earlier versions (no `kind`: every row was a scan; no `qrHash`: worked out here, the stored row unchanged).
 */
export function indexedDbScanStorage(): ScanQueueStorage {
  const store = createStore('rondin-scan-queue', 'scans');
  return {
    all: async () => Promise.all((await values<Partial<QueuedScan>>(store)).map(current)),
    put: (scan) => set(scan.body.clientScanId, scan, store),
    remove: (clientScanId) => del(clientScanId, store),
  };
}

async function current(row: Partial<QueuedScan>): Promise<QueuedScan> {
  const scan = row as QueuedScan;
  return { ...scan, kind: scan.kind ?? 'scan', qrHash: scan.qrHash ?? (await qrHashOf(scan.body.qrSlug)) };
}
