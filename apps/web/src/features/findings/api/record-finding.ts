import type {
  ExceptionReason,
  ExceptionReasonDetail,
  FindingResponse,
  ManualReason,
  Photo,
  PutFindingInput,
  ScanResponse,
  Session,
} from '@rondin/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Which device of which order a record is about, and how the list of what waits names it. */
interface DeviceRecord {
  sessionId: number;
  itemId: number;
  /** The item's `trap.qrHash`. */
  qrHash: string;
  trapCode: string;
}

/** What the technician found at a scanned device; `clientFindingId` is given once, when it is recorded. */
export interface FindingRequest extends DeviceRecord {
  kind: 'finding';
  body: PutFindingInput & { clientFindingId: string; recordedAt: string };
}

/**
 * A device that could not be scanned: not found or out of reach, with the reason, its preset detail and a note
 * only for «Otro» (ExceptionBody). Kept rows of older versions have a note and no detail.
 */
export interface ExceptionRequest extends DeviceRecord {
  kind: 'exception';
  body: {
    clientScanId: string;
    reason: ExceptionReason;
    reasonDetail?: ExceptionReasonDetail;
    note?: string;
    recordedAt: string;
  };
}

/**
 * A device whose label could not be read: its printed code typed and why (ManualBody). It completes the item as a
 * scan does (outcome MANUAL); the findings sheet then opens as after a scan.
 */
export interface ManualRequest extends DeviceRecord {
  kind: 'manual';
  body: { clientScanId: string; code: string; reason: ManualReason; recordedAt: string };
}

/** A photo of a device, already shrunk and re-encoded on the phone. */
export interface PhotoRequest extends DeviceRecord {
  kind: 'photo';
  body: { clientPhotoId: string; takenAt: string };
  photo: Blob;
}

/** A photo the server has, removed while the order is open; `clientDeletionId` names the removal in the queue. */
export interface PhotoDeletionRequest extends DeviceRecord {
  kind: 'photo-deletion';
  body: { clientDeletionId: string; photoId: number; deletedAt: string };
}

export type FindingsRecord = FindingRequest | ExceptionRequest | ManualRequest | PhotoRequest | PhotoDeletionRequest;

/** The server no longer has the photo (DELETE /api/photos/{id}). */
export interface PhotoDeleted {
  deletedPhotoId: number;
}

/** What became of a record: the server's answer, or kept on the device to be sent later. */
export type RecordAnswer = FindingResponse | ScanResponse | Photo | PhotoDeleted | { queued: true };

/**
 * The single step that delivers what the findings sheet records. The screen receives it as a parameter so the
 * offline queue can stand in for it (app/offline-scans.ts); it rejects when the server refused the record.
 */
export type SendRecord = (record: FindingsRecord) => Promise<RecordAnswer>;

/** PUT /api/sessions/{id}/items/{itemId}/finding. */
export const putFinding = ({ sessionId, itemId, body }: FindingRequest) =>
  apiRequest<FindingResponse>(`/sessions/${sessionId}/items/${itemId}/finding`, { method: 'PUT', body });

/** POST /api/sessions/{id}/items/{itemId}/exception: answers as a scan does, with the order and the item. */
export const postException = ({ sessionId, itemId, body }: ExceptionRequest) =>
  apiRequest<ScanResponse>(`/sessions/${sessionId}/items/${itemId}/exception`, { method: 'POST', body });

/** POST /api/sessions/{id}/items/{itemId}/manual: answers as a scan does, with the order and the item. */
export const postManual = ({ sessionId, itemId, body }: ManualRequest) =>
  apiRequest<ScanResponse>(`/sessions/${sessionId}/items/${itemId}/manual`, { method: 'POST', body });

/** A photo of about 300 KB on a weak signal: more time than a JSON request. */
const PHOTO_TIMEOUT_MS = 60_000;

/** POST /api/sessions/{id}/items/{itemId}/photos, multipart: the id first, then the file. */
export function postPhoto({ sessionId, itemId, body, photo }: PhotoRequest): Promise<Photo> {
  const form = new FormData();
  form.append('clientPhotoId', body.clientPhotoId);
  form.append('file', photo, photo.type === 'image/webp' ? 'foto.webp' : 'foto.jpg');
  return apiRequest<Photo>(`/sessions/${sessionId}/items/${itemId}/photos`, {
    method: 'POST',
    body: form,
    timeoutMs: PHOTO_TIMEOUT_MS,
  });
}

/**
 * DELETE /api/photos/{id}. A 404 is the photo already gone: a removal sent twice (its first answer lost), or
 * deleted meanwhile from another screen; either way what the technician asked for is so.
 */
export async function deletePhoto({ body }: PhotoDeletionRequest): Promise<PhotoDeleted> {
  try {
    await apiRequest<void>(`/photos/${body.photoId}`, { method: 'DELETE' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  return { deletedPhotoId: body.photoId };
}

/** Straight to the server, by kind. */
export function postRecord(record: FindingsRecord): Promise<FindingResponse | ScanResponse | Photo | PhotoDeleted> {
  switch (record.kind) {
    case 'finding':
      return putFinding(record);
    case 'exception':
      return postException(record);
    case 'manual':
      return postManual(record);
    case 'photo':
      return postPhoto(record);
    case 'photo-deletion':
      return deletePhoto(record);
  }
}

/** Puts a delivered finding's item (with its current finding) in the cached order at once; a re-read follows. */
export function showFindingAnswer(queryClient: QueryClient, sessionId: number, { item }: FindingResponse): void {
  queryClient.setQueryData<Session>(queryKeys.session(sessionId), (cached) =>
    cached ? { ...cached, items: cached.items.map((each) => (each.id === item.id ? item : each)) } : cached,
  );
}
