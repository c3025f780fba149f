import { Navigate, useParams } from 'react-router';
import { PlanEditor } from '../../../features/plans/components/plan-editor';
import { parseRouteId } from '../../route-id';

/** The plan editor: where each of the site's devices stands on this plan. */
export default function SitePlanRoute() {
  const params = useParams();
  const siteId = parseRouteId(params.id);
  const planId = parseRouteId(params.planId);
  if (siteId === null) return <Navigate to="/admin/sites" replace />;
  if (planId === null) return <Navigate to={`/admin/sites/${siteId}`} replace />;
  return <PlanEditor key={planId} siteId={siteId} planId={planId} />;
}
