import './sightings.css';
import { SIGHTING_STATUS_NAMES } from '@rondin/contracts/sighting-names';
import { useId, useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/format';
import { usePortalSightingAreas, usePortalSightings } from '../api/get-portal-sightings';
import { SIGHTING_MESSAGES as TEXT } from '../messages';
import { PortalSightingForm } from './portal-sighting-form';
import { portalSightingPhotoPaths, SightingCard } from './sighting-card';

const formatDay = (day: string) => day.split('-').reverse().join('/');

/**
 * The portal's «Avistamientos» of a site: «Avisar de un avistamiento» opens the report form in place (the site's
 * areas read when it opens), and below it the site's sightings, newest first, each with its state and the
 * corrective action it opened.
 */
export function PortalSightingsSection({ siteId }: { siteId: number }) {
  const titleId = useId();
  const formId = useId();
  const [reporting, setReporting] = useState(false);
  const sightings = usePortalSightings(siteId);
  const items = sightings.data?.items ?? [];
  return (
    <section className="panel portal-section sightings" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className="panel__title">
          {TEXT.sectionTitle}
        </h2>
        <p className="panel__text">{TEXT.portalSectionIntro}</p>
      </div>
      <div className="sightings-portal__report">
        <button
          type="button"
          className={reporting ? 'button button--secondary' : 'button button--primary'}
          aria-expanded={reporting}
          aria-controls={formId}
          onClick={() => setReporting((open) => !open)}
        >
          {reporting ? TEXT.portalReportClose : TEXT.portalReport}
        </button>
        {reporting ? (
          <div id={formId}>
            <ReportForm siteId={siteId} />
          </div>
        ) : null}
      </div>
      <div>
        <h3 className="sightings__subtitle">{TEXT.listTitle}</h3>
        <QueryState
          isPending={sightings.isPending}
          isError={sightings.isError}
          error={sightings.error}
          isEmpty={items.length === 0}
          emptyText={TEXT.portalListEmpty}
          loadingText={TEXT.listLoading}
          errorText={TEXT.listFailed}
          onRetry={() => void sightings.refetch()}
        >
          <ul className="sighting-list">
            {items.map((sighting) => (
              <li key={sighting.id}>
                <SightingCard
                  headingLevel={4}
                  closed={sighting.status === 'ATENDIDO'}
                  photoPaths={portalSightingPhotoPaths}
                  sighting={{ ...sighting, reporterName: sighting.reporter.name }}
                  status={
                    <StatusBadge tone={sighting.status === 'ATENDIDO' ? 'success' : 'warning'}>
                      {SIGHTING_STATUS_NAMES[sighting.status]}
                    </StatusBadge>
                  }
                  action={
                    sighting.action.closedAt
                      ? TEXT.portalActionClosed(sighting.action.id, formatDateTime(sighting.action.closedAt))
                      : TEXT.portalAction(sighting.action.id, formatDay(sighting.action.dueDate))
                  }
                />
              </li>
            ))}
          </ul>
        </QueryState>
      </div>
    </section>
  );
}

function ReportForm({ siteId }: { siteId: number }) {
  const areas = usePortalSightingAreas(siteId);
  return (
    <QueryState
      isPending={areas.isPending}
      isError={areas.isError}
      error={areas.error}
      loadingText={TEXT.areasLoading}
      errorText={TEXT.areasFailed}
      onRetry={() => void areas.refetch()}
    >
      {areas.data ? <PortalSightingForm siteId={siteId} areas={areas.data.areas} /> : null}
    </QueryState>
  );
}
