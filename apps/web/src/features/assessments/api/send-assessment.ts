import type { Assessment, AssessmentKind, AssessmentPhoto, UpdateAssessmentInput } from '@rondin/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Which assessment a record is about, and how the list of what waits on the device names it. */
interface AssessmentRecord {
  assessmentId: number;
  assessmentKind: AssessmentKind;
  siteName: string;
  qrHash: null;
}

/**
 * The draft as it stands, every field given (PATCH /api/assessments/{id}): the last save delivered is the draft.
 * `clientSaveId` names this one save while it waits on the device.
 */
export interface AssessmentSaveRequest extends AssessmentRecord {
  kind: 'assessment';
  body: UpdateAssessmentInput & { clientSaveId: string; savedAt: string };
}

/** A photo of an area, shrunk on the device, named in the draft's area by its clientPhotoId. */
export interface AssessmentPhotoRequest extends AssessmentRecord {
  kind: 'assessment-photo';
  area: string;
  body: { clientPhotoId: string; takenAt: string };
  photo: Blob;
}

export type AssessmentRecordRequest = AssessmentSaveRequest | AssessmentPhotoRequest;

/** What became of a record: the server's answer, or kept on the device to be sent later. */
export type AssessmentRecordAnswer = Assessment | AssessmentPhoto | { queued: true };

/**
 * The one step that sends what the walk records: the offline queue stands in for it (app/offline-scans.ts), so
 * the draft and its photos are kept on the device while the server cannot be reached.
 */
export type SendAssessmentRecord = (record: AssessmentRecordRequest) => Promise<AssessmentRecordAnswer>;

/** A photo of about 300 KB on a weak signal: more time than a JSON request. */
const PHOTO_TIMEOUT_MS = 60_000;

/** Straight to the server, by kind. */
export function postAssessmentRecord(record: AssessmentRecordRequest): Promise<Assessment | AssessmentPhoto> {
  if (record.kind === 'assessment') {
    const { clientSaveId: _id, savedAt: _at, ...body } = record.body;
    return apiRequest<Assessment>(`/assessments/${record.assessmentId}`, { method: 'PATCH', body });
  }
  const form = new FormData();
  form.append('clientPhotoId', record.body.clientPhotoId);
  form.append('file', record.photo, record.photo.type === 'image/webp' ? 'foto.webp' : 'foto.jpg');
  return apiRequest<AssessmentPhoto>(`/assessments/${record.assessmentId}/photos`, {
    method: 'POST',
    body: form,
    timeoutMs: PHOTO_TIMEOUT_MS,
  });
}
