import { useId, useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import type { PlanSource } from '../../../features/plans/api/plan-source';
import { PlanHeatPanel } from '../../../features/plans/components/plan-heat-view';
import { usePortalPlans } from '../../../features/portal/api/get-portal-plans';
import { PLAN_MESSAGES as TEXT } from '../../../features/portal/messages';

/** The portal's reads of a plan, scoped to her sites. */
const PORTAL_PLANS: PlanSource = {
  plan: (id) => `/portal/plans/${id}`,
  heat: (id) => `/portal/plans/${id}/heat`,
  image: (id) => `/portal/plans/${id}/image`,
  mapPdf: (id) => `/portal/plans/${id}/map.pdf`,
};

/** The site's plans, one at a time, each as the office's heat map of its devices (read only). */
export function PortalPlans({ siteId }: { siteId: number }) {
  const plans = usePortalPlans(siteId);
  const selectId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = plans.data ?? [];
  const planId = chosen ?? list[0]?.id;
  return (
    <section className="panel portal-section" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`} className="panel__title">
        {TEXT.title}
      </h2>
      <QueryState
        isPending={plans.isPending}
        isError={plans.isError}
        error={plans.error}
        isEmpty={list.length === 0}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        emptyText={TEXT.empty}
        onRetry={() => void plans.refetch()}
      >
        {list.length > 1 ? (
          <div className="field portal-plans__choice">
            <label htmlFor={selectId}>{TEXT.choose}</label>
            <select id={selectId} value={planId} onChange={(event) => setChosen(Number(event.target.value))}>
              {list.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {planId !== undefined ? (
          <PlanHeatPanel
            key={planId}
            planId={planId}
            source={PORTAL_PLANS}
            header={(plan, download) => (
              <div className="plan-editor__header">
                <h3 className="page-title">{plan.name}</h3>
                <div className="page-actions">{download}</div>
              </div>
            )}
          />
        ) : null}
      </QueryState>
    </section>
  );
}
