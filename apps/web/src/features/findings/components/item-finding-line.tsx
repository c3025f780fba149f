import type { SessionItem } from '@rondin/contracts';
import type { PestGroupOf } from '@rondin/contracts/finding-rules';
import { MANUAL_OUTCOME_NAME } from '@rondin/contracts/finding-text';
import { useState } from 'react';
import { randomUuid } from '../../../lib/uuid';
import type {
  ExceptionRequest,
  FindingRequest,
  ManualRequest,
  PhotoDeletionRequest,
  PhotoRequest,
} from '../api/record-finding';
import { FINDINGS_MESSAGES as TEXT } from '../messages';
import { exceptionSummary } from '../utils/exception-summary';
import { findingSummary } from '../utils/finding-form';
import { ExceptionDialog } from './exception-dialog';
import { ItemPhotos } from './item-photos';

/** What of this item waits on the device beyond its scan. */
interface Waiting {
  finding: FindingRequest['body'] | null;
  exception: ExceptionRequest['body'] | null;
  manual?: ManualRequest['body'] | null;
  photos: number;
  waitingPhotos: readonly { clientPhotoId: string; photo: Blob }[];
  deletedPhotoIds: readonly number[];
}

interface ItemFindingLineProps {
  sessionId: number;
  item: SessionItem;
  /** Done on the phone or on the server (scanned, or accounted for without a scan). */
  done: boolean;
  waiting: Waiting | undefined;
  /** The order is closed: nothing more is recorded. */
  closed: boolean;
  /** The pests' groups, to work out the activity of a finding still waiting on the device. */
  groupOf: PestGroupOf;
  onOpenFinding: () => void;
  /** «Código escrito»: records this trap by the code printed on its unreadable label (the scan screen's dialog). */
  onTypeCode?: (() => void) | undefined;
  /** Sends an exception and its photos (or keeps them on the device). */
  recordException: (request: ExceptionRequest | PhotoRequest) => Promise<unknown>;
  /** Drops a photo not sent yet from the device. */
  removeWaitingPhoto: (clientPhotoId: string) => Promise<unknown>;
  /** Removes a photo the server has (through the queue). */
  deletePhoto: (request: PhotoDeletionRequest) => Promise<unknown>;
}

/**
 * Under a trap in the order's list: what was recorded there (its finding in a few words, or why it could not be
 * scanned, and its photos; 'por enviar' while it waits on the device), and what can still be recorded: a finding
 * for a scanned trap, 'No encontrada / Inaccesible' for one not done yet.
 */
export function ItemFindingLine({
  sessionId,
  item,
  done,
  waiting,
  closed,
  groupOf,
  onOpenFinding,
  onTypeCode,
  recordException,
  removeWaitingPhoto,
  deletePhoto,
}: ItemFindingLineProps) {
  const [askingException, setAskingException] = useState(false);
  const [showingPhotos, setShowingPhotos] = useState(false);
  const code = item.trap.code;
  const exception = waiting?.exception ?? item.exception;
  const deleted = waiting?.deletedPhotoIds ?? [];
  const photos = item.photoIds.filter((id) => !deleted.includes(id)).length + (waiting?.photos ?? 0);
  const finding = waiting?.finding ?? item.finding;
  const found = finding ? findingSummary(finding, groupOf) : done ? TEXT.noFinding : null;
  // A typed code is said first: the device was inspected, but its QR not read.
  const typed = Boolean(waiting?.manual ?? item.manual);
  const summary = exception
    ? exceptionSummary(exception)
    : found && typed
      ? `${MANUAL_OUTCOME_NAME} · ${found}`
      : found;
  const unsent = exception ? Boolean(waiting?.exception) : Boolean(waiting?.finding ?? waiting?.manual);
  const scanned = done && !exception;

  return (
    <div className="item-finding">
      {summary ? (
        <p className="item-finding__summary">
          {summary}
          {photos > 0 ? ` · ${TEXT.photosCount(photos)}` : ''}
          {unsent ? <span className="item-finding__unsent"> · {TEXT.waiting}</span> : null}
        </p>
      ) : null}
      {!closed && photos > 0 ? (
        <button
          type="button"
          className="button button--secondary button--small item-finding__button"
          aria-label={TEXT.itemPhotosFor(photos, code)}
          onClick={() => setShowingPhotos(true)}
        >
          {TEXT.itemPhotosButton(photos)}
        </button>
      ) : null}
      {closed ? null : scanned ? (
        // A device with a finding is never opened on a preset answer: only a correction, from what it holds.
        <button
          type="button"
          className="button button--secondary button--small item-finding__button"
          aria-label={finding ? TEXT.correctFor(code) : TEXT.findingFor(code)}
          onClick={onOpenFinding}
        >
          {finding ? TEXT.correct : TEXT.findingButton}
        </button>
      ) : done ? null : (
        <>
          {onTypeCode ? (
            <button
              type="button"
              className="button button--secondary button--small item-finding__button"
              aria-label={TEXT.manualOpenFor(code)}
              onClick={onTypeCode}
            >
              {TEXT.manualOpen}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--secondary button--small item-finding__button"
            aria-label={TEXT.exceptionOpenFor(code)}
            onClick={() => setAskingException(true)}
          >
            {TEXT.exceptionOpen}
          </button>
        </>
      )}
      {showingPhotos ? (
        <ItemPhotos
          item={item}
          waitingPhotos={waiting?.waitingPhotos ?? []}
          deletedPhotoIds={deleted}
          removeWaiting={removeWaitingPhoto}
          deleteSent={(photoId) =>
            deletePhoto({
              kind: 'photo-deletion',
              sessionId,
              itemId: item.id,
              qrHash: item.trap.qrHash,
              trapCode: code,
              body: { clientDeletionId: randomUuid(), photoId, deletedAt: new Date().toISOString() },
            })
          }
          onClose={() => setShowingPhotos(false)}
        />
      ) : null}
      {askingException ? (
        <ExceptionDialog
          sessionId={sessionId}
          item={item}
          record={recordException}
          waitingPhotos={waiting?.photos ?? 0}
          onClose={() => setAskingException(false)}
        />
      ) : null}
    </div>
  );
}
