import './sightings.css';
import { PEST_GROUP_NAMES, PEST_GROUPS, type PestGroup } from '@rondin/contracts/devices';
import { SIGHTING_DESCRIPTION_MAX, SIGHTING_PHOTOS_MAX, SIGHTING_REPORTER_MAX } from '@rondin/contracts/sighting-names';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { shrinkPhoto } from '../../../lib/shrink-photo';
import { useObjectUrl } from '../../../lib/use-object-url';
import { SIGHTING_MESSAGES as TEXT } from '../messages';

const PEST_OPTIONS = PEST_GROUPS.map((value) => ({ value, label: PEST_GROUP_NAMES[value] }));
/** Up to this many areas are chips a thumb can hit; more (a large plant) are a list to pick from. */
const AREA_CHIPS_MAX = 8;
/** Where the public page keeps the name typed last, so the next report from the same phone is a tap shorter. */
export const REPORTER_NAME_KEY = 'rondin.sighting.reporter';

interface Photo {
  key: number;
  blob: Blob;
}

type Field = 'area' | 'what' | 'seenAt' | 'name';

export interface SightingFormProps {
  /** The site's areas (of its devices): the only ones the server takes. */
  areas: readonly string[];
  /** The area the poster was printed for (`?area=`), chosen already when it is one of the site's. */
  initialArea?: string | null | undefined;
  /** The public page asks who reports; the portal reports as the signed-in contact. */
  askName: boolean;
  /** What the name is asked as: «Tu nombre» on the public page, «Quién avisó» for the office. */
  nameLabel?: string;
  /** The public page keeps the name on the phone for the next report; the office's shared screen does not. */
  rememberName?: boolean;
  sending: boolean;
  /** What went wrong with the last send; what was typed stays. */
  problem?: NoticeMessage | null | undefined;
  /** The form as the server takes it (multipart): area, description, seenAt, pestGroup, reporterName, file × n. */
  onSubmit: (form: FormData) => void;
}

/** `date` as a datetime-local input writes it, in the phone's own clock. */
export function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function storedName(remembered: boolean): string {
  if (!remembered) return '';
  try {
    return localStorage.getItem(REPORTER_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * A sighting in a few taps, on a phone first: where (the poster's area chosen already), what (a pest group, or
 * words, or both), when (now unless changed), up to three photos from the camera (shrunk on the phone, as the
 * technicians' are) and who. Used by the public page of the posters and by the client's portal.
 */
export function SightingForm({
  areas,
  initialArea,
  askName,
  nameLabel = TEXT.reporterName,
  rememberName = askName,
  sending,
  problem,
  onSubmit,
}: SightingFormProps) {
  const ids = {
    area: useId(),
    description: useId(),
    descriptionHint: useId(),
    seenAt: useId(),
    seenAtHint: useId(),
    name: useId(),
    photos: useId(),
    photoInput: useId(),
  };
  const [area, setArea] = useState<string | null>(
    initialArea && areas.includes(initialArea) ? initialArea : areas.length === 1 ? (areas[0] ?? null) : null,
  );
  const [pestGroup, setPestGroup] = useState<PestGroup | null>(null);
  const [description, setDescription] = useState('');
  // Untouched, the time is taken when the form is sent: a form left open a while still says "now".
  const [seenAt, setSeenAt] = useState<string | null>(null);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [name, setName] = useState(() => storedName(rememberName));
  const [invalid, setInvalid] = useState<{ field: Field; text: string } | null>(null);
  const nextKey = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);

  // A field put right stops saying what was wrong with it.
  const fixed = (...fields: Field[]) =>
    setInvalid((current) => (current && fields.includes(current.field) ? null : current));

  async function addPhoto(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setPhotoProblem(null);
    setPreparing(true);
    try {
      const blob = await shrinkPhoto(file);
      nextKey.current += 1;
      const key = nextKey.current;
      setPhotos((current) => [...current, { key, blob }].slice(0, SIGHTING_PHOTOS_MAX));
    } catch {
      setPhotoProblem(TEXT.photoFailed);
    } finally {
      setPreparing(false);
    }
  }

  function problemOf(): { field: Field; text: string } | null {
    if (!area) return { field: 'area', text: TEXT.areaRequired };
    if (!pestGroup && !description.trim()) return { field: 'what', text: TEXT.whatRequired };
    if (seenAt !== null && (!seenAt || new Date(seenAt).getTime() > Date.now() + 60_000)) {
      return { field: 'seenAt', text: TEXT.seenAtFuture };
    }
    if (askName && !name.trim()) return { field: 'name', text: TEXT.reporterNameRequired };
    return null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found = problemOf();
    setInvalid(found);
    if (found) {
      // The field at fault takes the focus, so a screen reader hears it with its message.
      const target = formRef.current?.querySelector<HTMLElement>(`[data-field="${found.field}"]`);
      (target?.matches('input, select, textarea') ? target : target?.querySelector<HTMLElement>('input'))?.focus();
      return;
    }
    const form = new FormData();
    form.set('area', area ?? '');
    // The server wants words: a group alone is sent in its name.
    form.set('description', description.trim() || (pestGroup ? PEST_GROUP_NAMES[pestGroup] : ''));
    form.set('seenAt', (seenAt ? new Date(seenAt) : new Date()).toISOString());
    if (pestGroup) form.set('pestGroup', pestGroup);
    if (askName) form.set('reporterName', name.trim());
    if (rememberName) {
      try {
        localStorage.setItem(REPORTER_NAME_KEY, name.trim());
      } catch {
        // A phone that keeps nothing asks for the name again next time.
      }
    }
    photos.forEach((photo, index) => form.append('file', photo.blob, `foto-${index + 1}.jpg`));
    onSubmit(form);
  }

  const fieldError = (field: Field) =>
    invalid?.field === field ? (
      <p className="sighting-form__error" id={`${ids.area}-${field}-error`}>
        {invalid.text}
      </p>
    ) : null;
  const describedBy = (field: Field, hint?: string) =>
    [hint, invalid?.field === field ? `${ids.area}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form ref={formRef} className="sighting-form" onSubmit={submit} noValidate>
      <div data-field="area" className="sighting-form__block">
        {areas.length <= AREA_CHIPS_MAX ? (
          <ChoiceChips
            legend={TEXT.area}
            hint={initialArea && area === initialArea ? TEXT.areaHint : undefined}
            options={areas.map((value) => ({ value, label: value }))}
            selected={area}
            large
            onChange={(value) => {
              setArea(value);
              fixed('area');
            }}
          />
        ) : (
          <div className="field">
            <label htmlFor={ids.area}>{TEXT.area}</label>
            <select
              id={ids.area}
              value={area ?? ''}
              aria-invalid={invalid?.field === 'area' ? true : undefined}
              aria-describedby={describedBy('area')}
              onChange={(event) => {
                setArea(event.target.value || null);
                fixed('area');
              }}
            >
              <option value="">—</option>
              {areas.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        )}
        {fieldError('area')}
      </div>

      <div data-field="what" className="sighting-form__block">
        <ChoiceChips
          legend={TEXT.pestGroup}
          options={PEST_OPTIONS}
          selected={pestGroup}
          large
          onChange={(value) => {
            setPestGroup(value);
            fixed('what');
          }}
        />
        {fieldError('what')}
      </div>
      <div className="field">
        <label htmlFor={ids.description}>{TEXT.description}</label>
        <textarea
          id={ids.description}
          rows={2}
          value={description}
          maxLength={SIGHTING_DESCRIPTION_MAX}
          aria-describedby={describedBy('what', ids.descriptionHint)}
          onChange={(event) => {
            setDescription(event.target.value);
            fixed('what');
          }}
        />
        <p id={ids.descriptionHint} className="field-hint">
          {TEXT.descriptionHint}
        </p>
      </div>

      <div className="field" data-field="seenAt">
        <label htmlFor={ids.seenAt}>{TEXT.seenAt}</label>
        <input
          id={ids.seenAt}
          type="datetime-local"
          value={seenAt ?? localInputValue(new Date())}
          max={localInputValue(new Date())}
          aria-invalid={invalid?.field === 'seenAt' ? true : undefined}
          aria-describedby={describedBy('seenAt', ids.seenAtHint)}
          onChange={(event) => {
            setSeenAt(event.target.value);
            fixed('seenAt');
          }}
        />
        <p id={ids.seenAtHint} className="field-hint">
          {TEXT.seenAtHint}
        </p>
        {fieldError('seenAt')}
      </div>

      <section className="sighting-form__photos" aria-labelledby={ids.photos}>
        <h2 id={ids.photos} className="sighting-form__label">
          {TEXT.photos(photos.length)}
        </h2>
        {photos.length > 0 ? (
          <ul className="sighting-photos">
            {photos.map((photo, index) => (
              <li key={photo.key} className="sighting-photos__item">
                <ChosenPhoto blob={photo.blob} alt={TEXT.photoAlt(index + 1)} />
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setPhotos((current) => current.filter((each) => each.key !== photo.key))}
                >
                  {TEXT.removePhoto(index + 1)}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {photos.length < SIGHTING_PHOTOS_MAX ? (
          <div className="sighting-form__take">
            <input
              id={ids.photoInput}
              className="sighting-form__photo-input"
              type="file"
              accept="image/*"
              capture="environment"
              disabled={preparing || sending}
              onChange={(event) => {
                void addPhoto(event.target.files);
                event.target.value = '';
              }}
            />
            <label htmlFor={ids.photoInput} className="button button--secondary sighting-form__photo-button">
              {preparing ? TEXT.preparingPhoto : photos.length === 0 ? TEXT.takePhoto : TEXT.takeAnotherPhoto}
            </label>
          </div>
        ) : null}
        {photoProblem ? (
          <p className="sighting-form__error" role="alert">
            {photoProblem}
          </p>
        ) : null}
      </section>

      {askName ? (
        <div className="field" data-field="name">
          <label htmlFor={ids.name}>{nameLabel}</label>
          <input
            id={ids.name}
            type="text"
            autoComplete="name"
            value={name}
            maxLength={SIGHTING_REPORTER_MAX}
            aria-invalid={invalid?.field === 'name' ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={(event) => {
              setName(event.target.value);
              fixed('name');
            }}
          />
          {fieldError('name')}
        </div>
      ) : null}

      {invalid ? (
        <p className="visually-hidden" role="alert">
          {invalid.text}
        </p>
      ) : null}
      {problem ? <Notice notice={problem} /> : null}
      <button
        type="submit"
        className="button button--primary button--large button--block"
        disabled={sending || preparing}
      >
        {sending ? TEXT.sending : TEXT.send}
      </button>
    </form>
  );
}

function ChosenPhoto({ blob, alt }: { blob: Blob; alt: string }) {
  const url = useObjectUrl(blob);
  return url ? <img src={url} alt={alt} /> : <span className="sighting-photos__missing">{alt}</span>;
}
