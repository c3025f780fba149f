import type { SessionItem } from '@rondin/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { useObjectUrl } from '../../../lib/use-object-url';
import { usePhotoThumbnail } from '../../../lib/use-photo';
import { FINDINGS_MESSAGES as TEXT } from '../messages';

/** A photo of the item: one the server has (by id), or one still on the phone (by the id the phone gave it). */
type ItemPhoto = { sent: true; photoId: number } | { sent: false; clientPhotoId: string; photo: Blob };

interface ItemPhotosProps {
  item: SessionItem;
  /** Photos taken and not sent yet. */
  waitingPhotos: readonly { clientPhotoId: string; photo: Blob }[];
  /** Photos the server has whose removal waits on the phone: already gone for the technician. */
  deletedPhotoIds: readonly number[];
  /** Drops a photo not sent yet from the phone: it never reaches the server. */
  removeWaiting: (clientPhotoId: string) => Promise<unknown>;
  /** Removes a photo the server has: DELETE /api/photos/{id}, through the queue (so also without signal). */
  deleteSent: (photoId: number) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The photos of one device of an open order, sent or waiting on the phone, each with 'Eliminar' and a
 * confirmation that says what removing it does.
 */
export function ItemPhotos({
  item,
  waitingPhotos,
  deletedPhotoIds,
  removeWaiting,
  deleteSent,
  onClose,
}: ItemPhotosProps) {
  const code = item.trap.code;
  const [asking, setAsking] = useState<{ photo: ItemPhoto; n: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; detail: string | undefined } | null>(null);
  const photos: ItemPhoto[] = [
    ...item.photoIds.filter((id) => !deletedPhotoIds.includes(id)).map((photoId) => ({ sent: true as const, photoId })),
    ...waitingPhotos.map((waiting) => ({ sent: false as const, ...waiting })),
  ];

  async function remove(photo: ItemPhoto) {
    setBusy(true);
    setProblem(null);
    try {
      await (photo.sent ? deleteSent(photo.photoId) : removeWaiting(photo.clientPhotoId));
    } catch (error) {
      setProblem({ text: TEXT.photoRemoveFailed, detail: serverMessage(error) });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  if (asking) {
    return (
      <ConfirmDialog
        title={TEXT.photoRemoveTitle(asking.n, code)}
        message={asking.photo.sent ? TEXT.photoRemoveSent : TEXT.photoRemoveWaiting}
        confirmLabel={TEXT.photoRemoveConfirm}
        busy={busy}
        onConfirm={() => void remove(asking.photo)}
        onCancel={() => setAsking(null)}
      />
    );
  }
  return (
    <Modal
      title={TEXT.itemPhotosTitle(code)}
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary button--large" onClick={onClose}>
          {TEXT.back}
        </button>
      }
    >
      {problem ? <Notice notice={{ tone: 'error', text: problem.text, detail: problem.detail }} /> : null}
      {photos.length === 0 ? (
        <p className="finding-form__hint">{TEXT.itemPhotosNone}</p>
      ) : (
        <ul className="photo-picker__list">
          {photos.map((photo, index) => (
            <li key={photo.sent ? photo.photoId : photo.clientPhotoId} className="photo-picker__item">
              {photo.sent ? (
                <SentPhoto id={photo.photoId} alt={TEXT.photoAlt(index + 1, code)} />
              ) : (
                <WaitingPhoto photo={photo.photo} alt={TEXT.photoAlt(index + 1, code)} />
              )}
              <span className="finding-form__hint">{photo.sent ? TEXT.photoSent : TEXT.waiting}</span>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={TEXT.photoRemoveFor(index + 1, code)}
                onClick={() => setAsking({ photo, n: index + 1 })}
              >
                {TEXT.photoRemove}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

function SentPhoto({ id, alt }: { id: number; alt: string }) {
  const thumbnail = usePhotoThumbnail(id);
  const url = useObjectUrl(thumbnail.data);
  // Without signal a photo not seen before cannot be shown; it can still be removed.
  return url ? <img src={url} alt={alt} /> : <span className="photo-picker__missing">{alt}</span>;
}

function WaitingPhoto({ photo, alt }: { photo: Blob; alt: string }) {
  const url = useObjectUrl(photo);
  return url ? <img src={url} alt={alt} /> : null;
}
