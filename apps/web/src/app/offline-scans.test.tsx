import { createHash } from 'node:crypto';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type QueuedRecord, type QueuedScan, recordId, ScanQueue } from '../features/offline/scan-queue';
import { queryKeys } from '../lib/query-keys';
import { answerLater } from '../testing/answer-later';
import { createTestQueryClient } from '../testing/render';
import { useOfflineScans } from './offline-scans';

const hashOf = (slug: string) => createHash('sha256').update(slug, 'utf8').digest('hex');

/** A queue holding one scan an earlier visit saved, whose delivery the test answers. */
function queueWithSavedScan(deliver: () => Promise<unknown>) {
  const saved: QueuedScan = {
    kind: 'scan',
    sessionId: 12,
    body: {
      qrSlug: 'slug-1',
      clientScanId: '00000000-0000-4000-8000-000000000001',
      scannedAt: '2030-01-02T10:00:00.000Z',
    },
    userId: 7,
    queuedAt: 1,
    refusal: null,
    qrHash: hashOf('slug-1'),
  };
  const rows = new Map<string, QueuedRecord>([[saved.body.clientScanId, saved]]);
  return new ScanQueue<unknown>({
    storage: {
      all: async () => [...rows.values()],
      put: async (record) => void rows.set(recordId(record), record),
      remove: async (id) => void rows.delete(id),
    },
    deliver,
    currentUserId: () => 7,
  });
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>
);

describe('useOfflineScans', () => {
  it('sends what an earlier visit saved and reads the order again once it is delivered, even while its first read is on its way', async () => {
    const delivery = answerLater<unknown>();
    const queue = queueWithSavedScan(() => delivery.promise);
    const answers = [answerLater<string>(), answerLater<string>()];
    let reads = 0;
    const { result } = renderHook(
      () => {
        useOfflineScans(queue);
        return useQuery({ queryKey: queryKeys.session(12), queryFn: () => answers[reads++]!.promise });
      },
      { wrapper },
    );
    await vi.waitFor(() => expect(reads).toBe(1));
    // The app starts: the order is being read when the scan saved by an earlier visit reaches the server.
    await act(async () => delivery.resolve({}));
    answers[0]!.resolve('sin el escaneo');
    await vi.waitFor(() => expect(reads).toBe(2));
    answers[1]!.resolve('con el escaneo');
    await vi.waitFor(() => expect(result.current.data).toBe('con el escaneo'));
  });
});
