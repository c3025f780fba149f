import type { PortalVisit } from '@rondin/contracts';
import { useState } from 'react';
import { PagedResults } from '../../../components/ui/paged-results';
import { StatusBadge } from '../../../components/ui/status-badge';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTimeIn } from '../../../lib/format';
import { PORTAL_VISITS_PAGE_SIZE, useDownloadVisitReport, usePortalVisits } from '../api/get-portal-visits';
import { VISIT_MESSAGES as TEXT } from '../visit-messages';

const TONES = { PENDING: 'neutral', IN_PROGRESS: 'info', COMPLETED: 'success' } as const;

/** The site's visits, newest first, each with its certificate to download. */
export function VisitsSection({ siteId }: { siteId: number }) {
  const [page, setPage] = useState(1);
  const visits = usePortalVisits(siteId, page);
  const download = useDownloadVisitReport();
  return (
    <section className="panel portal-section" aria-labelledby="portal-visits">
      <h2 id="portal-visits" className="panel__title">
        {TEXT.title}
      </h2>
      <p className="panel__text">{TEXT.intro}</p>
      {download.isError ? (
        <p className="notice notice--error" role="alert">
          {TEXT.downloadFailed} {serverMessage(download.error)}
        </p>
      ) : null}
      <PagedResults
        result={visits}
        page={page}
        pageSize={PORTAL_VISITS_PAGE_SIZE}
        setPage={setPage}
        filtered={false}
        onClearFilters={() => setPage(1)}
        texts={{ loading: TEXT.loading, loadFailed: TEXT.loadFailed, empty: TEXT.empty, noMatch: TEXT.noMatch }}
        noun={['visita', 'visitas']}
        pagesLabel={TEXT.pages}
      >
        {(items) => (
          <ul className="portal-list" aria-label={TEXT.caption}>
            {items.map((visit) => (
              <li key={visit.id}>
                <VisitRow
                  visit={visit}
                  downloading={download.isPending && download.variables?.id === visit.id}
                  onDownload={() => download.mutate(visit)}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
    </section>
  );
}

function when(visit: PortalVisit): string {
  if (visit.closedAt) return TEXT.closedAt(formatDateTimeIn(visit.closedAt, visit.timeZone));
  if (visit.startedAt) return TEXT.startedAt(formatDateTimeIn(visit.startedAt, visit.timeZone));
  if (visit.scheduledAt) return TEXT.scheduledFor(formatDateTimeIn(visit.scheduledAt, visit.timeZone));
  return TEXT.unscheduled;
}

function VisitRow({
  visit,
  downloading,
  onDownload,
}: {
  visit: PortalVisit;
  downloading: boolean;
  onDownload: () => void;
}) {
  const name = TEXT.visit(visit.id);
  const label = visit.certificate ? TEXT.download : TEXT.downloadReport;
  return (
    <>
      <div className="portal-list__main">
        <strong>
          {name} <StatusBadge tone={TONES[visit.status]}>{TEXT.status[visit.status]}</StatusBadge>
        </strong>
        <span>{when(visit)}</span>
        <span className="muted">
          {TEXT.technician(visit.technician.fullName)} · {TEXT.devices(visit.devices.inspected, visit.devices.due)}
        </span>
        <span className={visit.certificate ? undefined : 'muted'}>
          {visit.certificate
            ? TEXT.certificate(visit.certificate.folio, visit.certificate.revision)
            : visit.reportAvailable
              ? TEXT.noCertificate
              : TEXT.pendingCertificate}
        </span>
      </div>
      {visit.reportAvailable ? (
        <button
          type="button"
          className="button button--secondary"
          aria-label={TEXT.downloadFor(label, visit.id)}
          disabled={downloading}
          onClick={onDownload}
        >
          {downloading ? TEXT.downloading : label}
        </button>
      ) : null}
    </>
  );
}
