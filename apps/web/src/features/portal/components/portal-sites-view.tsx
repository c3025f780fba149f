import './portal.css';
import type { PortalSiteOverview } from '@rondin/contracts';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTimeIn } from '../../../lib/format';
import { useServerTimeZone } from '../../../lib/server-time-zone';
import { usePortalSites } from '../api/get-portal-sites';
import { PORTAL_MESSAGES as TEXT } from '../messages';

/** /cliente: each of her sites with its state at a glance, what waits for her first. */
export function PortalSitesView() {
  const sites = usePortalSites();
  const list = sites.data?.items ?? [];
  const clients = [...new Set(list.map((site) => site.client.name))];
  return (
    <div className="portal-overview">
      <PageHeader
        title={TEXT.sitesTitle}
        subtitle={clients.length > 0 ? TEXT.sitesSubtitle(clients.join(', ')) : undefined}
      />
      <QueryState
        isPending={sites.isPending}
        isError={sites.isError}
        error={sites.error}
        isEmpty={list.length === 0}
        loadingText={TEXT.sitesLoading}
        errorText={TEXT.sitesFailed}
        emptyText={TEXT.noSites}
        onRetry={() => void sites.refetch()}
      >
        <ul className="portal-sites">
          {list.map((site) => (
            <li key={site.id}>
              <SiteCard site={site} />
            </li>
          ))}
        </ul>
      </QueryState>
    </div>
  );
}

function SiteCard({ site }: { site: PortalSiteOverview }) {
  const serverZone = useServerTimeZone();
  const zone = site.timeZone ?? serverZone;
  const headingId = `portal-site-${site.id}`;
  const attention = site.recommendationsAwaiting > 0 || site.openSightings > 0;
  const compliance = site.compliance12m;
  return (
    <article
      className={`portal-site-card${attention ? ' portal-site-card--attention' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="portal-site-card__head">
        <div>
          <h2 id={headingId} className="portal-site-card__name">
            <Link to={`/cliente/sites/${site.id}`}>{site.name}</Link>
          </h2>
          {site.address ? <p className="muted">{site.address}</p> : null}
        </div>
      </div>
      <dl className="portal-facts">
        <div>
          <dt>{TEXT.lastVisit}</dt>
          <dd>{site.lastVisit ? formatDateTimeIn(site.lastVisit.closedAt, zone) : TEXT.noVisitYet}</dd>
        </div>
        <div>
          <dt>{TEXT.nextVisit}</dt>
          <dd>
            {site.nextVisit
              ? site.nextVisit.scheduledFor
                ? formatDateTimeIn(site.nextVisit.scheduledFor, zone)
                : TEXT.unscheduled
              : TEXT.noNextVisit}
          </dd>
        </div>
        <div>
          <dt>{TEXT.compliance}</dt>
          <dd>
            {compliance.percent === null
              ? TEXT.noVisitsDue
              : TEXT.complianceValue(compliance.percent, compliance.completedOrders, compliance.dueOrders)}
          </dd>
        </div>
      </dl>
      <ul className="portal-counts">
        {site.recommendationsAwaiting > 0 ? (
          <li>
            <StatusBadge tone="warning">{TEXT.awaiting(site.recommendationsAwaiting)}</StatusBadge>
          </li>
        ) : null}
        {site.openSightings > 0 ? (
          <li>
            <StatusBadge tone="danger">{TEXT.openSightings(site.openSightings)}</StatusBadge>
          </li>
        ) : null}
        {site.openActions > 0 ? (
          <li>
            <StatusBadge tone="info">{TEXT.openActions(site.openActions)}</StatusBadge>
          </li>
        ) : null}
        {site.openActions === 0 && site.openSightings === 0 && site.recommendationsAwaiting === 0 ? (
          <li>
            <StatusBadge tone="success">{TEXT.allClear}</StatusBadge>
          </li>
        ) : null}
      </ul>
      <Link
        to={`/cliente/sites/${site.id}`}
        className="button button--secondary portal-site-card__open"
        aria-label={TEXT.openSite(site.name)}
      >
        {TEXT.open}
      </Link>
    </article>
  );
}
