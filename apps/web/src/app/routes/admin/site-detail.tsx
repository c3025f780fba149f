import { Navigate, useParams } from 'react-router';
import { SitePlansView } from '../../../features/plans/components/site-plans-view';
import { parseRouteId } from '../../route-id';

/** One site for the office: its plans, and how many of its devices are on none. */
export default function SiteDetailRoute() {
  const id = parseRouteId(useParams().id);
  if (id === null) return <Navigate to="/admin/sites" replace />;
  return <SitePlansView key={id} siteId={id} />;
}
