import type { ServiceFrequency } from '@rondin/contracts';

const DAY_MS = 86_400_000;
const STEP_DAYS: Partial<Record<ServiceFrequency, number>> = { SEMANAL: 7, QUINCENAL: 14 };
const STEP_MONTHS: Partial<Record<ServiceFrequency, number>> = { MENSUAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3 };

const two = (value: number) => String(value).padStart(2, '0');
const parse = (date: string) => date.split('-').map(Number) as [number, number, number];
const dayNumber = (date: string) => {
  const [year, month, day] = parse(date);
  return Date.UTC(year, month - 1, day) / DAY_MS;
};
const fromDayNumber = (days: number) => {
  const date = new Date(days * DAY_MS);
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
};

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/**
 * The start date moved `months` months on, always counted from the start (not from the previous visit): a
 * plan started on 31 January visits on 28 or 29 February, then on 31 March again.
 */
function addMonths(start: string, months: number): string {
  const [year, month, day] = parse(start);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return `${targetYear}-${two(targetMonth + 1)}-${two(Math.min(day, lastDay))}`;
}

/** A plan's visit dates from `from` to `to`, both included (YYYY-MM-DD, calendar days of the site's zone). */
export function visitDates(
  plan: { frequency: ServiceFrequency; startDate: string },
  from: string,
  to: string,
): string[] {
  const first = from > plan.startDate ? from : plan.startDate;
  if (first > to) return [];
  const dates: string[] = [];
  const stepDays = STEP_DAYS[plan.frequency];
  if (stepDays) {
    const start = dayNumber(plan.startDate);
    const last = dayNumber(to);
    let day = start + Math.ceil((dayNumber(first) - start) / stepDays) * stepDays;
    for (; day <= last; day += stepDays) dates.push(fromDayNumber(day));
    return dates;
  }
  const stepMonths = STEP_MONTHS[plan.frequency]!;
  const [startYear, startMonth] = parse(plan.startDate);
  const [firstYear, firstMonth] = parse(first);
  const monthsToFirst = (firstYear - startYear) * 12 + (firstMonth - startMonth);
  // One step before the first month, in case that month's visit fell before `first`'s day.
  let step = Math.max(0, Math.floor(monthsToFirst / stepMonths) - 1);
  for (; ; step++) {
    const date = addMonths(plan.startDate, step * stepMonths);
    if (date > to) return dates;
    if (date >= first) dates.push(date);
  }
}

/**
 * Which visit of the plan a visit date is, counting from 0 at the start date: what a rotating plan's technician
 * is chosen by, so the turn of a date is the same whatever run generates it. `date` is one of visitDates'.
 */
export function visitOrdinal(plan: { frequency: ServiceFrequency; startDate: string }, date: string): number {
  const stepDays = STEP_DAYS[plan.frequency];
  if (stepDays) return Math.round((dayNumber(date) - dayNumber(plan.startDate)) / stepDays);
  const [startYear, startMonth] = parse(plan.startDate);
  const [year, month] = parse(date);
  // A month's visit is in its own month (a day past the month's end is clamped to it, never carried over).
  return Math.round(((year - startYear) * 12 + (month - startMonth)) / STEP_MONTHS[plan.frequency]!);
}
