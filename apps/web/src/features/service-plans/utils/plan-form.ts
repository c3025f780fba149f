import type { ServiceFrequency, ServicePlan, TrapType } from '@rondin/contracts';
import { DEFAULT_HORIZON_DAYS, MAX_HORIZON_DAYS } from '@rondin/contracts/service-plan-options';
import type { ServicePlanInput } from '../api/save-service-plan';
import { SERVICE_PLAN_MESSAGES as TEXT } from '../messages';

export interface PlanFormValues {
  name: string;
  technicianId: string;
  frequency: ServiceFrequency;
  startDate: string;
  time: string;
  horizonDays: string;
  endDate: string;
  areas: string[];
  types: TrapType[];
  isActive: boolean;
  applyToOpen: boolean;
}

export const emptyPlanForm = (today: string): PlanFormValues => ({
  name: '',
  technicianId: '',
  frequency: 'SEMANAL',
  startDate: today,
  time: '08:00',
  horizonDays: String(DEFAULT_HORIZON_DAYS.SEMANAL),
  endDate: '',
  areas: [],
  types: [],
  isActive: true,
  applyToOpen: false,
});

export const planToForm = (plan: ServicePlan): PlanFormValues => ({
  name: plan.name,
  technicianId: String(plan.technicianId),
  frequency: plan.frequency,
  startDate: plan.startDate,
  time: plan.time,
  horizonDays: String(plan.horizonDays),
  endDate: plan.endDate ?? '',
  areas: plan.areas ?? [],
  types: plan.types ?? [],
  isActive: plan.isActive,
  applyToOpen: false,
});

/** The first problem of the form, in the server's words, or null. */
export function validatePlan(values: PlanFormValues): string | null {
  if (!values.name.trim()) return TEXT.nameRequired;
  if (!values.technicianId) return TEXT.technicianRequired;
  if (!values.startDate) return TEXT.startRequired;
  if (!values.time) return TEXT.timeRequired;
  const horizon = Number(values.horizonDays);
  if (!Number.isInteger(horizon) || horizon < 1 || horizon > MAX_HORIZON_DAYS) return TEXT.horizonRange;
  if (values.endDate && values.endDate < values.startDate) return TEXT.endBeforeStart;
  return null;
}

export function formToBody(values: PlanFormValues, siteId: number): ServicePlanInput {
  const { areas } = values;
  return {
    siteId,
    name: values.name.trim(),
    technicianId: Number(values.technicianId),
    frequency: values.frequency,
    startDate: values.startDate,
    time: values.time,
    horizonDays: Number(values.horizonDays),
    endDate: values.endDate || null,
    areas: areas.length > 0 ? areas : null,
    types: values.types.length > 0 ? values.types : null,
    isActive: values.isActive,
  };
}

/**
 * A new frequency: a horizon left on the old frequency's default moves to the new one's (two periods, the next
 * two visits in sight); one typed by hand stays.
 */
export function withFrequency(values: PlanFormValues, frequency: ServiceFrequency): PlanFormValues {
  const onDefault = values.horizonDays === String(DEFAULT_HORIZON_DAYS[values.frequency]);
  return {
    ...values,
    frequency,
    horizonDays: onDefault ? String(DEFAULT_HORIZON_DAYS[frequency]) : values.horizonDays,
  };
}
