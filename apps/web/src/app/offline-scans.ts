import type { Application, Assessment, AssessmentPhoto, FindingResponse, Photo, ScanResponse } from '@rondin/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type AssessmentRecordRequest,
  postAssessmentRecord,
  type SendAssessmentRecord,
} from '../features/assessments/api/send-assessment';
import { activePestsQuery } from '../features/findings/api/get-active-pests';
import { type PhotoDeleted, postRecord, type SendRecord } from '../features/findings/api/record-finding';
import { activeProductsQuery } from '../features/products/api/get-products';
import { putApplication } from '../features/products/api/applications';
import { postScan, type SendScan } from '../features/scan/api/send-scan';
import {
  type ApplicationToSend,
  isAssessmentRecord,
  isScan,
  type QueuedRecord,
  ScanQueue,
  type ToSend,
} from '../features/offline/scan-queue';
import { indexedDbScanStorage } from '../features/offline/scan-queue-storage';
import { getAuth, subscribeAuth } from '../lib/auth-store';
import { isServerReachable, subscribeConnectivity } from '../lib/connectivity';
import { refetchAfterChange } from '../lib/query-client';
import { randomUuid } from '../lib/uuid';
import { queryKeys } from '../lib/query-keys';

/**
 * What the server answers a delivered record: a scan or an exception the order and item, a finding its version, a
 * photo itself, a photo's removal its id, an assessment's save the assessment.
 */
export type RecordDelivered =
  | ScanResponse
  | FindingResponse
  | Photo
  | PhotoDeleted
  | Application
  | Assessment
  | AssessmentPhoto;

/**
 * By kind, the request a record becomes: the scan feature's for scans, the assessments feature's for an
 * assessment's saves and photos, the findings feature's for the rest.
 */
function deliver(record: ToSend): Promise<RecordDelivered> {
  if (isScan(record)) return postScan(record);
  if (isAssessmentRecord(record)) return postAssessmentRecord(record);
  return record.kind === 'application' ? putApplication(record) : postRecord(record);
}

/**
 * Everything the technician records (scans, findings, exceptions, photos) goes through one durable queue
 * (features/offline) in front of the requests (features/scan, features/findings): sent at once when the server
 * answers, kept in IndexedDB when it cannot be reached, and sent in order when the connection returns. Loaded
 * with the technician's screens only. This module is the queue's one owner: it makes it, starts it, decides
 * when to try again and what follows a delivery; screens only show it (OfflineBar) or send through it.
 */
export const scanQueue = new ScanQueue<RecordDelivered>({
  storage: indexedDbScanStorage(),
  deliver,
  currentUserId: () => getAuth()?.user?.id ?? null,
  onKept: keepStorage,
  onWithdrawnDelivered: deleteOnServer,
});

export const sendScanOrQueue: SendScan = (request) => scanQueue.send(request) as Promise<Awaited<ReturnType<SendScan>>>;

/**
 * The findings sheet's records (findings, exceptions, photos), through the same queue. Not one after the other:
 * a record waiting for its answer would keep the next ones only in the page's memory, and the server needs no
 * order between them (a device's scan is registered, or queued ahead of them, before its sheet opens).
 */
export const sendRecordOrQueue: SendRecord = (record) => scanQueue.send(record) as ReturnType<SendRecord>;

/** A product applied during the order, through the same queue (PUT …/applications/{clientApplicationId}). */
export const sendApplicationOrQueue = (record: ApplicationToSend) => scanQueue.send(record);

/** A site assessment's draft saves and photos (features/assessments), through the same queue. */
export const sendAssessmentOrQueue: SendAssessmentRecord = (record: AssessmentRecordRequest) =>
  scanQueue.send(record) as ReturnType<SendAssessmentRecord>;

/**
 * A photo the technician removed while it was on its way, and the server took all the same: its removal follows
 * it through the queue, as a removal of a delivered photo does.
 */
function deleteOnServer(record: QueuedRecord, answer: RecordDelivered): void {
  if (record.kind !== 'photo' || !('mediaType' in answer)) return;
  const { sessionId, itemId, qrHash, trapCode } = record;
  void scanQueue
    .send({
      kind: 'photo-deletion',
      sessionId,
      itemId,
      qrHash,
      trapCode,
      body: { clientDeletionId: randomUuid(), photoId: answer.id, deletedAt: new Date().toISOString() },
    })
    .catch(() => undefined);
}

let storageAsked = false;
/**
 * Once something waits on the device, asks the browser not to clear the site's storage when space runs low
 * (an installed app is usually granted it). Asked once a page; a refusal changes nothing else.
 */
function keepStorage(): void {
  if (storageAsked) return;
  storageAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}

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
    // The pests a finding names, kept with the orders for work without signal.
    void queryClient.prefetchQuery(activePestsQuery);
    void queryClient.prefetchQuery(activeProductsQuery);
  }, [queryClient]);
  useEffect(() => {
    void queue.start();
    return queue.onDelivered(() => void refetchAfterChange(queryClient, queryKeys.sessions));
  }, [queue, queryClient]);
}
