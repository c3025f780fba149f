import { createStore, del, set, values } from 'idb-keyval';
import { qrHash } from '../../lib/qr-hash';
import {
  type QueuedAssessmentPhoto,
  type QueuedPhoto,
  type QueuedRecord,
  recordId,
  type ScanQueueStorage,
} from './scan-queue';

/**
 * A photo as it is stored: its bytes and type rather than the Blob. An ArrayBuffer survives every browser's
 * structured clone into IndexedDB (Safari long failed on Blobs there), and the stored row needs nothing else.
 */
type StoredPhoto<Photo extends QueuedPhoto | QueuedAssessmentPhoto> = Omit<Photo, 'photo'> & {
  photoBytes: ArrayBuffer;
  photoType: string;
};

type StoredRecord =
  | Exclude<QueuedRecord, QueuedPhoto | QueuedAssessmentPhoto>
  | StoredPhoto<QueuedPhoto>
  | StoredPhoto<QueuedAssessmentPhoto>;

/**
 * The queue in IndexedDB (its own database): it outlives a reload, a closed browser and a sign-out. Rows are
 * read as the current QueuedRecord: a phone updated while scans waited on it still holds rows written by the
 * earlier versions (no `kind`: every row was a scan; no `qrHash`: worked out here, the stored row unchanged).
 * A photo waits here, whole, until the server has it.
 */
export function indexedDbScanStorage(): ScanQueueStorage {
  const store = createStore('rondin-scan-queue', 'scans');
  return {
    all: async () => Promise.all((await values<Partial<StoredRecord>>(store)).map(current)),
    put: async (record) => set(recordId(record), await stored(record), store),
    remove: (id) => del(id, store),
  };
}

async function stored(record: QueuedRecord): Promise<StoredRecord> {
  if (record.kind !== 'photo' && record.kind !== 'assessment-photo') return record;
  const { photo, ...rest } = record;
  return { ...rest, photoBytes: await photo.arrayBuffer(), photoType: photo.type } as StoredRecord;
}

async function current(row: Partial<StoredRecord>): Promise<QueuedRecord> {
  const record = row as StoredRecord;
  if (record.kind === 'photo' || record.kind === 'assessment-photo') {
    const { photoBytes, photoType, ...rest } = record;
    return { ...rest, photo: new Blob([photoBytes], { type: photoType }) } as QueuedRecord;
  }
  if (record.kind === 'finding' || record.kind === 'exception' || record.kind === 'manual') return record;
  if (record.kind === 'photo-deletion') return record;
  if (record.kind === 'application' || record.kind === 'assessment') return record;
  return { ...record, kind: 'scan', qrHash: record.qrHash ?? qrHash(record.body.qrSlug) };
}
