import { Link, Navigate, useParams } from 'react-router';
import { ThresholdsSection } from '../../../features/actions/components/thresholds-section';
import { AssessmentsSection } from '../../../features/assessments/components/assessments-section';
import { AuditPackPanel } from '../../../features/audit-pack/components/audit-pack-panel';
import { SitePlansView } from '../../../features/plans/components/site-plans-view';
import { ProgrammeSection } from '../../../features/programmes/components/programme-section';
import { ServicePlansSection } from '../../../features/service-plans/components/service-plans-section';
import { SightingsSection } from '../../../features/sightings/components/sightings-section';
import { useSites } from '../../../features/sites/api/get-sites';
import { useTrapAreas } from '../../../features/traps/api/get-trap-areas';
import { TrendsPanel } from '../../../features/trends/components/trends-panel';
import { useTechnicians } from '../../../features/technicians/api/get-technicians';
import { useSiteTimeZone } from '../../../lib/server-time-zone';
import { parseRouteId } from '../../route-id';
import { SiteDevicesImport } from './site-devices-import';

/**
 * One site for the office: its plans, how many of its devices are on none, its devices and their import, its
 * control programme and assessments, its sightings, its recurring service, thresholds, trends against them and the
 * audit pack.
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
      <SiteSightings key={`sightings-${id}`} siteId={id} />
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

/** «Avistamientos»: a poster for each area of the site's active devices (the areas a sighting may name). */
function SiteSightings({ siteId }: { siteId: number }) {
  const areas = useTrapAreas(siteId);
  const names = areas.data
    ?.filter((area) => area.active > 0 && area.area?.trim())
    .map((area) => area.area ?? '')
    .sort((a, b) => a.localeCompare(b, 'es'));
  return <SightingsSection siteId={siteId} areas={names} actionPath={(actionId) => `/admin/actions/${actionId}`} />;
}
