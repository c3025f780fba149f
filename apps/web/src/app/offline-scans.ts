import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { postScan, type SendScan } from '../features/scan/api/send-scan';
import { ScanQueue } from '../features/offline/scan-queue';
import { indexedDbScanStorage } from '../features/offline/scan-queue-storage';
import { getAuth, subscribeAuth } from '../lib/auth-store';
import { isServerReachable, subscribeConnectivity } from '../lib/connectivity';
import { refetchAfterChange } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

/**
 * The technician's scans go through one durable queue (features/offline) in front of the scan request
 * (features/scan): sent at once when the server answers, kept in IndexedDB when it cannot be reached, and
 * sent in order when the connection returns. Loaded with the technician's screens only. This module is the
 * queue's one owner: it makes it, starts it, decides when to try again and what follows a delivery; screens
 * only show it (OfflineBar) or send through it.
 */
export const scanQueue = new ScanQueue({
  storage: indexedDbScanStorage(),
  deliver: postScan,
  currentUserId: () => getAuth()?.user?.id ?? null,
});

export const sendScanOrQueue: SendScan = (request) => scanQueue.send(request);

// Each sign-in sees and sends its own scans only.
subscribeAuth(() => scanQueue.userChanged());
// Another chance at once whenever the connection may be back; the queue's own backoff covers the rest.
window.addEventListener('online', () => scanQueue.retryNow());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') scanQueue.retryNow();
});
subscribeConnectivity(() => {
  if (isServerReachable()) scanQueue.retryNow();
});

/**
 * While the technician's screens are open: what earlier visits left is sent, and the orders are read again
 * after each scan the queue delivers (the same way as after a realtime event: a read already on its way is
 * cancelled and read again, so the screen never keeps an answer from before the scan).
 */
export function useOfflineScans(queue: Pick<ScanQueue<unknown>, 'start' | 'onDelivered'> = scanQueue): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queue.start();
    return queue.onDelivered(() => void refetchAfterChange(queryClient, queryKeys.sessions));
  }, [queue, queryClient]);
}
