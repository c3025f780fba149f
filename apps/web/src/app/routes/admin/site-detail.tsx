import { Navigate, useParams } from 'react-router';
import { ThresholdsSection } from '../../../features/actions/components/thresholds-section';
import { SitePlansView } from '../../../features/plans/components/site-plans-view';
import { parseRouteId } from '../../route-id';

/** One site for the office: its plans, how many of its devices are on none, and its own thresholds. */
export default function SiteDetailRoute() {
  const id = parseRouteId(useParams().id);
  if (id === null) return <Navigate to="/admin/sites" replace />;
  return (
    <>
      <SitePlansView key={id} siteId={id} />
      <ThresholdsSection key={`thresholds-${id}`} siteId={id} />
    </>
  );
}
