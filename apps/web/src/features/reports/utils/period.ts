/**
 * The dashboard's periods, in the browser's own time zone: "this month" is the month the person looking at the
 * screen is in. Each becomes the API's half-open range [from, to) of instants, from the first day's midnight to
 * the midnight after the last day, so a day is never cut and two consecutive months share no order.
 */
export const PERIOD_CHOICES = [
  { value: 'this-month', label: 'Este mes' },
  { value: 'last-month', label: 'Mes anterior' },
  { value: 'last-90-days', label: 'Últimos 90 días' },
  { value: 'this-year', label: 'Este año' },
  { value: 'custom', label: 'Personalizado' },
] as const;

export type PeriodChoice = (typeof PERIOD_CHOICES)[number]['value'];

export const DEFAULT_PERIOD: PeriodChoice = 'this-month';

export function isPeriodChoice(value: string | null): value is PeriodChoice {
  return PERIOD_CHOICES.some((choice) => choice.value === value);
}

/** A period as whole local days (both included) and as the instants the API takes. */
export interface Period {
  /** First and last day, `YYYY-MM-DD`, both included: what the date inputs and the order list's filters read. */
  firstDay: string;
  lastDay: string;
  /** ISO instants of [from, to). */
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A local date as `YYYY-MM-DD`. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DD` as that day's local midnight; undefined for anything else. */
export function parseDay(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayOf(date) === day ? date : undefined;
}

/**
 * The days from `first` to `last`, both included. Midnights come from the local calendar (new Date(y, m, d)),
 * so a day that lasts 23 or 25 hours at a clock change is still one whole day.
 */
function between(first: Date, last: Date): Period {
  const after = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { firstDay: dayOf(first), lastDay: dayOf(last), from: first.toISOString(), to: after.toISOString() };
}

/** The period a choice means today; a custom one needs its two days, in order, or it is undefined. */
export function periodFor(
  choice: PeriodChoice,
  today: Date,
  custom: { from: string; to: string } = { from: '', to: '' },
): Period | undefined {
  const year = today.getFullYear();
  const month = today.getMonth();
  switch (choice) {
    case 'this-month':
      return between(new Date(year, month, 1), new Date(year, month + 1, 0));
    case 'last-month':
      return between(new Date(year, month - 1, 1), new Date(year, month, 0));
    case 'last-90-days':
      return between(new Date(year, month, today.getDate() - 89), new Date(year, month, today.getDate()));
    case 'this-year':
      return between(new Date(year, 0, 1), new Date(year, 11, 31));
    case 'custom': {
      const first = parseDay(custom.from);
      const last = parseDay(custom.to);
      return first && last && first <= last ? between(first, last) : undefined;
    }
  }
}

const dayFormat = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric' });

/** "1 de mayo de 2026 – 31 de mayo de 2026", or one date when the period is one day. */
export function describePeriod(period: Period): string {
  const first = dayFormat.format(parseDay(period.firstDay));
  const last = dayFormat.format(parseDay(period.lastDay));
  return first === last ? first : `${first} – ${last}`;
}
