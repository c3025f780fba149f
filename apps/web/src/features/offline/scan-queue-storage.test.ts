import { createHash } from 'node:crypto';
import { createStore, get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import type { QueuedRecord } from './scan-queue';
import { indexedDbScanStorage } from './scan-queue-storage';

const hashOf = (slug: string) => createHash('sha256').update(slug, 'utf8').digest('hex');

describe('indexedDbScanStorage', () => {
  it('reads a scan an earlier version of the app left waiting (no kind, no hash) as a scan with its hash, leaving the row as it was', async () => {
    const legacy = {
      sessionId: 4,
      body: {
        qrSlug: 'abcd1234efgh5678jkmn',
        clientScanId: '00000000-0000-4000-8000-000000000001',
        scannedAt: '2030-01-02T10:00:00.000Z',
      },
      userId: 7,
      queuedAt: 500,
      refusal: null,
    };
    await set(legacy.body.clientScanId, legacy, createStore('rondin-scan-queue', 'scans'));
    const storage = indexedDbScanStorage();
    expect(await storage.all()).toEqual([{ ...legacy, kind: 'scan', qrHash: hashOf('abcd1234efgh5678jkmn') }]);
    expect(await get(legacy.body.clientScanId, createStore('rondin-scan-queue', 'scans'))).toEqual(legacy);
  });
});

describe('indexedDbScanStorage with every kind', () => {
  it('keeps a photo whole in IndexedDB until it is removed, and every kind by the id the phone gave it', async () => {
    const storage = indexedDbScanStorage();
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
    const kept = { userId: 7, refusal: null, sessionId: 4, itemId: 9, qrHash: hashOf('slug'), trapCode: 'TRP-009' };
    const photo: QueuedRecord = {
      ...kept,
      kind: 'photo',
      queuedAt: 2,
      body: { clientPhotoId: '30000000-0000-4000-8000-000000000001', takenAt: '2030-01-02T10:00:00.000Z' },
      photo: new Blob([bytes], { type: 'image/jpeg' }),
    };
    const finding: QueuedRecord = {
      ...kept,
      kind: 'finding',
      queuedAt: 1,
      body: {
        clientFindingId: '10000000-0000-4000-8000-000000000001',
        recordedAt: '2030-01-02T10:00:00.000Z',
        deviceStatus: 'OK',
      },
    };
    await storage.put(photo);
    await storage.put(finding);

    // A new page (a reload) reads them back from the same database.
    const rows = await indexedDbScanStorage().all();
    const read = rows.find((row) => row.kind === 'photo');
    expect(read).toMatchObject({ kind: 'photo', body: photo.body, itemId: 9, trapCode: 'TRP-009' });
    const blob = (read as Extract<QueuedRecord, { kind: 'photo' }>).photo;
    expect(blob.type).toBe('image/jpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(rows.find((row) => row.kind === 'finding')).toEqual(finding);

    await storage.remove('30000000-0000-4000-8000-000000000001');
    await storage.remove('10000000-0000-4000-8000-000000000001');
    expect((await storage.all()).filter((row) => row.kind !== 'scan')).toEqual([]);
  });
});
