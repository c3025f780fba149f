import type { ServicePlan, Technician } from '@rondin/contracts';
import { useState } from 'react';
import { SERVICE_FREQUENCY_NAMES } from '@rondin/contracts/service-plan-options';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { describeError } from '../../../lib/api-client';
import { zoneNote } from '../../../lib/format';
import { useGenerateServicePlan } from '../api/generate-service-plan';
import { useServicePlans } from '../api/get-service-plans';
import { useCreateServicePlan, useUpdateServicePlan } from '../api/save-service-plan';
import { SERVICE_PLAN_MESSAGES as TEXT } from '../messages';
import { dayKey } from '../utils/calendar';
import { formToBody, type PlanFormValues } from '../utils/plan-form';
import { ServicePlanFormModal } from './service-plan-form-modal';
import './service-plans.css';

const dateFormat = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));

interface ServicePlansSectionProps {
  siteId: number;
  /** The site's zone, the one its plans' hours are kept in (null while unknown). */
  timeZone: string | null;
  /** Every account, loaded by the route from the technicians feature. */
  technicians: readonly Technician[];
}

/** A site's recurring visits: list, create, edit and "Generar ahora". */
export function ServicePlansSection({ siteId, timeZone, technicians }: ServicePlansSectionProps) {
  const plans = useServicePlans(siteId);
  const create = useCreateServicePlan();
  const update = useUpdateServicePlan();
  const generate = useGenerateServicePlan();
  const [editing, setEditing] = useState<ServicePlan | 'new' | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;

  function close() {
    create.reset();
    update.reset();
    setEditing(null);
  }

  function submit(values: PlanFormValues) {
    const body = formToBody(values, siteId);
    const done = (plan: ServicePlan) => {
      setNotice({ tone: 'success', text: editing === 'new' ? TEXT.created(plan.name) : TEXT.saved(plan.name) });
      close();
    };
    if (editing === 'new') create.mutate(body, { onSuccess: done });
    else if (editing) {
      const { siteId: _site, ...changes } = body;
      update.mutate({ id: editing.id, ...changes, applyToOpen: values.applyToOpen }, { onSuccess: done });
    }
  }

  function runNow(plan: ServicePlan) {
    setNotice(null);
    generate.mutate(plan.id, {
      onSuccess: (result) =>
        setNotice({
          tone: 'success',
          text: TEXT.generated(plan.name, result.created),
          detail: result.skippedWithoutDevices.length > 0 ? TEXT.skipped(result.skippedWithoutDevices) : undefined,
        }),
      onError: (error) => setNotice({ tone: 'error', text: describeError(error) ?? TEXT.loadFailed }),
    });
  }

  return (
    <section className="service-plans" aria-labelledby={`service-plans-${siteId}`}>
      <div className="service-plans__header">
        <h2 className="plan-page__section-title" id={`service-plans-${siteId}`}>
          {TEXT.title}
        </h2>
        <button type="button" className="button button--primary button--small" onClick={() => setEditing('new')}>
          {TEXT.add}
        </button>
      </div>
      <p className="muted">{TEXT.intro}</p>
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <QueryState
        isPending={plans.isPending}
        isError={plans.isError}
        error={plans.error}
        loadingText={TEXT.loading}
        errorText={TEXT.loadFailed}
        onRetry={() => void plans.refetch()}
      >
        {plans.data && plans.data.length === 0 ? <p className="muted">{TEXT.none}</p> : null}
        <ul className="service-plans__list">
          {(plans.data ?? []).map((plan) => (
            <li key={plan.id} className="service-plan-card">
              <h3 className="service-plan-card__name">
                {plan.name} {plan.isActive ? null : <StatusBadge tone="neutral">{TEXT.inactive}</StatusBadge>}
              </h3>
              <p className="service-plan-card__meta">
                {TEXT.every(SERVICE_FREQUENCY_NAMES[plan.frequency], plan.time)}
                {zoneNote(timeZone)} · {TEXT.since(longDate(plan.startDate))}
                {plan.endDate ? ` · ${TEXT.until(longDate(plan.endDate))}` : ''}
              </p>
              <p className="service-plan-card__meta">
                {TEXT.who(plan.assignment, plan.technicians)}
                {plan.technicians.some((technician) => !technician.isActive) ? (
                  <>
                    {' '}
                    <StatusBadge tone="warning">{TEXT.hasInactive}</StatusBadge>
                  </>
                ) : null}
              </p>
              <p className="service-plan-card__meta">{TEXT.devices(plan.areas, plan.types)}</p>
              <p className="service-plan-card__meta muted">
                {plan.generatedUntil ? TEXT.generatedUntil(longDate(plan.generatedUntil)) : TEXT.noneGenerated}
              </p>
              <div className="service-plan-card__actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setEditing(plan)}
                  aria-label={`${TEXT.edit} ${plan.name}`}
                >
                  {TEXT.edit}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => runNow(plan)}
                  disabled={!plan.isActive || (generate.isPending && generate.variables === plan.id)}
                  aria-label={`${TEXT.generate}: ${plan.name}`}
                >
                  {generate.isPending && generate.variables === plan.id ? TEXT.generating : TEXT.generate}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </QueryState>
      {editing ? (
        <ServicePlanFormModal
          siteId={siteId}
          plan={editing === 'new' ? undefined : editing}
          technicians={technicians}
          today={dayKey(new Date())}
          saving={saving}
          error={saveError ? { tone: 'error', text: describeError(saveError) ?? TEXT.loadFailed } : null}
          onSubmit={submit}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
