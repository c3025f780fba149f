import { PORTAL_RESPONSE_PHOTOS_MAX } from '@rondin/contracts/action-names';
import { type FormEvent, useId, useRef, useState } from 'react';
import { PhotoThumbnails } from '../../../components/findings/photo-thumbnails';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { StatusBadge } from '../../../components/ui/status-badge';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { shrinkPhoto } from '../../../lib/shrink-photo';
import { useObjectUrl } from '../../../lib/use-object-url';
import type { Recommendation } from '../api/get-portal-actions';
import { portalActionPhotoPaths, useRespondToAction } from '../api/respond-to-action';
import { RECOMMENDATION_MESSAGES as TEXT } from '../messages';

const formatDay = (day: string) => day.split('-').reverse().join('/');

/**
 * One recommendation: what is asked and by when; «Reconocer» (with a note if she wants) until she has; then what
 * the plant did, a note and up to 3 photos shrunk on the phone before they are sent. A closed one is read only.
 */
export function RecommendationCard({ action }: { action: Recommendation }) {
  const headingId = useId();
  const closed = action.status === 'CERRADA';
  const waiting = !closed && action.acknowledgement === null;
  return (
    <article
      className={`portal-recommendation${waiting ? ' portal-recommendation--waiting' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="portal-recommendation__head">
        <h3 id={headingId} className="portal-recommendation__title">
          {action.description}
        </h3>
        <span className="portal-counts">
          {closed ? (
            <StatusBadge tone="success">{TEXT.closed}</StatusBadge>
          ) : waiting ? (
            <StatusBadge tone="warning">{TEXT.waiting}</StatusBadge>
          ) : (
            <StatusBadge tone="info">{TEXT.acknowledged}</StatusBadge>
          )}
          {action.overdue ? <StatusBadge tone="danger">{TEXT.overdue}</StatusBadge> : null}
        </span>
      </div>
      <p className="muted">
        {[
          TEXT.severity[action.severity],
          TEXT.due(formatDay(action.dueDate)),
          action.area ? TEXT.area(action.area) : null,
          TEXT.detected(formatDateTime(action.detectedAt)),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {action.acknowledgement ? (
        <p>
          {TEXT.acknowledgedBy(action.acknowledgement.by.fullName, formatDateTime(action.acknowledgement.at))}
          {action.acknowledgement.note ? ` «${action.acknowledgement.note}»` : ''}
        </p>
      ) : null}
      {action.responses.length > 0 ? (
        <section aria-label={TEXT.responses}>
          <h4 className="portal-recommendation__subtitle">{TEXT.responses}</h4>
          <ul className="portal-responses">
            {action.responses.map((response) => (
              <li key={response.id}>
                <p className="portal-response__note">{response.note}</p>
                <p className="muted">{TEXT.responseBy(response.by.fullName, formatDateTime(response.at))}</p>
                <PhotoThumbnails
                  photoIds={response.photoIds}
                  subject={TEXT.photosOf(action.description)}
                  paths={portalActionPhotoPaths(action.id)}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {closed ? (
        action.closedAt ? (
          <p className="muted">{TEXT.closedOn(formatDateTime(action.closedAt))}</p>
        ) : null
      ) : waiting ? (
        <AcknowledgeForm action={action} />
      ) : (
        <ResponseForm action={action} />
      )}
    </article>
  );
}

function AcknowledgeForm({ action }: { action: Recommendation }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const { acknowledge } = useRespondToAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (acknowledge.isPending) return;
    setNotice(null);
    acknowledge.mutate(
      { id: action.id, note },
      {
        onError: (error) => setNotice({ tone: 'error', text: TEXT.acknowledgeFailed, detail: describeError(error) }),
      },
    );
  }

  return (
    <form className="form portal-recommendation__form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={noteId}>{TEXT.acknowledgeNote}</label>
        <input
          id={noteId}
          value={note}
          maxLength={4000}
          placeholder={TEXT.acknowledgeNotePlaceholder}
          onChange={(event) => setNote(event.target.value)}
          disabled={acknowledge.isPending}
        />
      </div>
      {notice ? <Notice notice={notice} /> : null}
      <button
        type="submit"
        className="button button--primary"
        aria-label={TEXT.acknowledgeFor(action.description)}
        disabled={acknowledge.isPending}
      >
        {acknowledge.isPending ? TEXT.acknowledging : TEXT.acknowledge}
      </button>
    </form>
  );
}

interface ChosenPhoto {
  key: number;
  blob: Blob;
}

function ResponseForm({ action }: { action: Recommendation }) {
  const ids = { note: useId(), status: useId() };
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [shrinking, setShrinking] = useState(false);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const nextKey = useRef(1);
  const noteInput = useRef<HTMLTextAreaElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const { respond } = useRespondToAction();
  const busy = respond.isPending || shrinking;
  const room = PORTAL_RESPONSE_PHOTOS_MAX - photos.length;

  async function addPhotos(files: FileList | null) {
    const chosen = [...(files ?? [])].slice(0, room);
    if (chosen.length === 0) return;
    setNotice(null);
    setShrinking(true);
    try {
      const shrunk = await Promise.all(chosen.map((file) => shrinkPhoto(file)));
      setPhotos((old) => [...old, ...shrunk.map((blob) => ({ key: nextKey.current++, blob }))]);
    } catch {
      setNotice({ tone: 'error', text: TEXT.photoFailed });
    } finally {
      setShrinking(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!note.trim()) {
      setNotice({ tone: 'error', text: TEXT.responseNoteRequired });
      noteInput.current?.focus();
      return;
    }
    setNotice(null);
    respond.mutate(
      { id: action.id, note, photos: photos.map((photo) => photo.blob) },
      {
        onSuccess: () => {
          setNote('');
          setPhotos([]);
          setOpen(false);
          setNotice({ tone: 'success', text: TEXT.sent });
        },
        onError: (error) => setNotice({ tone: 'error', text: TEXT.sendFailed, detail: describeError(error) }),
      },
    );
  }

  if (!open) {
    return (
      <div className="portal-recommendation__form">
        {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
        <p className="muted">{TEXT.officeVerifies}</p>
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          {TEXT.respond}
        </button>
      </div>
    );
  }

  return (
    <form className="form portal-recommendation__form" onSubmit={submit} noValidate aria-label={TEXT.respond}>
      <div className="field">
        <label htmlFor={ids.note}>{TEXT.responseNote}</label>
        <textarea
          ref={noteInput}
          id={ids.note}
          rows={3}
          maxLength={4000}
          value={note}
          placeholder={TEXT.responseNotePlaceholder}
          onChange={(event) => setNote(event.target.value)}
          disabled={respond.isPending}
          // biome-ignore lint/a11y/noAutofocus: the form opens on her request, at the field she came to fill.
          autoFocus
        />
      </div>
      <fieldset className="portal-photos">
        <legend>{TEXT.photos(photos.length, PORTAL_RESPONSE_PHOTOS_MAX)}</legend>
        {photos.length > 0 ? (
          <ul className="portal-photo-previews">
            {photos.map((photo, index) => (
              <li key={photo.key}>
                <PhotoPreview blob={photo.blob} alt={TEXT.photoAlt(index + 1)} />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={respond.isPending}
                  onClick={() => setPhotos((old) => old.filter((each) => each.key !== photo.key))}
                >
                  {TEXT.removePhoto(index + 1)}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {room > 0 ? (
          <>
            <button
              type="button"
              className="button button--secondary portal-photos__add"
              disabled={busy}
              aria-describedby={ids.status}
              onClick={() => photoInput.current?.click()}
            >
              {TEXT.addPhoto}
            </button>
            <input
              ref={photoInput}
              hidden
              type="file"
              accept="image/*"
              multiple
              aria-label={TEXT.addPhoto}
              onChange={(event) => {
                void addPhotos(event.target.files);
                event.target.value = '';
              }}
            />
          </>
        ) : null}
        <p id={ids.status} className="field-hint" role="status">
          {shrinking ? TEXT.photoShrinking : room === 0 ? TEXT.photoLimit(PORTAL_RESPONSE_PHOTOS_MAX) : ''}
        </p>
      </fieldset>
      {notice ? <Notice notice={notice} /> : null}
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)} disabled={busy}>
          Cancelar
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {respond.isPending ? TEXT.sending : TEXT.send}
        </button>
      </div>
    </form>
  );
}

function PhotoPreview({ blob, alt }: { blob: Blob; alt: string }) {
  const url = useObjectUrl(blob);
  return url ? <img src={url} alt={alt} /> : null;
}
