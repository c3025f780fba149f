import { Navigate, useParams, useSearchParams } from 'react-router';
import { PlanEditor } from '../../../features/plans/components/plan-editor';
import { PlanHeatView } from '../../../features/plans/components/plan-heat-view';
import { PlanRouteView } from '../../../features/plans/components/plan-route-view';
import { parseRouteId } from '../../route-id';

/**
 * A site's plan: the editor (where each device stands), with `?view=heat` its heat map for a period, or with
 * `?view=route` the site's walk order.
 */
export default function SitePlanRoute() {
  const params = useParams();
  const [search] = useSearchParams();
  const siteId = parseRouteId(params.id);
  const planId = parseRouteId(params.planId);
  if (siteId === null) return <Navigate to="/admin/sites" replace />;
  if (planId === null) return <Navigate to={`/admin/sites/${siteId}`} replace />;
  if (search.get('view') === 'heat') return <PlanHeatView key={planId} siteId={siteId} planId={planId} />;
  if (search.get('view') === 'route') return <PlanRouteView key={planId} siteId={siteId} planId={planId} />;
  return <PlanEditor key={planId} siteId={siteId} planId={planId} />;
}
