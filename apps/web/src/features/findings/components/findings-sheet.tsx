import './findings.css';
import type { Pest, SessionItem } from '@rondin/contracts';
import { TRAP_TYPE_NAMES } from '@rondin/contracts/devices';
import { CORRECTION_REASON_MAX } from '@rondin/contracts/finding-rules';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/ui/close-icon';
import { Modal } from '../../../components/ui/modal';
import { serverMessage } from '../../../lib/api-client';
import { markRecorded } from '../../../lib/field-timing';
import { randomUuid } from '../../../lib/uuid';
import type { FindingRequest, PhotoRequest, SendRecord } from '../api/record-finding';
import { FINDINGS_MESSAGES as TEXT } from '../messages';
import {
  draftFromFinding,
  draftProblems,
  type FindingDraft,
  type FindingLike,
  findingBody,
  findingSummary,
  isNoNews,
  loweredBy,
  noNewsDraft,
} from '../utils/finding-form';
import { FindingForm } from './finding-form';
import type { DraftPhoto } from './photo-picker';

/** What the device already has in this order: its current finding, and whether it still waits on the phone. */
export interface RecordedFinding {
  finding: FindingLike;
  waiting: boolean;
}

interface FindingsSheetProps {
  sessionId: number;
  item: SessionItem;
  /**
   * The device's current finding, when it has one: the sheet then says «Ya registrada» with it and never offers
   * a preset answer; changing it takes «Corregir», which starts from it.
   */
  current?: RecordedFinding | null;
  /** Open «Corregir» at once (asked from the «Ya registrada» line under the camera). */
  correcting?: boolean;
  /** The active pests; undefined while they cannot be read (the form still works, without catches to name). */
  pests: readonly Pest[] | undefined;
  /** The pests most caught at the site in devices of this type, most first: the form offers them first. */
  commonPests?: readonly number[] | undefined;
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

const NO_COMMON_PESTS: readonly number[] = [];

/**
 * What the technician found at the device just scanned. Set to "sin actividad, dispositivo OK": one tap on
 * 'Sin novedad' records it and the camera is ready for the next device. 'Registrar hallazgo' opens the form made
 * for the device's type; what was entered stays while the sheet is open, and holds the camera.
 */
export function FindingsSheet({
  sessionId,
  item,
  current = null,
  correcting = false,
  pests,
  commonPests = NO_COMMON_PESTS,
  waitingPhotos,
  send,
  onDone,
  onHold,
  onFailed,
}: FindingsSheetProps) {
  const titleId = useId();
  const hintId = useId();
  const reasonId = useId();
  const firstRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const type = item.trap.type;
  const code = item.trap.code;
  const groupOf = useMemo(() => {
    const groups = new Map((pests ?? []).map((pest) => [pest.id, pest.group]));
    return (pestId: number) => groups.get(pestId);
  }, [pests]);
  const recorded = current?.finding ?? null;
  const start = useMemo(
    () =>
      recorded
        ? draftFromFinding(type, recorded, pests ?? [], groupOf, commonPests)
        : noNewsDraft(type, pests ?? [], commonPests),
    [recorded, type, pests, groupOf, commonPests],
  );
  const [draft, setDraft] = useState<FindingDraft | null>(null);
  const [photos, setPhotos] = useState<DraftPhoto[]>([]);
  const [open, setOpen] = useState(correcting && recorded !== null);
  const [problems, setProblems] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const draftNow = draft ?? start;
  const entered =
    photos.length > 0 || (recorded ? draft !== null : !isNoNews(draftNow, type, pests ?? [], commonPests));
  const lowered = recorded ? loweredBy(recorded, findingBody(type, draftNow, groupOf), groupOf) : [];
  const lowers = lowered.length > 0;

  useEffect(() => {
    // The one tap a device with nothing to report needs is under the thumb, and where the keyboard is. A device
    // already recorded offers no answer there: 'Listo' only closes the sheet.
    firstRef.current?.focus({ preventScroll: true });
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
    const found = draftProblems(type, draftNow, groupOf);
    const why = reason.trim();
    if (lowers && !why) found.push(TEXT.correctionReasonRequired);
    setProblems(found);
    if (found.length > 0) {
      if (lowers && !why) reasonRef.current?.focus();
      return;
    }
    markRecorded();
    const photoRecords = photos.map(
      (photo): PhotoRequest => ({
        ...device,
        kind: 'photo',
        body: { clientPhotoId: photo.clientPhotoId, takenAt: photo.takenAt },
        photo: photo.photo,
      }),
    );
    const body = findingBody(type, draftNow, groupOf);
    deliver([findingOf(lowers ? { ...body, reason: why } : body), ...photoRecords]);
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
      {recorded ? (
        <>
          <p className="finding-sheet__recorded">
            <strong>{TEXT.recorded}</strong> · {findingSummary(recorded, groupOf)}
            {current?.waiting ? <span className="item-finding__unsent"> · {TEXT.waiting}</span> : null}
          </p>
          <div className="finding-sheet__actions">
            <button ref={firstRef} type="button" className="button button--primary button--large" onClick={onDone}>
              {TEXT.recordedDone}
            </button>
            <button type="button" className="button button--secondary button--large" onClick={() => setOpen(true)}>
              {entered ? TEXT.resume : TEXT.correct}
            </button>
          </div>
        </>
      ) : (
        <div className="finding-sheet__actions">
          <button
            ref={firstRef}
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
      )}
      {open ? (
        <Modal
          title={recorded ? TEXT.correctTitle(code) : TEXT.dialogTitle(code)}
          size="large"
          onClose={() => setOpen(false)}
          description={TRAP_TYPE_NAMES[type]}
          footer={
            <>
              <button type="button" className="button button--secondary button--large" onClick={() => setOpen(false)}>
                {TEXT.back}
              </button>
              <button type="button" className="button button--primary button--large" onClick={save}>
                {recorded ? TEXT.saveCorrection : TEXT.save}
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
          {lowers ? (
            <div className="field finding-form__reason">
              <label htmlFor={reasonId}>{TEXT.correctionReason}</label>
              <textarea
                ref={reasonRef}
                id={reasonId}
                rows={2}
                required
                maxLength={CORRECTION_REASON_MAX}
                aria-describedby={`${reasonId}-hint`}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
              <p id={`${reasonId}-hint`} className="field-hint">
                {TEXT.correctionReasonHint(lowered)}
              </p>
            </div>
          ) : null}
          <FindingForm
            type={type}
            trapCode={code}
            draft={draftNow}
            onChange={setDraft}
            photos={photos}
            onPhotosChange={setPhotos}
            photosTaken={item.photoIds.length + waitingPhotos}
            pests={pests}
            commonPests={commonPests}
            groupOf={groupOf}
          />
        </Modal>
      ) : null}
    </section>
  );
}
