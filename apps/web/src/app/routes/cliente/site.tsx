import type { PortalSiteOverview } from '@rondin/contracts';
import { Navigate, useParams } from 'react-router';
import { AuditPackPanel } from '../../../features/audit-pack/components/audit-pack-panel';
import { type PortalSection, PortalSiteView } from '../../../features/portal/components/portal-site-view';
import { DocumentsSection } from '../../../features/portal/components/documents-section';
import { FindingsSection } from '../../../features/portal/components/findings-section';
import { RecommendationsSection } from '../../../features/portal/components/recommendations-section';
import { VisitsSection } from '../../../features/portal/components/visits-section';
import { PORTAL_MESSAGES } from '../../../features/portal/messages';
import { PortalSightingsSection } from '../../../features/sightings/components/portal-sightings-section';
import { TrendsPanel } from '../../../features/trends/components/trends-panel';
import { parseRouteId } from '../../route-id';
import { portalProgramme } from './site-programme';
import { PortalPlans } from './site-plans';

const TEXT = PORTAL_MESSAGES.section;
const portalPackPath = (siteId: number) => `/portal/sites/${siteId}/audit-pack`;

/**
 * One of her sites: the portal's sections, each drawn by the feature that owns it and read through the portal's
 * routes (scoped to her sites). The page opens on what waits for her, else on the first section.
 */
function sectionsOf(site: PortalSiteOverview): PortalSection[] {
  return [
    {
      key: 'recomendaciones',
      label: TEXT.recommendations,
      waiting: site.recommendationsAwaiting,
      render: () => <RecommendationsSection siteId={site.id} />,
    },
    { key: 'visitas', label: TEXT.visits, render: () => <VisitsSection siteId={site.id} /> },
    {
      key: 'hallazgos',
      label: TEXT.findings,
      render: () => <FindingsSection siteId={site.id} timeZone={site.timeZone} />,
    },
    { key: 'plano', label: TEXT.plan, render: () => <PortalPlans siteId={site.id} /> },
    { key: 'avistamientos', label: TEXT.sightings, render: () => <PortalSightingsSection siteId={site.id} /> },
    {
      key: 'tendencias',
      label: TEXT.trends,
      render: () => <TrendsPanel path={`/portal/sites/${site.id}/trends`} />,
    },
    {
      key: 'documentos',
      label: TEXT.documents,
      render: () => <DocumentsSection siteId={site.id} programme={(version) => portalProgramme(version, site)} />,
    },
    {
      key: 'dossier',
      label: TEXT.auditPack,
      render: () => <AuditPackPanel siteId={site.id} sites={[site]} path={portalPackPath} />,
    },
  ];
}

export default function PortalSiteRoute() {
  const id = parseRouteId(useParams().id);
  if (id === null) return <Navigate to="/cliente" replace />;
  return <PortalSiteView key={id} siteId={id} sections={sectionsOf} />;
}
