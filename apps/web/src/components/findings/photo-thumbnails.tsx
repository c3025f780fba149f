import './findings.css';
import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '../../lib/api-client';
import { useObjectUrl } from '../../lib/use-object-url';
import { FINDING_PHOTOS, type PhotoPaths, usePhoto, usePhotoThumbnail } from '../../lib/use-photo';
import { Modal } from '../ui/modal';

interface PhotoThumbnailsProps {
  photoIds: readonly number[];
  /** What the photos are of, for their names: "LAM-01". */
  subject: string;
  /** Where they are read; a finding's photos unless told. */
  paths?: PhotoPaths;
}

/**
 * A device's photos as small thumbnails, each a button that opens the photo itself large. A thumbnail is the
 * server's small copy (a finding's: GET /photos/{id}?size=thumb, ~10–20 KB instead of up to 2 MB), read only once it scrolls
 * into view (the photos come through the authenticated client, so the observer below is what makes them lazy;
 * `loading="lazy"` on the image says the same to the browser).
 */
export function PhotoThumbnails({ photoIds, subject, paths = FINDING_PHOTOS }: PhotoThumbnailsProps) {
  const [open, setOpen] = useState<number | null>(null);
  if (photoIds.length === 0) return null;
  return (
    <>
      <ul className="photo-thumbnails" aria-label={`Fotos de ${subject}`}>
        {photoIds.map((id, index) => (
          <li key={id}>
            <button
              type="button"
              className="photo-thumbnail"
              aria-label={`Ver foto ${index + 1} de ${photoIds.length} de ${subject}`}
              onClick={() => setOpen(index)}
            >
              <Thumbnail id={id} paths={paths} alt={`Miniatura de la foto ${index + 1} de ${subject}`} />
            </button>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <PhotoViewer
          photoIds={photoIds}
          index={open}
          subject={subject}
          paths={paths}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

/** True once the element has come near the viewport (at once where the browser cannot tell). */
function useSeen(target: React.RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !target.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(target.current);
    return () => observer.disconnect();
  }, [seen, target]);
  return seen;
}

function Thumbnail({ id, alt, paths }: { id: number; alt: string; paths: PhotoPaths }) {
  const box = useRef<HTMLSpanElement>(null);
  const photo = usePhotoThumbnail(id, useSeen(box), paths);
  const url = useObjectUrl(photo.data);
  return (
    <span ref={box} className={`photo-thumbnail__image${photo.isError ? ' photo-thumbnail__image--failed' : ''}`}>
      {url ? (
        <img src={url} alt={alt} loading="lazy" decoding="async" />
      ) : (
        // Until it arrives (or if it cannot): a word, so an empty box never looks like a broken photo.
        <span aria-hidden="true" className="photo-thumbnail__placeholder">
          {photo.isError ? '!' : 'Foto'}
        </span>
      )}
    </span>
  );
}

interface PhotoViewerProps {
  photoIds: readonly number[];
  index: number;
  subject: string;
  paths: PhotoPaths;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** One photo at the size of the screen, with the previous and next ones of the device (also with ← and →). */
function PhotoViewer({ photoIds, index, subject, paths, onIndex, onClose }: PhotoViewerProps) {
  const id = photoIds[index]!;
  const photo = usePhoto(id, true, paths);
  const url = useObjectUrl(photo.data);
  const count = photoIds.length;
  const position = `Foto ${index + 1} de ${count}`;
  const go = (step: number) => onIndex((index + step + count) % count);
  return (
    <Modal
      title={`Fotos de ${subject}`}
      size="large"
      onClose={onClose}
      footer={
        count > 1 ? (
          <div className="photo-viewer__nav">
            <button type="button" className="button button--secondary" onClick={() => go(-1)}>
              ← Anterior
            </button>
            <span aria-live="polite">{position}</span>
            <button type="button" className="button button--secondary" onClick={() => go(1)} data-autofocus>
              Siguiente →
            </button>
          </div>
        ) : null
      }
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the arrows are a shortcut; the buttons do the same. */}
      <div
        className="photo-viewer"
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') go(-1);
          if (event.key === 'ArrowRight') go(1);
        }}
      >
        {url ? (
          <img src={url} alt={`${position} de ${subject}`} className="photo-viewer__image" />
        ) : photo.isError ? (
          <div className="state state--error" role="alert">
            <p>No se pudo cargar la foto.</p>
            {serverMessage(photo.error) ? <p className="state__detail">{serverMessage(photo.error)}</p> : null}
            <button type="button" className="button button--secondary" onClick={() => void photo.refetch()}>
              Reintentar
            </button>
          </div>
        ) : (
          <p className="state state--loading" role="status">
            Cargando foto…
          </p>
        )}
      </div>
    </Modal>
  );
}
