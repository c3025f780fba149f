import './sightings.css';
import type { OrderSighting } from '@rondin/contracts';
import { useId } from 'react';
import { SIGHTING_MESSAGES as TEXT } from '../messages';
import { SightingCard } from './sighting-card';

/**
 * On the technician's order: the site's sightings whose corrective action is still open (the server adds them to
 * an open order), so the visit looks where the plant's staff saw something. Nothing when there are none.
 */
export function OrderSightingsPanel({ sightings }: { sightings: readonly OrderSighting[] | undefined }) {
  const titleId = useId();
  if (!sightings || sightings.length === 0) return null;
  return (
    <section className="panel order-sightings" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {TEXT.orderTitle(sightings.length)}
      </h2>
      <p className="panel__text">{TEXT.orderIntro}</p>
      <ul className="sighting-list">
        {sightings.map((sighting) => (
          <li key={sighting.id}>
            <SightingCard sighting={sighting} />
          </li>
        ))}
      </ul>
    </section>
  );
}
