import { Navigate, useParams, useSearchParams } from 'react-router';
import { PlanEditor } from '../../../features/plans/components/plan-editor';
import { PlanHeatView } from '../../../features/plans/components/plan-heat-view';
import { parseRouteId } from '../../route-id';

/** A site's plan: the editor (where each device stands), or with `?view=heat` its heat map for a period. */
export default function SitePlanRoute() {
  const params = useParams();
  const [search] = useSearchParams();
  const siteId = parseRouteId(params.id);
  const planId = parseRouteId(params.planId);
  if (siteId === null) return <Navigate to="/admin/sites" replace />;
  if (planId === null) return <Navigate to={`/admin/sites/${siteId}`} replace />;
  if (search.get('view') === 'heat') return <PlanHeatView key={planId} siteId={siteId} planId={planId} />;
  return <PlanEditor key={planId} siteId={siteId} planId={planId} />;
}
