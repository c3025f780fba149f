import type { AssessmentPhoto } from '@rondin/contracts';
import {
  PEST_CONDITION_NAMES,
  PEST_CONDITIONS,
  PEST_PRESSURE_NAMES,
  PEST_PRESSURES,
} from '@rondin/contracts/assessment-names';
import { useId, useState } from 'react';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { shrinkPhoto } from '../../../lib/shrink-photo';
import { useObjectUrl } from '../../../lib/use-object-url';
import { type PhotoPaths, usePhotoThumbnail } from '../../../lib/use-photo';
import { randomUuid } from '../../../lib/uuid';
import { ASSESSMENT_MESSAGES as TEXT } from '../messages';
import type { AreaDraft } from '../utils/draft';

/** The server's AREA_PHOTOS_MAX (in the contracts' zod module, out of the browser's reach). */
const AREA_PHOTOS_MAX = 10;

const PRESSURE_OPTIONS = PEST_PRESSURES.map((value) => ({ value, label: PEST_PRESSURE_NAMES[value] }));
const CONDITION_OPTIONS = PEST_CONDITIONS.map((value) => ({ value, label: PEST_CONDITION_NAMES[value] }));

interface AreaCardProps {
  area: AreaDraft;
  index: number;
  total: number;
  readOnly: boolean;
  onChange: (area: AreaDraft) => void;
  onRemove: () => void;
  /** A photo taken: kept on the device and sent from there (the walk names it in the area at once). */
  onPhoto: (clientPhotoId: string, photo: Blob, takenAt: string) => void;
  /** Its photos waiting on the device, by clientPhotoId. */
  waitingPhotos: ReadonlyMap<string, Blob>;
  /** Its photos the server has, by clientPhotoId. */
  sentPhotos: ReadonlyMap<string, AssessmentPhoto>;
  photoPaths: PhotoPaths;
}

/** One area of the walk: pressure as large chips, the conditions that favour pests, notes and photos. */
export function AreaCard({
  area,
  index,
  total,
  readOnly,
  onChange,
  onRemove,
  onPhoto,
  waitingPhotos,
  sentPhotos,
  photoPaths,
}: AreaCardProps) {
  const headingId = useId();
  const notesId = useId();
  return (
    <section className="assessment-area" aria-labelledby={headingId}>
      <div className="assessment-area__header">
        <h3 id={headingId} className="assessment-area__title">
          {TEXT.areaHeading(index, total, area.area)}
        </h3>
        {readOnly ? null : (
          <button type="button" className="button button--ghost-danger button--small" onClick={onRemove}>
            {TEXT.removeArea(area.area)}
          </button>
        )}
      </div>
      {area.pressure === null && !readOnly ? <p className="assessment-area__hint">{TEXT.areaNotAssessed}</p> : null}
      {readOnly ? (
        <AreaFacts area={area} />
      ) : (
        <>
          <ChoiceChips
            legend={TEXT.pressure}
            options={PRESSURE_OPTIONS}
            selected={area.pressure}
            large
            onChange={(pressure) => onChange({ ...area, pressure })}
          />
          <ChoiceChips
            legend={TEXT.conditions}
            options={CONDITION_OPTIONS}
            selected={area.conditions}
            onChange={(condition, checked) =>
              onChange({
                ...area,
                conditions: checked
                  ? PEST_CONDITIONS.filter((each) => each === condition || area.conditions.includes(each))
                  : area.conditions.filter((each) => each !== condition),
              })
            }
          />
          <div className="field">
            <label htmlFor={notesId}>{TEXT.notes}</label>
            <textarea
              id={notesId}
              rows={3}
              value={area.notes}
              maxLength={4000}
              onChange={(event) => onChange({ ...area, notes: event.target.value })}
            />
          </div>
        </>
      )}
      <AreaPhotos
        area={area}
        readOnly={readOnly}
        onChange={onChange}
        onPhoto={onPhoto}
        waitingPhotos={waitingPhotos}
        sentPhotos={sentPhotos}
        photoPaths={photoPaths}
      />
    </section>
  );
}

/** A signed area, as text. */
function AreaFacts({ area }: { area: AreaDraft }) {
  return (
    <dl className="assessment-area__facts">
      <div>
        <dt>{TEXT.pressure}</dt>
        <dd>{area.pressure ? PEST_PRESSURE_NAMES[area.pressure] : '—'}</dd>
      </div>
      <div>
        <dt>{TEXT.conditions}</dt>
        <dd>{area.conditions.length ? area.conditions.map((each) => PEST_CONDITION_NAMES[each]).join(', ') : '—'}</dd>
      </div>
      {area.notes ? (
        <div>
          <dt>{TEXT.notes}</dt>
          <dd className="assessment__text">{area.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function AreaPhotos({
  area,
  readOnly,
  onChange,
  onPhoto,
  waitingPhotos,
  sentPhotos,
  photoPaths,
}: Pick<AreaCardProps, 'area' | 'readOnly' | 'onChange' | 'onPhoto' | 'waitingPhotos' | 'sentPhotos' | 'photoPaths'>) {
  const inputId = useId();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const room = AREA_PHOTOS_MAX - area.photoIds.length;
  if (readOnly && area.photoIds.length === 0) return null;

  async function take(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setProblem(null);
    setBusy(true);
    try {
      const photo = await shrinkPhoto(file);
      const clientPhotoId = randomUuid();
      onPhoto(clientPhotoId, photo, new Date().toISOString());
    } catch {
      setProblem(TEXT.photoFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="assessment-photos" aria-labelledby={headingId}>
      <h4 id={headingId} className="assessment-photos__title">
        {TEXT.photos(area.photoIds.length, AREA_PHOTOS_MAX)}
      </h4>
      {area.photoIds.length > 0 ? (
        <ul className="assessment-photos__list">
          {area.photoIds.map((clientPhotoId, index) => {
            const alt = TEXT.photoAlt(index + 1, area.area);
            const waiting = waitingPhotos.get(clientPhotoId);
            const sent = sentPhotos.get(clientPhotoId);
            return (
              <li key={clientPhotoId} className="assessment-photos__item">
                {waiting ? (
                  <WaitingPhoto photo={waiting} alt={alt} />
                ) : sent ? (
                  <SentPhoto id={sent.id} alt={alt} paths={photoPaths} />
                ) : (
                  <span className="assessment-photos__missing">{alt}</span>
                )}
                {waiting ? <span className="badge badge--warning">{TEXT.photoWaiting}</span> : null}
                {readOnly ? null : (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() =>
                      onChange({ ...area, photoIds: area.photoIds.filter((each) => each !== clientPhotoId) })
                    }
                  >
                    {`Quitar la foto ${index + 1}`}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {readOnly ? null : room > 0 ? (
        <div className="assessment-photos__take">
          <input
            id={inputId}
            className="assessment-photos__input"
            type="file"
            accept="image/*"
            capture="environment"
            disabled={busy}
            aria-label={TEXT.takePhotoFor(area.area)}
            onChange={(event) => {
              void take(event.target.files);
              event.target.value = '';
            }}
          />
          <label htmlFor={inputId} className="button button--secondary assessment-photos__button">
            {busy ? TEXT.preparingPhoto : TEXT.takePhoto}
          </label>
        </div>
      ) : (
        <p className="muted">{TEXT.photoLimit}</p>
      )}
      {problem ? (
        <p className="assessment__error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

function SentPhoto({ id, alt, paths }: { id: number; alt: string; paths: PhotoPaths }) {
  const thumbnail = usePhotoThumbnail(id, true, paths);
  const url = useObjectUrl(thumbnail.data);
  return url ? <img src={url} alt={alt} /> : <span className="assessment-photos__missing">{alt}</span>;
}

function WaitingPhoto({ photo, alt }: { photo: Blob; alt: string }) {
  const url = useObjectUrl(photo);
  return url ? <img src={url} alt={alt} /> : <span className="assessment-photos__missing">{alt}</span>;
}
