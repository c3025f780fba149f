import './offline-bar.css';
import { ASSESSMENT_KIND_NAMES } from '@rondin/contracts/assessment-names';
import { EXCEPTION_REASON_NAMES } from '@rondin/contracts/finding-rules';
import { MANUAL_OUTCOME_NAME } from '@rondin/contracts/finding-text';
import { useServerReachable } from '../../../lib/connectivity';
import { type NameDevice, useDeviceNames } from '../hooks/use-device-names';
import { useSavedDataSince } from '../hooks/use-saved-queries';
import { useScanQueue } from '../hooks/use-scan-queue';
import { OFFLINE_MESSAGES as TEXT, printedCode } from '../messages';
import {
  isAssessmentRecord,
  type QueuedAssessmentPhoto,
  type QueuedAssessmentSave,
  type QueuedRecord,
  type RecordKind,
  recordId,
  type ScanQueue,
} from '../scan-queue';

/**
 * Above the technician's screens: says plainly when the orders shown are the copy saved on the device, how much
 * of what the technician recorded waits to be sent, and which saved records the server refused (until the
 * technician has read why).
 */
export function OfflineBar<Answer>({ queue }: { queue: ScanQueue<Answer> }) {
  const savedSince = useSavedDataSince();
  const { waiting, refused } = useScanQueue(queue);
  // A photo is always kept first, and sent from the queue in seconds: with the server answering, it is on its way.
  const reachable = useServerReachable();
  const nameDevice = useDeviceNames();
  if (savedSince === null && waiting.length === 0 && refused.length === 0) return null;
  const counts: Partial<Record<RecordKind, number>> = {};
  for (const record of waiting) counts[record.kind] = (counts[record.kind] ?? 0) + 1;
  const onlyScans = counts.scan === waiting.length;
  return (
    <section className="offline-bar" aria-label={TEXT.regionLabel}>
      {savedSince !== null ? (
        <p className="offline-bar__saved" role="status">
          <OfflineIcon />
          {TEXT.savedData(savedSince)}
        </p>
      ) : null}
      {waiting.length > 0 ? (
        <div className="offline-bar__waiting">
          {reachable ? (
            <p role="status">
              <strong className="offline-bar__count">{TEXT.sending(counts)}</strong>
            </p>
          ) : (
            <p role="status">
              <strong className="offline-bar__count">{TEXT.waiting(counts)}</strong>{' '}
              <span className="offline-bar__hint">{TEXT.waitingHint}</span>
            </p>
          )}
          <details className="offline-bar__details">
            <summary>{onlyScans ? TEXT.waitingList : TEXT.waitingRecords}</summary>
            <ul>
              {waiting.map((record) => (
                <li key={recordId(record)}>{recordLine(record, nameDevice)}</li>
              ))}
            </ul>
          </details>
        </div>
      ) : null}
      {refused.map((record) => (
        <div key={recordId(record)} className="notice notice--error offline-bar__refused" role="alert">
          <div className="notice__body">
            <p className="notice__text">
              {isAssessmentRecord(record)
                ? TEXT.refusedAssessment(record.kind, assessmentText(record))
                : record.kind === 'scan'
                  ? TEXT.refused(record.sessionId, deviceText(record, nameDevice))
                  : TEXT.refusedRecord(record.kind, record.sessionId, deviceText(record, nameDevice))}
            </p>
            <p className="notice__detail">{record.refusal}</p>
          </div>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void queue.dismiss(recordId(record))}
          >
            {TEXT.acknowledge}
          </button>
        </div>
      ))}
    </section>
  );
}

/**
 * What a record is about, as the technician knows it: its device's code and area, found by its qrHash among the
 * order's items (a scan keeps only what was read); a scan of no device of the order says what was read; a
 * product's application, the product.
 */
function deviceText(
  record: Exclude<QueuedRecord, QueuedAssessmentSave | QueuedAssessmentPhoto>,
  nameDevice: NameDevice,
): string {
  if (record.kind === 'application') return record.productName;
  const device = nameDevice(record.sessionId, record.qrHash);
  if (record.kind === 'scan') {
    return device ? TEXT.device(device.code, device.area) : TEXT.unknownDevice(printedCode(record.body.qrSlug));
  }
  return TEXT.device(record.trapCode, device?.area ?? null);
}

/** Which assessment of which site a record is about. */
function assessmentText(record: QueuedAssessmentSave | QueuedAssessmentPhoto): string {
  return TEXT.assessment(ASSESSMENT_KIND_NAMES[record.assessmentKind], record.siteName);
}

/** One waiting record as the list shows it: its device (or product), what it is, and when it was made. */
function recordLine(record: QueuedRecord, nameDevice: NameDevice): string {
  if (record.kind === 'assessment') {
    return TEXT.assessmentLine(assessmentText(record), TEXT.assessmentDraft, record.body.savedAt);
  }
  if (record.kind === 'assessment-photo') {
    return TEXT.assessmentLine(assessmentText(record), TEXT.assessmentPhoto(record.area), record.body.takenAt);
  }
  const device = deviceText(record, nameDevice);
  switch (record.kind) {
    case 'scan':
      return TEXT.scanLine(record.sessionId, device, record.body.scannedAt);
    case 'finding':
      return TEXT.recordLine(record.sessionId, device, TEXT.finding, record.body.recordedAt);
    case 'exception':
      return TEXT.recordLine(
        record.sessionId,
        device,
        EXCEPTION_REASON_NAMES[record.body.reason],
        record.body.recordedAt,
      );
    case 'manual':
      return TEXT.recordLine(record.sessionId, device, MANUAL_OUTCOME_NAME, record.body.recordedAt);
    case 'photo':
      return TEXT.recordLine(record.sessionId, device, TEXT.photo, record.body.takenAt);
    case 'photo-deletion':
      return TEXT.recordLine(record.sessionId, device, TEXT.photoDeletion, record.body.deletedAt);
    case 'application':
      return TEXT.recordLine(
        record.sessionId,
        device,
        TEXT.application,
        record.body.endedAt ?? new Date(record.queuedAt).toISOString(),
      );
  }
}

function OfflineIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18" />
    </svg>
  );
}
