/**
 * The heat map's periods, as whole days of the browser's calendar: the last twelve months or the last quarter up
 * to today included, or two days chosen (both included). Each becomes the API's half-open [from, to) of instants,
 * from the first day's midnight to the midnight after the last day; the PDF is asked for the same instants.
 */
export const HEAT_PERIOD_CHOICES = [
  { value: 'last-12-months', label: 'Últimos 12 meses' },
  { value: 'last-quarter', label: 'Último trimestre' },
  { value: 'custom', label: 'Personalizado' },
] as const;

export type HeatPeriodChoice = (typeof HEAT_PERIOD_CHOICES)[number]['value'];

export const DEFAULT_HEAT_PERIOD: HeatPeriodChoice = 'last-12-months';

export function isHeatPeriodChoice(value: string | null): value is HeatPeriodChoice {
  return HEAT_PERIOD_CHOICES.some((choice) => choice.value === value);
}

export interface HeatPeriod {
  /** First and last day, `YYYY-MM-DD`, both included. */
  firstDay: string;
  lastDay: string;
  /** ISO instants of [from, to). */
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** `YYYY-MM-DD` as that day's local midnight; undefined for anything else (an empty field, 2026-02-30). */
export function parseHeatDay(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayOf(date) === day ? date : undefined;
}

function days(first: Date, last: Date): HeatPeriod {
  const after = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { firstDay: dayOf(first), lastDay: dayOf(last), from: first.toISOString(), to: after.toISOString() };
}

/** The period a choice means today; a custom one needs its two days, in order, or it is undefined. */
export function heatPeriodFor(
  choice: HeatPeriodChoice,
  today: Date,
  custom: { from: string; to: string } = { from: '', to: '' },
): HeatPeriod | undefined {
  const [year, month, date] = [today.getFullYear(), today.getMonth(), today.getDate()];
  switch (choice) {
    case 'last-12-months':
      return days(new Date(year - 1, month, date + 1), today);
    case 'last-quarter':
      return days(new Date(year, month - 3, date + 1), today);
    case 'custom': {
      const first = parseHeatDay(custom.from);
      const last = parseHeatDay(custom.to);
      return first && last && first <= last ? days(first, last) : undefined;
    }
  }
}

const dayFormat = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric' });

/** "23 de noviembre de 2025 – 22 de noviembre de 2026". */
export function describeHeatPeriod(period: HeatPeriod): string {
  const first = dayFormat.format(parseHeatDay(period.firstDay));
  const last = dayFormat.format(parseHeatDay(period.lastDay));
  return first === last ? first : `${first} – ${last}`;
}
