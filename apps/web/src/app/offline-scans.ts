import { postScan, type SendScan } from '../features/scan/api/send-scan';
import { ScanQueue } from '../features/offline/scan-queue';
import { indexedDbScanStorage } from '../features/offline/scan-queue-storage';
import { getAuth, subscribeAuth } from '../lib/auth-store';
import { isServerReachable, subscribeConnectivity } from '../lib/connectivity';

/**
 * The technician's scans go through one durable queue (features/offline) in front of the scan request
 * (features/scan): sent at once when the server answers, kept in IndexedDB when it cannot be reached, and
 * sent in order when the connection returns. Loaded with the technician's screens only.
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
