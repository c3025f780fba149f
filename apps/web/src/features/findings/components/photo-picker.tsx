import { PHOTOS_PER_ITEM } from '@rondin/contracts/finding-rules';
import { useEffect, useId, useRef, useState } from 'react';
import { randomUuid } from '../../../lib/uuid';
import { FINDINGS_MESSAGES as TEXT } from '../messages';
import { shrinkPhoto } from '../../../lib/shrink-photo';

/** A photo taken for the finding, shrunk and re-encoded; its id is given once, when it is taken. */
export interface DraftPhoto {
  clientPhotoId: string;
  takenAt: string;
  photo: Blob;
}

interface PhotoPickerProps {
  trapCode: string;
  photos: readonly DraftPhoto[];
  /** Photos the item already has on the server or waiting on the device: at most 5 in all. */
  alreadyTaken: number;
  onChange: (photos: DraftPhoto[]) => void;
  /** Said beside the button: a tampered device asks for one. */
  hint?: string | null;
}

/**
 * The phone's camera through a file input (`capture`): each picture is shrunk to 1,600 px and encoded again as
 * JPEG on the phone before it is kept, so a 5 MB picture travels as a few hundred KB, without its EXIF.
 */
export function PhotoPicker({ trapCode, photos, alreadyTaken, onChange, hint = null }: PhotoPickerProps) {
  const inputId = useId();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const room = PHOTOS_PER_ITEM - alreadyTaken - photos.length;
  const urls = useObjectUrls(photos);

  async function take(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setProblem(null);
    setBusy(true);
    try {
      const photo = await shrinkPhoto(file);
      onChange([...photos, { clientPhotoId: randomUuid(), takenAt: new Date().toISOString(), photo }]);
    } catch {
      setProblem(TEXT.photoFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="photo-picker" aria-labelledby={headingId}>
      <h3 id={headingId} className="finding-form__heading">
        {TEXT.photos(alreadyTaken + photos.length, PHOTOS_PER_ITEM)}
      </h3>
      {hint ? <p className="finding-form__hint finding-form__hint--strong">{hint}</p> : null}
      {photos.length > 0 ? (
        <ul className="photo-picker__list">
          {photos.map((photo, index) => (
            <li key={photo.clientPhotoId} className="photo-picker__item">
              <img src={urls.get(photo.clientPhotoId)} alt={TEXT.photoAlt(index + 1, trapCode)} />
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onChange(photos.filter((each) => each !== photo))}
              >
                {TEXT.removePhoto(index + 1)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <div className="photo-picker__take">
          {/* The label is the button: a tap opens the camera; the input stays reachable by keyboard. */}
          <input
            id={inputId}
            className="photo-picker__input"
            type="file"
            accept="image/*"
            capture="environment"
            disabled={busy}
            onChange={(event) => {
              void take(event.target.files);
              event.target.value = '';
            }}
          />
          <label htmlFor={inputId} className="button button--secondary button--large photo-picker__button">
            <CameraIcon />
            {busy ? TEXT.preparingPhoto : TEXT.takePhoto}
          </label>
        </div>
      ) : (
        <p className="finding-form__hint">{TEXT.photoLimit}</p>
      )}
      {problem ? (
        <p className="finding-form__error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

/** An address for each photo's preview, let go of when the photo is removed or the form closes. */
function useObjectUrls(photos: readonly DraftPhoto[]): ReadonlyMap<string, string> {
  const urls = useRef(new Map<string, string>());
  const current = urls.current;
  for (const photo of photos) {
    if (!current.has(photo.clientPhotoId)) current.set(photo.clientPhotoId, URL.createObjectURL(photo.photo));
  }
  useEffect(() => {
    const kept = new Set(photos.map((photo) => photo.clientPhotoId));
    for (const [id, url] of current) {
      if (kept.has(id)) continue;
      URL.revokeObjectURL(url);
      current.delete(id);
    }
  }, [photos, current]);
  useEffect(
    () => () => {
      for (const url of current.values()) URL.revokeObjectURL(url);
      current.clear();
    },
    [current],
  );
  return current;
}

function CameraIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}
