import { createHash } from 'node:crypto';
import { createStore, get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
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
