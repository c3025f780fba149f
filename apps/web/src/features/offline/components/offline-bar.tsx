import './offline-bar.css';
import { useSavedDataSince } from '../hooks/use-saved-queries';
import { useScanQueue } from '../hooks/use-scan-queue';
import { OFFLINE_MESSAGES as TEXT, printedCode } from '../messages';
import type { ScanQueue } from '../scan-queue';

/**
 * Above the technician's screens: says plainly when the orders shown are the copy saved on the device, how many
 * scans wait to be sent, and which saved scans the server refused (until the technician has read why).
 */
export function OfflineBar<Answer>({ queue }: { queue: ScanQueue<Answer> }) {
  const savedSince = useSavedDataSince();
  const { waiting, refused } = useScanQueue(queue);
  if (savedSince === null && waiting.length === 0 && refused.length === 0) return null;
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
          <p role="status">
            <strong className="offline-bar__count">{TEXT.waiting(waiting.length)}</strong>{' '}
            <span className="offline-bar__hint">{TEXT.waitingHint}</span>
          </p>
          <details className="offline-bar__details">
            <summary>{TEXT.waitingList}</summary>
            <ul>
              {waiting.map((scan) => (
                <li key={scan.body.clientScanId}>
                  {TEXT.scanLine(scan.sessionId, printedCode(scan.body.qrSlug), scan.body.scannedAt)}
                </li>
              ))}
            </ul>
          </details>
        </div>
      ) : null}
      {refused.map((scan) => (
        <div key={scan.body.clientScanId} className="notice notice--error offline-bar__refused" role="alert">
          <div className="notice__body">
            <p className="notice__text">{TEXT.refused(scan.sessionId, printedCode(scan.body.qrSlug))}</p>
            <p className="notice__detail">{scan.refusal}</p>
          </div>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void queue.dismiss(scan.body.clientScanId)}
          >
            {TEXT.acknowledge}
          </button>
        </div>
      ))}
    </section>
  );
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
