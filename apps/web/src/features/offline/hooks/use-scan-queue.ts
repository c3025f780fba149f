import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { isServerReachable, subscribeConnectivity } from '../../../lib/connectivity';
import { refetchAfterChange } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { OFFLINE_MESSAGES } from '../messages';
import type { ScanQueue, ScanQueueSnapshot } from '../scan-queue';

/** The queue's scans for the signed-in user. */
export function useScanQueue<Answer>(queue: ScanQueue<Answer>): ScanQueueSnapshot {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot);
}

/** Starts the queue (what earlier visits left is sent) and re-reads the orders after each scan it delivers. */
export function useScanQueueSync<Answer>(queue: ScanQueue<Answer>): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queue.start();
    return queue.onDelivered(() => void refetchAfterChange(queryClient, queryKeys.sessions));
  }, [queue, queryClient]);
}

/**
 * The qrHash of each of the order's scans waiting on the device: the scan screen marks the items whose trap
 * carries one as done but not sent. A scan the server refused is not among them: its trap is pending again.
 */
export function useWaitingQrHashes<Answer>(queue: ScanQueue<Answer>, sessionId: number): ReadonlySet<string> {
  const { waiting } = useScanQueue(queue);
  return useMemo(
    () => new Set(waiting.flatMap((scan) => (scan.sessionId === sessionId && scan.qrHash !== null ? [scan.qrHash] : []))),
    [waiting, sessionId],
  );
}

/**
 * Why the order cannot be closed now, when the reason is the connection: closing needs the server, and the
 * server must first have every scan of the order. Null when the connection is not what stands in the way.
 */
export function useCloseBlockedReason<Answer>(queue: ScanQueue<Answer>, sessionId: number): string | null {
  const { waiting } = useScanQueue(queue);
  const reachable = useSyncExternalStore(subscribeConnectivity, isServerReachable);
  const waitingHere = waiting.filter((scan) => scan.sessionId === sessionId).length;
  if (waitingHere > 0) return OFFLINE_MESSAGES.closeWaiting(waitingHere);
  return reachable ? null : OFFLINE_MESSAGES.closeOffline;
}
