import { useMemo, useSyncExternalStore } from 'react';
import { isServerReachable, subscribeConnectivity } from '../../../lib/connectivity';
import { OFFLINE_MESSAGES } from '../messages';
import type { ScanQueue, ScanQueueSnapshot } from '../scan-queue';

/** The queue's scans for the signed-in user. */
export function useScanQueue<Answer>(queue: ScanQueue<Answer>): ScanQueueSnapshot {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot);
}

/**
 * The qrHash of each of the order's scans waiting on the device: the scan screen marks the items whose trap
 * carries one as done but not sent. A scan the server refused is not among them: its trap is pending again.
 */
export function useWaitingQrHashes<Answer>(queue: ScanQueue<Answer>, sessionId: number): ReadonlySet<string> {
  const { waiting } = useScanQueue(queue);
  return useMemo(
    () =>
      new Set(waiting.flatMap((scan) => (scan.sessionId === sessionId && scan.qrHash !== null ? [scan.qrHash] : []))),
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
