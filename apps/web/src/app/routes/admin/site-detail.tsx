import { Navigate, useParams } from 'react-router';
import { ThresholdsSection } from '../../../features/actions/components/thresholds-section';
import { SitePlansView } from '../../../features/plans/components/site-plans-view';
import { ServicePlansSection } from '../../../features/service-plans/components/service-plans-section';
import { useTechnicians } from '../../../features/technicians/api/get-technicians';
import { parseRouteId } from '../../route-id';

/** One site for the office: its plans, how many of its devices are on none, its recurring service and thresholds. */
export default function SiteDetailRoute() {
  const id = parseRouteId(useParams().id);
  const technicians = useTechnicians();
  if (id === null) return <Navigate to="/admin/sites" replace />;
  return (
    <>
      <SitePlansView key={id} siteId={id} />
      <ServicePlansSection key={`service-${id}`} siteId={id} technicians={technicians.data ?? []} />
      <ThresholdsSection key={`thresholds-${id}`} siteId={id} />
    </>
  );
}
