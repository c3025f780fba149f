import './portal.css';
import type { PortalSiteOverview } from '@rondin/contracts';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { usePortalSites } from '../api/get-portal-sites';
import { PORTAL_MESSAGES as TEXT } from '../messages';

/** One part of a site's page: its name in the section bar (`?seccion={key}`) and what it shows. */
export interface PortalSection {
  key: string;
  label: string;
  /** How many things in it wait for her, beside its name. */
  waiting?: number;
  render: (site: PortalSiteOverview) => ReactNode;
}

/**
 * /cliente/sites/{id}: one of her sites, its state from the list she already has, and its records one section at
 * a time (a bar of links, `?seccion=`), so a phone loads only what she opens. What waits for her opens first.
 * The sections are composed in app/ from the features that draw them.
 */
export function PortalSiteView({
  siteId,
  sections,
}: {
  siteId: number;
  sections: (site: PortalSiteOverview) => PortalSection[];
}) {
  const sites = usePortalSites();
  const site = sites.data?.items.find((each) => each.id === siteId);
  return (
    <div className="portal-site">
      <p>
        <Link to="/cliente">{TEXT.back}</Link>
      </p>
      <QueryState
        isPending={sites.isPending}
        isError={sites.isError}
        error={sites.error}
        isEmpty={site === undefined}
        loadingText={TEXT.siteLoading}
        errorText={TEXT.siteFailed}
        emptyText={TEXT.siteNotFound}
        emptyAction={<p>{TEXT.siteNotFoundHint}</p>}
        onRetry={() => void sites.refetch()}
      >
        {site ? <SitePage site={site} sections={sections(site)} /> : null}
      </QueryState>
    </div>
  );
}

function SitePage({ site, sections }: { site: PortalSiteOverview; sections: PortalSection[] }) {
  const [search] = useSearchParams();
  const asked = search.get('seccion');
  const current =
    sections.find((section) => section.key === asked) ??
    sections.find((section) => (section.waiting ?? 0) > 0) ??
    sections[0];
  return (
    <>
      <PageHeader title={site.name} subtitle={[site.address, site.client.name].filter(Boolean).join(' · ')} />
      <nav className="portal-site__tabs" aria-label={TEXT.sections}>
        {sections.map((section) => (
          <Link
            key={section.key}
            to={`?seccion=${section.key}`}
            replace
            className="portal-site__tab"
            aria-current={section === current ? 'page' : undefined}
          >
            {section.label}
            {section.waiting ? (
              <>
                {' '}
                <StatusBadge tone="warning">{String(section.waiting)}</StatusBadge>
              </>
            ) : null}
          </Link>
        ))}
      </nav>
      {current ? <div key={current.key}>{current.render(site)}</div> : null}
    </>
  );
}
