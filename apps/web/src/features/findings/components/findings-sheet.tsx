import './findings.css';
import type { Pest, SessionItem } from '@rondin/contracts';
import { TRAP_TYPE_NAMES } from '@rondin/contracts/devices';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/ui/close-icon';
import { Modal } from '../../../components/ui/modal';
import { serverMessage } from '../../../lib/api-client';
import { markRecorded } from '../../../lib/field-timing';
import { randomUuid } from '../../../lib/uuid';
import type { FindingRequest, PhotoRequest, SendRecord } from '../api/record-finding';
import { FINDINGS_MESSAGES as TEXT } from '../messages';
import { draftProblems, type FindingDraft, findingBody, isNoNews, noNewsDraft } from '../utils/finding-form';
import { FindingForm } from './finding-form';
import type { DraftPhoto } from './photo-picker';

interface FindingsSheetProps {
  sessionId: number;
  item: SessionItem;
  /** The active pests; undefined while they cannot be read (the form still works, without catches to name). */
  pests: readonly Pest[] | undefined;
  /** Photos of this item waiting on the device. */
  waitingPhotos: number;
  send: SendRecord;
  /** The sheet is done with (recorded, or closed without a finding): the camera takes the next device. */
  onDone: () => void;
  /** While something is being entered, the camera must not move on to another device. */
  onHold: (held: boolean) => void;
  /** A record the server refused at once (the sheet is gone by then). */
  onFailed: (text: string, detail: string | undefined) => void;
}

/**
 * What the technician found at the device just scanned. Set to "sin actividad, dispositivo OK": one tap on
 * 'Sin novedad' records it and the camera is ready for the next device. 'Registrar hallazgo' opens the form made
 * for the device's type; what was entered stays while the sheet is open, and holds the camera.
 */
export function FindingsSheet({
  sessionId,
  item,
  pests,
  waitingPhotos,
  send,
  onDone,
  onHold,
  onFailed,
}: FindingsSheetProps) {
  const titleId = useId();
  const hintId = useId();
  const noNewsRef = useRef<HTMLButtonElement>(null);
  const type = item.trap.type;
  const code = item.trap.code;
  const start = useMemo(() => noNewsDraft(type, pests ?? []), [type, pests]);
  const [draft, setDraft] = useState<FindingDraft | null>(null);
  const [photos, setPhotos] = useState<DraftPhoto[]>([]);
  const [open, setOpen] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const current = draft ?? start;
  const entered = photos.length > 0 || !isNoNews(current, type, pests ?? []);
  const groupOf = useMemo(() => {
    const groups = new Map((pests ?? []).map((pest) => [pest.id, pest.group]));
    return (pestId: number) => groups.get(pestId);
  }, [pests]);

  useEffect(() => {
    // The one tap a device with nothing to report needs is under the thumb, and where the keyboard is.
    noNewsRef.current?.focus({ preventScroll: true });
  }, []);

  const held = open || entered;
  useEffect(() => onHold(held), [held, onHold]);
  useEffect(() => () => onHold(false), [onHold]);

  const device = { sessionId, itemId: item.id, qrHash: item.trap.qrHash, trapCode: code };

  function deliver(records: (FindingRequest | PhotoRequest)[]) {
    for (const record of records) {
      send(record).catch((error: unknown) => onFailed(TEXT.saveFailed(code), serverMessage(error)));
    }
  }

  function findingOf(body: ReturnType<typeof findingBody>): FindingRequest {
    return {
      ...device,
      kind: 'finding',
      body: { clientFindingId: randomUuid(), recordedAt: new Date().toISOString(), ...body },
    };
  }

  function noNews() {
    markRecorded();
    deliver([findingOf(findingBody(type, noNewsDraft(type, pests ?? []), groupOf))]);
    onDone();
  }

  function save() {
    const found = draftProblems(type, current, groupOf);
    setProblems(found);
    if (found.length > 0) return;
    markRecorded();
    const photoRecords = photos.map(
      (photo): PhotoRequest => ({
        ...device,
        kind: 'photo',
        body: { clientPhotoId: photo.clientPhotoId, takenAt: photo.takenAt },
        photo: photo.photo,
      }),
    );
    deliver([findingOf(findingBody(type, current, groupOf)), ...photoRecords]);
    setOpen(false);
    onDone();
  }

  return (
    <section className="finding-sheet" aria-labelledby={titleId}>
      <header className="finding-sheet__header">
        <div>
          <h2 id={titleId} className="finding-sheet__title">
            {TEXT.sheetTitle(code)}
          </h2>
          <p className="finding-sheet__device">
            {TRAP_TYPE_NAMES[type]}
            {item.trap.area?.trim() ? ` · ${item.trap.area.trim()}` : ''}
          </p>
        </div>
        <button type="button" className="icon-button" aria-label={TEXT.dismiss} onClick={onDone}>
          <CloseIcon size={20} />
        </button>
      </header>
      <div className="finding-sheet__actions">
        <button
          ref={noNewsRef}
          type="button"
          className="button button--primary button--large finding-sheet__no-news"
          aria-describedby={hintId}
          onClick={noNews}
        >
          {TEXT.noNews}
          {/* Its description, not part of its name: the button is 'Sin novedad'. */}
          <span id={hintId} className="finding-sheet__no-news-hint" aria-hidden="true">
            {TEXT.noNewsHint}
          </span>
        </button>
        <button type="button" className="button button--secondary button--large" onClick={() => setOpen(true)}>
          {entered ? TEXT.resume : TEXT.record}
        </button>
      </div>
      {open ? (
        <Modal
          title={TEXT.dialogTitle(code)}
          size="large"
          onClose={() => setOpen(false)}
          description={TRAP_TYPE_NAMES[type]}
          footer={
            <>
              <button type="button" className="button button--secondary button--large" onClick={() => setOpen(false)}>
                {TEXT.back}
              </button>
              <button type="button" className="button button--primary button--large" onClick={save}>
                {TEXT.save}
              </button>
            </>
          }
        >
          {problems.length > 0 ? (
            <div className="notice notice--error finding-form__problems" role="alert">
              <div className="notice__body">
                <p className="notice__text">{TEXT.problemsTitle}</p>
                <ul>
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </div>
            </div>
          ) : null}
          <FindingForm
            type={type}
            trapCode={code}
            draft={current}
            onChange={setDraft}
            photos={photos}
            onPhotosChange={setPhotos}
            photosTaken={item.photoIds.length + waitingPhotos}
            pests={pests}
            groupOf={groupOf}
          />
        </Modal>
      ) : null}
    </section>
  );
}
