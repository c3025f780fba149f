import { Link, Navigate, useParams } from 'react-router';
import { ThresholdsSection } from '../../../features/actions/components/thresholds-section';
import { AssessmentsSection } from '../../../features/assessments/components/assessments-section';
import { AuditPackPanel } from '../../../features/audit-pack/components/audit-pack-panel';
import { SitePlansView } from '../../../features/plans/components/site-plans-view';
import { ProgrammeSection } from '../../../features/programmes/components/programme-section';
import { ServicePlansSection } from '../../../features/service-plans/components/service-plans-section';
import { useSites } from '../../../features/sites/api/get-sites';
import { TrendsPanel } from '../../../features/trends/components/trends-panel';
import { useTechnicians } from '../../../features/technicians/api/get-technicians';
import { useSiteTimeZone } from '../../../lib/server-time-zone';
import { parseRouteId } from '../../route-id';
import { SiteDevicesImport } from './site-devices-import';

/**
 * One site for the office: its plans, how many of its devices are on none, its devices and their import, its
 * control programme and assessments, its recurring service, thresholds, trends against them and the audit pack.
 */
export default function SiteDetailRoute() {
  const id = parseRouteId(useParams().id);
  const technicians = useTechnicians();
  const sites = useSites();
  const site = sites.data?.find((candidate) => candidate.id === id);
  const timeZone = useSiteTimeZone(site);
  if (id === null) return <Navigate to="/admin/sites" replace />;
  return (
    <>
      <SitePlansView key={id} siteId={id} />
      {site ? <SiteDevicesImport key={`devices-${id}`} site={site} /> : null}
      <ProgrammeSection key={`programme-${id}`} siteId={id} clientId={site?.clientId} timeZone={timeZone} />
      <AssessmentsSection key={`assessments-${id}`} siteId={id} assessmentPath="/admin/assessments" />
      <ServicePlansSection key={`service-${id}`} siteId={id} timeZone={timeZone} technicians={technicians.data ?? []} />
      <ThresholdsSection key={`thresholds-${id}`} siteId={id} />
      <p className="panel__text">
        <Link to={`/admin/coverage?siteId=${id}`}>Cobertura por dispositivo</Link>: cada dispositivo del sitio, mes a
        mes, con los que quedaron sin inspeccionar.
      </p>
      <AuditPackPanel key={`audit-pack-${id}`} siteId={id} sites={sites.data} />
      <TrendsPanel key={`trends-${id}`} siteId={id} />
    </>
  );
}
