import { useMemo, useSyncExternalStore } from 'react';
import { isServerReachable, subscribeConnectivity } from '../../../lib/connectivity';
import { OFFLINE_MESSAGES } from '../messages';
import {
  type ExceptionToSend,
  type FindingToSend,
  isAssessmentRecord,
  type ManualToSend,
  type PhotoToSend,
  type ScanQueue,
  type ScanQueueSnapshot,
} from '../scan-queue';

/** The queue's records for the signed-in user. */
export function useScanQueue<Answer>(queue: ScanQueue<Answer>): ScanQueueSnapshot {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot);
}

/**
 * The qrHash of each of the order's traps done on the device and not sent yet (a scan, a 'no encontrada /
 * inaccesible' or a typed code waiting): the scan screen marks their items as done but not sent. A record the server refused is
 * not among them: its trap is pending again.
 */
export function useWaitingQrHashes<Answer>(queue: ScanQueue<Answer>, sessionId: number): ReadonlySet<string> {
  const { waiting } = useScanQueue(queue);
  return useMemo(
    () =>
      new Set(
        waiting.flatMap((record) =>
          (record.kind === 'scan' || record.kind === 'exception' || record.kind === 'manual') &&
          record.sessionId === sessionId &&
          record.qrHash !== null
            ? [record.qrHash]
            : [],
        ),
      ),
    [waiting, sessionId],
  );
}

/** What waits on the device about one item of an order, beyond its scan. */
export interface WaitingForItem {
  /** The latest finding recorded and not sent yet. */
  finding: FindingToSend['body'] | null;
  exception: ExceptionToSend['body'] | null;
  /** Its printed code typed (its label unreadable), not sent yet. */
  manual: ManualToSend['body'] | null;
  /** Photos taken and not sent yet, oldest first. */
  photos: number;
  waitingPhotos: { clientPhotoId: string; photo: PhotoToSend['photo'] }[];
  /** Photos the server has that were removed on the device, the removal not sent yet. */
  deletedPhotoIds: number[];
}

/** By item id: the findings, exceptions and photos of the order that wait on the device. */
export function useWaitingByItem<Answer>(
  queue: ScanQueue<Answer>,
  sessionId: number,
): ReadonlyMap<number, WaitingForItem> {
  const { waiting } = useScanQueue(queue);
  return useMemo(() => {
    const byItem = new Map<number, WaitingForItem>();
    for (const record of waiting) {
      if (
        isAssessmentRecord(record) ||
        record.sessionId !== sessionId ||
        record.kind === 'scan' ||
        record.kind === 'application'
      )
        continue;
      const entry = byItem.get(record.itemId) ?? {
        finding: null,
        exception: null,
        manual: null,
        photos: 0,
        waitingPhotos: [],
        deletedPhotoIds: [],
      };
      // Oldest first: a later finding of the same item replaces an earlier one, as on the server.
      if (record.kind === 'finding') entry.finding = record.body;
      else if (record.kind === 'exception') entry.exception = record.body;
      else if (record.kind === 'manual') entry.manual = record.body;
      else if (record.kind === 'photo-deletion') entry.deletedPhotoIds.push(record.body.photoId);
      else {
        entry.photos += 1;
        entry.waitingPhotos.push({ clientPhotoId: record.body.clientPhotoId, photo: record.photo });
      }
      byItem.set(record.itemId, entry);
    }
    return byItem;
  }, [waiting, sessionId]);
}

/**
 * Why the order cannot be closed now, when the reason is the connection: closing needs the server, and the
 * server must first have everything recorded on the order. Null when the connection is not what stands in the way.
 */
export function useCloseBlockedReason<Answer>(queue: ScanQueue<Answer>, sessionId: number): string | null {
  const { waiting } = useScanQueue(queue);
  const reachable = useSyncExternalStore(subscribeConnectivity, isServerReachable);
  const waitingHere = waiting.filter((record) => !isAssessmentRecord(record) && record.sessionId === sessionId);
  if (waitingHere.length > 0) {
    return waitingHere.every((record) => record.kind === 'scan')
      ? OFFLINE_MESSAGES.closeWaiting(waitingHere.length)
      : OFFLINE_MESSAGES.closeRecordsWaiting(waitingHere.length);
  }
  return reachable ? null : OFFLINE_MESSAGES.closeOffline;
}
