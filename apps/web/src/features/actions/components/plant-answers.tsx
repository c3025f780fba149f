import type { ActionResponse, PortalAcknowledgement } from '@rondin/contracts';
import { PhotoThumbnails } from '../../../components/findings/photo-thumbnails';
import { formatDateTime } from '../../../lib/format';
import { actionPhotoPaths } from '../api/get-action-photo';
import { PLANT_ANSWER_MESSAGES as TEXT } from '../messages';

/**
 * What the plant said about a recommendation in its portal: who acknowledged it and when, and each response
 * (what the plant did, with its photos), for the office to verify before it closes the action.
 */
export function PlantAnswers({
  actionId,
  acknowledgement,
  responses,
}: {
  actionId: number;
  acknowledgement: PortalAcknowledgement | null;
  responses: readonly ActionResponse[];
}) {
  return (
    <section className="action-detail__plant" aria-labelledby="action-plant">
      <h2 id="action-plant">{TEXT.title}</h2>
      <p>
        {acknowledgement
          ? TEXT.acknowledgedBy(acknowledgement.by.fullName, formatDateTime(acknowledgement.at))
          : TEXT.notAcknowledged}
        {acknowledgement?.note ? ` «${acknowledgement.note}»` : ''}
      </p>
      {responses.length === 0 ? (
        <p className="muted">{TEXT.noResponses}</p>
      ) : (
        <ol className="action-detail__timeline">
          {responses.map((response) => (
            <li key={response.id}>
              <strong>{TEXT.responseBy(response.by.fullName, formatDateTime(response.at))}</strong>
              <p className="action-detail__plant-note">{response.note}</p>
              <PhotoThumbnails
                photoIds={response.photoIds}
                subject={TEXT.photosSubject(response.by.fullName)}
                paths={actionPhotoPaths(actionId)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
