import type { PlanAssignment, ServiceFrequency, ServicePlan, TrapType } from '@rondin/contracts';
import { DEFAULT_HORIZON_DAYS, MAX_HORIZON_DAYS } from '@rondin/contracts/service-plan-options';
import type { ServicePlanInput } from '../api/save-service-plan';
import { SERVICE_PLAN_MESSAGES as TEXT } from '../messages';

/** A row of the plan's technicians: the account chosen ('' none yet) and, in a BY_AREA plan, its areas. */
export interface PlanTechnicianRow {
  /** The row's own, kept as rows move (React's key). */
  key: number;
  technicianId: string;
  areas: string[];
}

let rowKeys = 0;
export const technicianRow = (technicianId = '', areas: string[] = []): PlanTechnicianRow => ({
  key: ++rowKeys,
  technicianId,
  areas,
});

export interface PlanFormValues {
  name: string;
  /** In the rotation's order. */
  technicians: PlanTechnicianRow[];
  assignment: PlanAssignment;
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
  technicians: [technicianRow()],
  assignment: 'ROTATING',
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
  technicians: plan.technicians.map((technician) => technicianRow(String(technician.id), technician.areas ?? [])),
  assignment: plan.assignment,
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
  const chosen = values.technicians.map((row) => row.technicianId);
  if (chosen.length === 0 || chosen.some((id) => !id)) return TEXT.technicianRequired;
  if (new Set(chosen).size !== chosen.length) return TEXT.technicianRepeated;
  if (values.assignment === 'BY_AREA') {
    const position = values.technicians.findIndex((row) => row.areas.length === 0);
    if (position >= 0) return TEXT.technicianAreasRequired(position + 1);
    const areas = values.technicians.flatMap((row) => row.areas);
    const twice = areas.find((area, index) => areas.indexOf(area) !== index);
    if (twice !== undefined) return TEXT.areaTwice(twice);
  }
  if (!values.startDate) return TEXT.startRequired;
  if (!values.time) return TEXT.timeRequired;
  const horizon = Number(values.horizonDays);
  if (!Number.isInteger(horizon) || horizon < 1 || horizon > MAX_HORIZON_DAYS) return TEXT.horizonRange;
  if (values.endDate && values.endDate < values.startDate) return TEXT.endBeforeStart;
  return null;
}

export function formToBody(values: PlanFormValues, siteId: number): ServicePlanInput {
  const { areas } = values;
  const byArea = values.assignment === 'BY_AREA';
  return {
    siteId,
    name: values.name.trim(),
    assignment: values.assignment,
    technicians: values.technicians.map((row) => ({
      technicianId: Number(row.technicianId),
      ...(byArea ? { areas: row.areas } : {}),
    })),
    frequency: values.frequency,
    startDate: values.startDate,
    time: values.time,
    horizonDays: Number(values.horizonDays),
    endDate: values.endDate || null,
    // By area, the plan's areas are its technicians': the server reads them there.
    ...(byArea ? {} : { areas: areas.length > 0 ? areas : null }),
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
