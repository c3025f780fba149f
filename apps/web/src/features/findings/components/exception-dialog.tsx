import type { SessionItem } from '@rondin/contracts';
import {
  EXCEPTION_NOTE_MAX,
  EXCEPTION_REASON_DETAIL_NAMES,
  EXCEPTION_REASON_DETAILS,
  EXCEPTION_REASON_NAMES,
  EXCEPTION_REASONS,
  type ExceptionReason,
  type ExceptionReasonDetail,
  exceptionNeedsNote,
} from '@rondin/contracts/finding-rules';
import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { serverMessage } from '../../../lib/api-client';
import { randomUuid } from '../../../lib/uuid';
import type { ExceptionRequest, PhotoRequest } from '../api/record-finding';
import { FINDINGS_MESSAGES as TEXT } from '../messages';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { type DraftPhoto, PhotoPicker } from './photo-picker';

interface ExceptionDialogProps {
  sessionId: number;
  item: SessionItem;
  /** Sends the exception, then its photos (or keeps them on the device); rejects when the server refused it. */
  record: (request: ExceptionRequest | PhotoRequest) => Promise<unknown>;
  /** Photos of the item already waiting on the device. */
  waitingPhotos: number;
  onClose: () => void;
}

/**
 * A device the technician could not scan: not found, or out of reach. The reason and why are picked from large
 * chips, nothing typed with gloves on; a note is asked for only with «Otro». The item is then complete without a
 * scan, and never counts as an inspection that proves presence.
 */
export function ExceptionDialog({ sessionId, item, record, waitingPhotos, onClose }: ExceptionDialogProps) {
  const noteId = useId();
  const hintId = useId();
  const [reason, setReason] = useState<ExceptionReason | null>(null);
  const [detail, setDetail] = useState<ExceptionReasonDetail | null>(null);
  const [note, setNote] = useState('');
  const needsNote = detail !== null && exceptionNeedsNote(detail);
  const [problem, setProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [photos, setPhotos] = useState<DraftPhoto[]>([]);
  const code = item.trap.code;
  const device = { sessionId, itemId: item.id, qrHash: item.trap.qrHash, trapCode: code };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason === null) {
      setProblem(TEXT.exceptionReasonRequired);
      return;
    }
    if (detail === null) {
      setProblem(TEXT.exceptionDetailRequired);
      return;
    }
    if (needsNote && !note.trim()) {
      setProblem(TEXT.exceptionNoteRequired);
      return;
    }
    setProblem(null);
    setFailed(null);
    setBusy(true);
    try {
      await record({
        ...device,
        kind: 'exception',
        body: {
          clientScanId: randomUuid(),
          reason,
          reasonDetail: detail,
          // A note typed before another detail was picked is not sent: only «Otro» has one.
          ...(needsNote ? { note: note.trim() } : {}),
          recordedAt: new Date().toISOString(),
        },
      });
      // Photos only once the item is complete: the server takes none before. They are kept on the device first.
      for (const photo of photos) {
        void record({
          ...device,
          kind: 'photo',
          body: { clientPhotoId: photo.clientPhotoId, takenAt: photo.takenAt },
          photo: photo.photo,
        }).catch(() => undefined);
      }
      onClose();
    } catch (error) {
      setFailed(serverMessage(error) ?? TEXT.exceptionFailed);
      setBusy(false);
    }
  }

  const formId = useId();
  return (
    <Modal
      title={TEXT.exceptionTitle(code)}
      size="small"
      locked={busy}
      onClose={onClose}
      description={TEXT.exceptionHint}
      footer={
        <>
          <button type="button" className="button button--secondary button--large" onClick={onClose} disabled={busy}>
            {TEXT.back}
          </button>
          <button type="submit" form={formId} className="button button--primary button--large" disabled={busy}>
            {busy ? TEXT.exceptionSaving : TEXT.exceptionSave}
          </button>
        </>
      }
    >
      <form id={formId} className="finding-form" onSubmit={(event) => void submit(event)} noValidate>
        {failed ? (
          <div className="notice notice--error" role="alert">
            <div className="notice__body">
              <p className="notice__text">{TEXT.exceptionFailed}</p>
              <p className="notice__detail">{failed}</p>
            </div>
          </div>
        ) : null}
        <ChoiceChips
          legend={TEXT.exceptionReason}
          options={EXCEPTION_REASONS.map((each) => ({ value: each, label: EXCEPTION_REASON_NAMES[each] }))}
          selected={reason}
          onChange={setReason}
          large
        />
        <ChoiceChips
          legend={TEXT.exceptionDetail}
          options={EXCEPTION_REASON_DETAILS.map((each) => ({
            value: each,
            label: EXCEPTION_REASON_DETAIL_NAMES[each],
          }))}
          selected={detail}
          onChange={setDetail}
          large
        />
        {needsNote ? (
          <div className="field">
            <label htmlFor={noteId}>{TEXT.exceptionNote}</label>
            <textarea
              id={noteId}
              rows={3}
              required
              maxLength={EXCEPTION_NOTE_MAX}
              aria-describedby={hintId}
              aria-invalid={problem === TEXT.exceptionNoteRequired}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <p id={hintId} className="field-hint">
              {TEXT.exceptionNoteHint}
            </p>
          </div>
        ) : null}
        {problem ? (
          <p className="finding-form__error" role="alert">
            {problem}
          </p>
        ) : null}
        <PhotoPicker
          trapCode={code}
          photos={photos}
          alreadyTaken={item.photoIds.length + waitingPhotos}
          onChange={setPhotos}
        />
      </form>
    </Modal>
  );
}
