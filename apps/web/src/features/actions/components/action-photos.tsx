import type { ActionResponse, CorrectiveActionDetail } from '@rondin/contracts';
import { useState } from 'react';
import { PhotoThumbnails } from '../../../components/findings/photo-thumbnails';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { useAddActionPhoto } from '../api/add-action-photo';
import { useDeleteActionPhoto } from '../api/delete-action-photo';
import { actionPhotoPaths } from '../api/get-action-photo';
import { ACTION_MESSAGES as TEXT } from '../messages';
import { PhotoPicker, usePhotoUploads } from './photo-picker';

/**
 * The office's photos of an action as thumbnails; while it is open, more are added (uploaded at once) and any
 * removed. The photos the plant sent with its responses are shown with them (PlantAnswers) and stay: the server
 * refuses to remove them.
 */
export function ActionPhotos({
  action,
}: {
  action: Pick<CorrectiveActionDetail, 'id' | 'status' | 'photos'> & { responses?: ActionResponse[] };
}) {
  const add = useAddActionPhoto();
  const remove = useDeleteActionPhoto();
  const uploads = usePhotoUploads();
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const closed = action.status === 'CERRADA';
  const plants = new Set(action.responses?.flatMap((response) => response.photoIds));
  const photos = action.photos.filter((photo) => !plants.has(photo.id));
  const subject = TEXT.photosSubject(action.id);

  async function upload(files: File[]) {
    setNotice(null);
    setUploading(true);
    for (const file of files) {
      try {
        await add.mutateAsync({ actionId: action.id, file });
      } catch (error) {
        setNotice({ tone: 'error', text: TEXT.photoFailed(file.name), detail: serverMessage(error) });
        setUploading(false);
        return;
      }
    }
    setUploading(false);
    uploads.choose(null);
    setNotice({ tone: 'success', text: TEXT.photosAdded });
  }

  return (
    <section aria-labelledby="action-photos" className="action-detail__photos">
      <h2 id="action-photos">{TEXT.photos}</h2>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      {photos.length === 0 ? <p>{TEXT.noPhotos}</p> : null}
      <PhotoThumbnails
        photoIds={photos.map((photo) => photo.id)}
        subject={subject}
        paths={actionPhotoPaths(action.id)}
      />
      {closed ? null : (
        <>
          {photos.length > 0 ? (
            <ul className="action-detail__photo-removals">
              {photos.map((photo, index) => (
                <li key={photo.id}>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(
                        { actionId: action.id, photoId: photo.id },
                        {
                          onSuccess: () => setNotice({ tone: 'success', text: TEXT.photoRemoved }),
                          onError: (error) =>
                            setNotice({ tone: 'error', text: TEXT.removePhotoFailed, detail: serverMessage(error) }),
                        },
                      )
                    }
                  >
                    {TEXT.removePhoto(index + 1)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <PhotoPicker
            uploads={uploads}
            label={uploading ? TEXT.uploadingPhotos : TEXT.photosLabel}
            disabled={uploading}
            onChosen={(files) => void upload(files)}
          />
        </>
      )}
    </section>
  );
}
