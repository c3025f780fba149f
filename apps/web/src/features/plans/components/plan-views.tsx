import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EDITOR_MESSAGES, HEAT_MESSAGES as TEXT, ROUTE_MESSAGES } from '../messages';

/** The address of a plan's heat map: the plan editor's, with `?view=heat`. */
const heatMapPath = (siteId: number, planId: number) => `/admin/sites/${siteId}/plans/${planId}?view=heat`;

export type PlanView = 'edit' | 'heat' | 'route';

/** The ways to look at a plan: placing its devices, their activity, or the order they are walked in. */
function PlanViews({ siteId, planId, current }: { siteId: number; planId: number; current: PlanView }) {
  const views = [
    { key: 'edit', to: `/admin/sites/${siteId}/plans/${planId}`, label: TEXT.viewEditor },
    { key: 'heat', to: heatMapPath(siteId, planId), label: TEXT.viewHeat },
    { key: 'route', to: `/admin/sites/${siteId}/plans/${planId}?view=route`, label: ROUTE_MESSAGES.view },
  ] as const;
  return (
    <nav className="plan-views" aria-label={TEXT.views}>
      {views.map((view) => (
        <Link
          key={view.key}
          to={view.to}
          className={`plan-views__link${view.key === current ? ' plan-views__link--current' : ''}`}
          aria-current={view.key === current ? 'page' : undefined}
        >
          {view.label}
        </Link>
      ))}
    </nav>
  );
}

/** A plan's page header, in every view: back to its site, its name, the views and the view's action. */
export function PlanHeader({
  siteId,
  siteName,
  plan,
  current,
  children,
}: {
  siteId: number;
  siteName: string | undefined;
  plan: { id: number; name: string };
  current: PlanView;
  children?: ReactNode;
}) {
  return (
    <div className="plan-editor__header">
      <div>
        <Link to={`/admin/sites/${siteId}`} className="button button--ghost plan-page__back">
          {siteName ? `← ${siteName}` : EDITOR_MESSAGES.backToSite}
        </Link>
        <h1 className="page-title">{plan.name}</h1>
      </div>
      <div className="page-actions">
        <PlanViews siteId={siteId} planId={plan.id} current={current} />
        {children}
      </div>
    </div>
  );
}
