import { createHash } from 'node:crypto';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { createTestQueryClient } from '../../../testing/render';
import { ScanQueue, type QueuedScan } from '../scan-queue';
import { useCloseBlockedReason, useWaitingQrHashes } from './use-scan-queue';

function offlineQueue(
  deliver: () => Promise<unknown> = () => Promise.reject(new TypeError('Failed to fetch')),
  stored: QueuedScan[] = [],
) {
  const rows = new Map<string, QueuedScan>(stored.map((scan) => [scan.body.clientScanId, scan]));
  return new ScanQueue<unknown>({
    storage: {
      all: async () => [...rows.values()],
      put: async (scan) => void rows.set(scan.body.clientScanId, scan),
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
    vi.unstubAllGlobals();
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
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
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
