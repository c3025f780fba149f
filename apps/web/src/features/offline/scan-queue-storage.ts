import { createStore, del, set, values } from 'idb-keyval';
import type { ScanQueueStorage, StoredScan } from './scan-queue';

/** The queue in IndexedDB (its own database): it outlives a reload, a closed browser and a sign-out. */
export function indexedDbScanStorage(): ScanQueueStorage {
  const store = createStore('rondin-scan-queue', 'scans');
  return {
    all: () => values<StoredScan>(store),
    put: (scan) => set(scan.body.clientScanId, scan, store),
    remove: (clientScanId) => del(clientScanId, store),
  };
}
