import type { ServicePlan, Technician } from '@rondin/contracts';
import { TRAP_TYPE_NAMES, TRAP_TYPES } from '@rondin/contracts/devices';
import { SERVICE_FREQUENCIES } from '@rondin/contracts/service-plan-options';
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { FREQUENCY_LABELS, SERVICE_PLAN_MESSAGES as TEXT } from '../messages';
import { emptyPlanForm, planToForm, type PlanFormValues, validatePlan } from '../utils/plan-form';

interface ServicePlanFormModalProps {
  /** The plan being edited; undefined to create one. */
  plan?: ServicePlan | undefined;
  technicians: readonly Technician[];
  today: string;
  saving: boolean;
  error: NoticeMessage | null;
  onSubmit: (values: PlanFormValues) => void;
  onClose: () => void;
}

export function ServicePlanFormModal({
  plan,
  technicians,
  today,
  saving,
  error,
  onSubmit,
  onClose,
}: ServicePlanFormModalProps) {
  const id = useId();
  const [values, setValues] = useState<PlanFormValues>(() => (plan ? planToForm(plan) : emptyPlanForm(today)));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) => {
    setProblem(null);
    setValues((old) => ({ ...old, [key]: value }));
  };
  const candidates = technicians.filter(
    (technician) => technician.isActive || String(technician.id) === values.technicianId,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = validatePlan(values);
    setProblem(refusal);
    if (!refusal) onSubmit(values);
  }

  const shown: NoticeMessage | null = problem ? { tone: 'error', text: problem } : error;
  return (
    <Modal title={plan ? TEXT.editTitle(plan.name) : TEXT.newTitle} onClose={onClose} locked={saving}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>
            {TEXT.name} <span className="required-mark">(obligatorio)</span>
          </label>
          <input
            id={`${id}-name`}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            placeholder="Ej.: Control semanal"
            maxLength={120}
            autoComplete="off"
            aria-invalid={problem === TEXT.nameRequired ? true : undefined}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-tech`}>
            {TEXT.technician} <span className="required-mark">(obligatorio)</span>
          </label>
          <select
            id={`${id}-tech`}
            value={values.technicianId}
            onChange={(event) => set('technicianId', event.target.value)}
            aria-invalid={problem === TEXT.technicianRequired ? true : undefined}
          >
            <option value="">{TEXT.chooseTechnician}</option>
            {candidates.map((technician) => (
              <option key={technician.id} value={technician.id}>
                {technician.fullName}
              </option>
            ))}
          </select>
        </div>
        <div className="service-plan-form__row">
          <div className="field">
            <label htmlFor={`${id}-frequency`}>{TEXT.frequency}</label>
            <select
              id={`${id}-frequency`}
              value={values.frequency}
              onChange={(event) => set('frequency', event.target.value as PlanFormValues['frequency'])}
            >
              {SERVICE_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {FREQUENCY_LABELS[frequency]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-start`}>{TEXT.startDate}</label>
            <input
              id={`${id}-start`}
              type="date"
              value={values.startDate}
              onChange={(event) => set('startDate', event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-time`}>{TEXT.time}</label>
            <input
              id={`${id}-time`}
              type="time"
              value={values.time}
              onChange={(event) => set('time', event.target.value)}
            />
          </div>
        </div>
        <div className="service-plan-form__row">
          <div className="field">
            <label htmlFor={`${id}-horizon`}>{TEXT.horizon}</label>
            <input
              id={`${id}-horizon`}
              type="number"
              min={1}
              max={90}
              inputMode="numeric"
              value={values.horizonDays}
              onChange={(event) => set('horizonDays', event.target.value)}
              aria-describedby={`${id}-horizon-hint`}
            />
            <p id={`${id}-horizon-hint`} className="field-hint">
              {TEXT.horizonHint}
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-end`}>{TEXT.endDate}</label>
            <input
              id={`${id}-end`}
              type="date"
              value={values.endDate}
              min={values.startDate}
              onChange={(event) => set('endDate', event.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-areas`}>{TEXT.areas}</label>
          <input
            id={`${id}-areas`}
            value={values.areas}
            onChange={(event) => set('areas', event.target.value)}
            aria-describedby={`${id}-areas-hint`}
            autoComplete="off"
          />
          <p id={`${id}-areas-hint`} className="field-hint">
            {TEXT.areasHint}
          </p>
        </div>
        <fieldset className="service-plan-form__types">
          <legend>{TEXT.types}</legend>
          {TRAP_TYPES.map((type) => (
            <div className="checkbox-field" key={type}>
              <input
                id={`${id}-type-${type}`}
                type="checkbox"
                checked={values.types.includes(type)}
                onChange={(event) =>
                  set(
                    'types',
                    event.target.checked ? [...values.types, type] : values.types.filter((other) => other !== type),
                  )
                }
              />
              <label htmlFor={`${id}-type-${type}`}>{TRAP_TYPE_NAMES[type]}</label>
            </div>
          ))}
        </fieldset>
        <div className="checkbox-field">
          <input
            id={`${id}-active`}
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
          />
          <label htmlFor={`${id}-active`}>{TEXT.active}</label>
        </div>
        {plan ? (
          <div className="checkbox-field">
            <input
              id={`${id}-apply`}
              type="checkbox"
              checked={values.applyToOpen}
              onChange={(event) => set('applyToOpen', event.target.checked)}
              aria-describedby={`${id}-apply-hint`}
            />
            <label htmlFor={`${id}-apply`}>{TEXT.applyToOpen}</label>
            <p id={`${id}-apply-hint`} className="field-hint">
              {TEXT.applyToOpenHint}
            </p>
          </div>
        ) : null}
        {shown ? <Notice notice={shown} /> : null}
        <FormActions saving={saving} submitLabel={plan ? TEXT.save : TEXT.create} onCancel={onClose} />
      </form>
    </Modal>
  );
}
