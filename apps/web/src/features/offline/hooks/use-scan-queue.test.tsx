import { createHash } from 'node:crypto';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { answerRequests, networkError } from '../../../testing/network';
import { createTestQueryClient } from '../../../testing/render';
import { type QueuedRecord, type QueuedScan, recordId, ScanQueue } from '../scan-queue';
import { useCloseBlockedReason, useWaitingByItem, useWaitingQrHashes } from './use-scan-queue';

function offlineQueue(
  deliver: () => Promise<unknown> = () => Promise.reject(new TypeError('Failed to fetch')),
  stored: QueuedScan[] = [],
) {
  const rows = new Map<string, QueuedRecord>(stored.map((scan) => [scan.body.clientScanId, scan]));
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

const hashOf = (slug: string) => createHash('sha256').update(slug, 'utf8').digest('hex');
const scanOf = (n: number, sessionId: number) => ({
  sessionId,
  body: {
    qrSlug: `slug-${n}`,
    clientScanId: `00000000-0000-4000-8000-00000000000${n}`,
    scannedAt: '2030-01-02T10:00:00.000Z',
  },
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>
);

describe('useCloseBlockedReason', () => {
  afterEach(() => {
    window.dispatchEvent(new Event('online'));
  });

  it('says nothing while the server answers and no scan of the order waits', () => {
    const { result } = renderHook(() => useCloseBlockedReason(offlineQueue(), 12), { wrapper });
    expect(result.current).toBeNull();
  });

  it("counts the order's own waiting scans, not another order's", async () => {
    const queue = offlineQueue();
    const { result } = renderHook(() => useCloseBlockedReason(queue, 12), { wrapper });
    await act(async () => {
      for (const [n, sessionId] of [
        [1, 12],
        [2, 12],
        [3, 40],
      ] as const) {
        await queue.send(scanOf(n, sessionId));
      }
    });
    expect(result.current).toBe('Hay 2 escaneos de esta orden por enviar: podrás cerrarla cuando se hayan enviado.');
  });

  it('explains that closing needs the server once a request could not reach it', async () => {
    const { result } = renderHook(() => useCloseBlockedReason(offlineQueue(), 12), { wrapper });
    answerRequests(networkError);
    await act(() => apiRequest('/sessions/12').catch(() => undefined));
    expect(result.current).toBe('Sin conexión: para cerrar la orden se necesita conexión con el servidor.');
  });
});

describe('useWaitingQrHashes', () => {
  it("holds the hash of each of the order's waiting scans, not another order's", async () => {
    const queue = offlineQueue();
    const { result } = renderHook(() => useWaitingQrHashes(queue, 12), { wrapper });
    expect(result.current.size).toBe(0);
    await act(async () => {
      for (const [n, sessionId] of [
        [1, 12],
        [2, 12],
        [3, 40],
      ] as const)
        await queue.send(scanOf(n, sessionId));
    });
    expect([...result.current].sort()).toEqual([hashOf('slug-1'), hashOf('slug-2')].sort());
  });

  it('lets go of a scan the server refused: its trap is pending again', async () => {
    let answer = () => Promise.reject<unknown>(new TypeError('Failed to fetch'));
    const queue = offlineQueue(() => answer());
    const { result } = renderHook(() => useWaitingQrHashes(queue, 12), { wrapper });
    await act(() => queue.send(scanOf(1, 12)));
    expect([...result.current]).toEqual([hashOf('slug-1')]);
    answer = () => Promise.reject(new ApiError(409, 'La orden ya fue cerrada.'));
    await act(() => queue.drain());
    expect(result.current.size).toBe(0);
    expect(queue.getSnapshot().refused).toHaveLength(1);
  });
});

const deviceRecord = (itemId: number, sessionId = 12) => ({
  sessionId,
  itemId,
  qrHash: hashOf(`slug-${itemId}`),
  trapCode: `TRP-${itemId}`,
});
const findingOf = (itemId: number, n: number, sessionId = 12) => ({
  ...deviceRecord(itemId, sessionId),
  kind: 'finding' as const,
  body: {
    clientFindingId: `10000000-0000-4000-8000-00000000000${n}`,
    recordedAt: `2030-01-02T10:0${n}:00.000Z`,
    deviceStatus: 'OK' as const,
    notes: `versión ${n}`,
  },
});
const exceptionOf = (itemId: number, sessionId = 12) => ({
  ...deviceRecord(itemId, sessionId),
  kind: 'exception' as const,
  body: {
    clientScanId: `20000000-0000-4000-8000-00000000000${itemId}`,
    reason: 'INACCESIBLE' as const,
    note: 'Cerrado con llave',
    recordedAt: '2030-01-02T10:00:00.000Z',
  },
});
const photoOf = (itemId: number, n: number) => ({
  ...deviceRecord(itemId),
  kind: 'photo' as const,
  body: { clientPhotoId: `30000000-0000-4000-8000-00000000000${n}`, takenAt: '2030-01-02T10:00:00.000Z' },
  photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
});

describe('what waits beside the scans', () => {
  it("marks the trap of a waiting 'no encontrada / inaccesible' as done, as a waiting scan's", async () => {
    const queue = offlineQueue();
    const { result } = renderHook(() => useWaitingQrHashes(queue, 12), { wrapper });
    await act(async () => {
      await queue.send(exceptionOf(4));
      await queue.send(exceptionOf(5, 40));
      await queue.send(findingOf(6, 1));
    });
    expect([...result.current]).toEqual([hashOf('slug-4')]);
  });

  it('gives, by item, the latest waiting finding, the exception and how many photos wait, for this order only', async () => {
    const queue = offlineQueue();
    const { result } = renderHook(() => useWaitingByItem(queue, 12), { wrapper });
    await act(async () => {
      await queue.send(findingOf(4, 1));
      await queue.send(findingOf(4, 2));
      await queue.send(photoOf(4, 1));
      await queue.send(photoOf(4, 2));
      await queue.send(exceptionOf(5));
      await queue.send(findingOf(7, 3, 40));
    });
    expect(result.current.get(4)).toMatchObject({ finding: { notes: 'versión 2' }, exception: null, photos: 2 });
    expect(result.current.get(5)).toMatchObject({ finding: null, exception: { reason: 'INACCESIBLE' }, photos: 0 });
    expect(result.current.has(7)).toBe(false);
  });

  it('keeps the order from closing while a finding or photo of it waits, and says so', async () => {
    const queue = offlineQueue();
    const { result } = renderHook(() => useCloseBlockedReason(queue, 12), { wrapper });
    await act(async () => {
      await queue.send(scanOf(1, 12));
      await queue.send(findingOf(1, 1));
    });
    expect(result.current).toBe('Hay 2 registros de esta orden por enviar: podrás cerrarla cuando se hayan enviado.');
  });
});
