import './plans.css';
import { Link } from 'react-router';
import { RecordState } from '../../../components/ui/record-state';
import { usePlan } from '../api/get-plan';
import { useSite } from '../api/get-site';
import { EDITOR_MESSAGES, ROUTE_MESSAGES as TEXT } from '../messages';
import { RouteEditor } from './route-editor';
import { PlanHeader } from './plan-views';

/**
 * The site's walk order, from one of its plans (/admin/sites/{id}/plans/{planId}?view=route): the route spans
 * every plan of the site, and is proposed from where the devices stand on them.
 */
export function PlanRouteView({ siteId, planId }: { siteId: number; planId: number }) {
  const plan = usePlan(planId);
  const site = useSite(siteId);
  return (
    <div className="plan-route">
      {plan.data ? null : (
        <Link to={`/admin/sites/${siteId}`} className="button button--ghost plan-page__back">
          {EDITOR_MESSAGES.backToSite}
        </Link>
      )}
      <RecordState query={plan} texts={EDITOR_MESSAGES}>
        {plan.data ? (
          <>
            <PlanHeader siteId={siteId} siteName={site.data?.name} plan={plan.data} current="route" />
            <section className="plan-route__body" aria-labelledby="plan-route-title">
              <h2 id="plan-route-title" className="plan-page__section-title">
                {site.data ? TEXT.title(site.data.name) : TEXT.view}
              </h2>
              <p className="plan-route__intro">{TEXT.intro}</p>
              <RouteEditor siteId={siteId} />
            </section>
          </>
        ) : null}
      </RecordState>
    </div>
  );
}
