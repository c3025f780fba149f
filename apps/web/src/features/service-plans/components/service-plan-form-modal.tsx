import type { ServicePlan, Technician, TrapType } from '@rondin/contracts';
import { TRAP_TYPE_NAMES, TRAP_TYPES } from '@rondin/contracts/devices';
import {
  MAX_HORIZON_DAYS,
  MAX_PLAN_TECHNICIANS,
  SERVICE_FREQUENCIES,
  SERVICE_FREQUENCY_NAMES,
} from '@rondin/contracts/service-plan-options';
import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { useServicePlanOptions } from '../api/get-service-plan-options';
import { SERVICE_PLAN_MESSAGES as TEXT } from '../messages';
import {
  emptyPlanForm,
  planToForm,
  type PlanFormValues,
  type PlanTechnicianRow,
  technicianRow,
  validatePlan,
  withFrequency,
} from '../utils/plan-form';

interface ServicePlanFormModalProps {
  /** The site the plan visits: its devices' areas and types are the ones offered. */
  siteId: number;
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
  siteId,
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
  const options = useServicePlanOptions(siteId);
  // The site's areas and types, and any the plan already names (a device since retired): the server says which.
  const areaChoices = [
    ...new Set([...(options.data?.areas ?? []), ...values.areas, ...values.technicians.flatMap((row) => row.areas)]),
  ];
  const typeChoices = TRAP_TYPES.filter((type) => options.data?.types.includes(type) || values.types.includes(type));
  const toggle = <T,>(list: readonly T[], item: T, on: boolean) =>
    on ? [...list, item] : list.filter((other) => other !== item);
  // Active accounts, and any the plan already has (one deactivated since stays until replaced).
  const inPlan = new Set(plan?.technicians.map((technician) => technician.id));
  const candidates = technicians.filter((technician) => technician.isActive || inPlan.has(technician.id));
  const setRow = (index: number, change: Partial<PlanTechnicianRow>) =>
    set(
      'technicians',
      values.technicians.map((row, other) => (other === index ? { ...row, ...change } : row)),
    );
  const move = (index: number, by: -1 | 1) => {
    const rows = [...values.technicians];
    [rows[index], rows[index + by]] = [rows[index + by]!, rows[index]!];
    set('technicians', rows);
  };

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
        <fieldset className="service-plan-form__types service-plan-form__assignment">
          <legend>{TEXT.assignment}</legend>
          {(['ROTATING', 'BY_AREA'] as const).map((assignment) => (
            <div className="checkbox-field" key={assignment}>
              <input
                id={`${id}-assignment-${assignment}`}
                type="radio"
                name={`${id}-assignment`}
                checked={values.assignment === assignment}
                onChange={() => set('assignment', assignment)}
                aria-describedby={`${id}-assignment-${assignment}-hint`}
              />
              <label htmlFor={`${id}-assignment-${assignment}`}>
                {assignment === 'ROTATING' ? TEXT.rotating : TEXT.byArea}
              </label>
              <p id={`${id}-assignment-${assignment}-hint`} className="field-hint">
                {assignment === 'ROTATING' ? TEXT.rotatingHint : TEXT.byAreaHint}
              </p>
            </div>
          ))}
        </fieldset>
        <fieldset className="service-plan-form__technicians">
          <legend>
            {TEXT.technicians} <span className="required-mark">(obligatorio)</span>
          </legend>
          <ol className="service-plan-form__technician-list">
            {values.technicians.map((row, index) => {
              const position = index + 1;
              return (
                <li key={row.key} className="service-plan-form__technician">
                  <div className="service-plan-form__technician-head">
                    <div className="field">
                      <label htmlFor={`${id}-tech-${index}`}>{TEXT.technicianN(position)}</label>
                      <select
                        id={`${id}-tech-${index}`}
                        value={row.technicianId}
                        onChange={(event) => setRow(index, { technicianId: event.target.value })}
                        aria-invalid={problem === TEXT.technicianRequired && !row.technicianId ? true : undefined}
                      >
                        <option value="">{TEXT.chooseTechnician}</option>
                        {candidates.map((technician) => (
                          <option key={technician.id} value={technician.id}>
                            {technician.isActive ? technician.fullName : TEXT.inactiveTechnician(technician.fullName)}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="service-plan-form__technician-actions">
                      {[
                        { label: TEXT.moveUp(position), symbol: '↑', off: index === 0, act: () => move(index, -1) },
                        {
                          label: TEXT.moveDown(position),
                          symbol: '↓',
                          off: index === values.technicians.length - 1,
                          act: () => move(index, 1),
                        },
                        {
                          label: TEXT.remove(position),
                          symbol: '✕',
                          off: values.technicians.length === 1,
                          act: () =>
                            set(
                              'technicians',
                              values.technicians.filter((_, other) => other !== index),
                            ),
                        },
                      ].map((action) => (
                        <button
                          key={action.symbol}
                          type="button"
                          className="button button--ghost button--small"
                          onClick={action.act}
                          disabled={action.off}
                          aria-label={action.label}
                          title={action.label}
                        >
                          {action.symbol}
                        </button>
                      ))}
                    </div>
                  </div>
                  {values.assignment === 'BY_AREA' ? (
                    <fieldset className="service-plan-form__types">
                      <legend>{TEXT.technicianAreas(position)}</legend>
                      {areaChoices.length === 0 ? <p className="field-hint">{TEXT.areasNone}</p> : null}
                      {areaChoices.map((area, areaIndex) => {
                        const holder = values.technicians.findIndex(
                          (other, otherIndex) => otherIndex !== index && other.areas.includes(area),
                        );
                        return (
                          <div className="checkbox-field" key={area}>
                            <input
                              id={`${id}-tech-${index}-area-${areaIndex}`}
                              type="checkbox"
                              checked={row.areas.includes(area)}
                              onChange={(event) =>
                                setRow(index, { areas: toggle(row.areas, area, event.target.checked) })
                              }
                            />
                            <label htmlFor={`${id}-tech-${index}-area-${areaIndex}`}>
                              {area}
                              {holder >= 0 ? <span className="muted"> {TEXT.areaTaken(holder + 1)}</span> : null}
                            </label>
                          </div>
                        );
                      })}
                    </fieldset>
                  ) : null}
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => set('technicians', [...values.technicians, technicianRow()])}
            disabled={values.technicians.length >= MAX_PLAN_TECHNICIANS}
          >
            {TEXT.addTechnician}
          </button>
        </fieldset>
        <div className="service-plan-form__row">
          <div className="field">
            <label htmlFor={`${id}-frequency`}>{TEXT.frequency}</label>
            <select
              id={`${id}-frequency`}
              value={values.frequency}
              onChange={(event) => {
                setProblem(null);
                setValues((old) => withFrequency(old, event.target.value as PlanFormValues['frequency']));
              }}
            >
              {SERVICE_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {SERVICE_FREQUENCY_NAMES[frequency]}
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
              max={MAX_HORIZON_DAYS}
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
        {options.isPending ? (
          <p className="field-hint">{TEXT.optionsLoading}</p>
        ) : options.isError ? (
          <p className="field-hint service-plan-form__error">
            {TEXT.optionsFailed}{' '}
            <button type="button" className="button button--ghost button--small" onClick={() => void options.refetch()}>
              Reintentar
            </button>
          </p>
        ) : (
          <>
            {values.assignment === 'BY_AREA' ? null : (
              <fieldset className="service-plan-form__types">
                <legend>{TEXT.areas}</legend>
                {areaChoices.length === 0 ? <p className="field-hint">{TEXT.areasNone}</p> : null}
                {areaChoices.map((area, index) => (
                  <div className="checkbox-field" key={area}>
                    <input
                      id={`${id}-area-${index}`}
                      type="checkbox"
                      checked={values.areas.includes(area)}
                      onChange={(event) => set('areas', toggle(values.areas, area, event.target.checked))}
                    />
                    <label htmlFor={`${id}-area-${index}`}>{area}</label>
                  </div>
                ))}
              </fieldset>
            )}
            <fieldset className="service-plan-form__types">
              <legend>{TEXT.types}</legend>
              {typeChoices.length === 0 ? <p className="field-hint">{TEXT.typesNone}</p> : null}
              {typeChoices.map((type: TrapType) => (
                <div className="checkbox-field" key={type}>
                  <input
                    id={`${id}-type-${type}`}
                    type="checkbox"
                    checked={values.types.includes(type)}
                    onChange={(event) => set('types', toggle(values.types, type, event.target.checked))}
                  />
                  <label htmlFor={`${id}-type-${type}`}>{TRAP_TYPE_NAMES[type]}</label>
                </div>
              ))}
            </fieldset>
          </>
        )}
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
