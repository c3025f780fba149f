import type { SightingPhoto } from '@rondin/contracts';
import type { PestGroup } from '@rondin/contracts/devices';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useObjectUrl } from '../../../lib/use-object-url';
import { type PhotoPaths, usePhotoThumbnail } from '../../../lib/use-photo';
import { SIGHTING_MESSAGES as TEXT, sightingWhat } from '../messages';

/** A sighting's photos: GET /sightings/{id}/photos/{photoId}, and its small copy with size=thumb. */
export const sightingPhotoPaths = (sightingId: number): PhotoPaths => ({
  photo: (id) => `/sightings/${sightingId}/photos/${id}`,
  thumbnail: (id) => `/sightings/${sightingId}/photos/${id}?size=thumb`,
});

/** The same photos read through the portal (GET /portal/sightings/{id}/photos/{photoId}). */
export const portalSightingPhotoPaths = (sightingId: number): PhotoPaths => ({
  photo: (id) => `/portal/sightings/${sightingId}/photos/${id}`,
  thumbnail: (id) => `/portal/sightings/${sightingId}/photos/${id}?size=thumb`,
});

export interface SightingCardFacts {
  id: number;
  area: string;
  pestGroup: PestGroup | null;
  description: string;
  seenAt: string;
  reporterName: string;
  photos?: readonly SightingPhoto[] | undefined;
}

/**
 * One sighting as every screen shows it: «Avistamiento: what», where, when, who, its photos; `status` and `action`
 * are what the screen adds (a badge, a link to its corrective action).
 */
export function SightingCard({
  sighting,
  headingLevel = 3,
  closed = false,
  status,
  action,
  photoPaths = sightingPhotoPaths,
}: {
  sighting: SightingCardFacts;
  headingLevel?: 2 | 3 | 4;
  closed?: boolean;
  status?: ReactNode;
  action?: ReactNode;
  /** Where its photos are read: the office's routes unless told (the portal's). */
  photoPaths?: (sightingId: number) => PhotoPaths;
}) {
  const Heading = `h${headingLevel}` as const;
  const photos = sighting.photos ?? [];
  return (
    <article className={closed ? 'sighting-card sighting-card--closed' : 'sighting-card'}>
      <div className="sighting-card__head">
        <Heading className="sighting-card__what">
          {TEXT.sightingHeading(sightingWhat(sighting.pestGroup, sighting.description))}
        </Heading>
        {status}
      </div>
      <dl className="sighting-card__facts">
        <div>
          <dt>{TEXT.areaLabel}:</dt>
          <dd>{sighting.area}</dd>
        </div>
        <div>
          <dt>{TEXT.seenAtLabel}:</dt>
          <dd>
            <time dateTime={sighting.seenAt}>{formatDateTime(sighting.seenAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{TEXT.reporterLabel}:</dt>
          <dd>{sighting.reporterName}</dd>
        </div>
        {sighting.photos ? (
          <div>
            <dt>{TEXT.photosLabel}:</dt>
            <dd>{photos.length > 0 ? TEXT.photosCount(photos.length) : TEXT.noPhotos}</dd>
          </div>
        ) : null}
        {action ? (
          <div>
            <dt>{TEXT.actionLabel}:</dt>
            <dd>{action}</dd>
          </div>
        ) : null}
      </dl>
      {photos.length > 0 ? (
        <ul className="sighting-card__photos">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <Thumbnail
                paths={photoPaths(sighting.id)}
                photoId={photo.id}
                alt={TEXT.photoOf(index + 1, sighting.area)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

function Thumbnail({ paths, photoId, alt }: { paths: PhotoPaths; photoId: number; alt: string }) {
  const thumbnail = usePhotoThumbnail(photoId, true, paths);
  const url = useObjectUrl(thumbnail.data);
  return url ? <img src={url} alt={alt} /> : <span className="sighting-photos__missing">{alt}</span>;
}
