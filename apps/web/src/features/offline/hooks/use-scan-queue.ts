import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { isServerReachable, subscribeConnectivity } from '../../../lib/connectivity';
import { queryKeys } from '../../../lib/query-keys';
import { OFFLINE_MESSAGES } from '../messages';
import type { ScanQueue, ScanQueueSnapshot } from '../scan-queue';

/** The queue's scans for the signed-in user. */
export function useScanQueue(queue: ScanQueue<unknown>): ScanQueueSnapshot {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot);
}

/** Starts the queue (what earlier visits left is sent) and re-reads the orders after each scan it delivers. */
export function useScanQueueSync(queue: ScanQueue<unknown>): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queue.start();
    return queue.onDelivered(() => void queryClient.invalidateQueries({ queryKey: queryKeys.sessions }));
  }, [queue, queryClient]);
}

/**
 * Why the order cannot be closed now, when the reason is the connection: closing needs the server, and the
 * server must first have every scan of the order. Null when the connection is not what stands in the way.
 */
export function useCloseBlockedReason(queue: ScanQueue<unknown>, sessionId: number): string | null {
  const { waiting } = useScanQueue(queue);
  const reachable = useSyncExternalStore(subscribeConnectivity, isServerReachable);
  const waitingHere = waiting.filter((scan) => scan.sessionId === sessionId).length;
  if (waitingHere > 0) return OFFLINE_MESSAGES.closeWaiting(waitingHere);
  return reachable ? null : OFFLINE_MESSAGES.closeOffline;
}
