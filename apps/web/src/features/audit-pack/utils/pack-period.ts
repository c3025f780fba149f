import { AUDIT_PACK_MESSAGES } from '../messages';

/** Longest period the server packs (contracts' AUDIT_PACK_MAX_MONTHS); kept here so no zod reaches the bundle. */
const MAX_MONTHS = 24;

export type PackPeriodChoice = 'last-12-months' | 'chosen';

/** The days the server is asked for (both included, in the site's zone), or none: its last twelve months. */
export type PackDays = { from: string; to: string } | undefined;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` when such a day exists; undefined otherwise. */
function dayParts(day: string): [number, number, number] | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === date ? [year, month, date] : undefined;
}

/** The day `months` later, as the server counts it: the same day of the month, or that month's last. */
function monthsLater([year, month, date]: [number, number, number], months: number): string {
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}

/**
 * What the download asks for, or why it cannot: both days, in order, within 24 months (the server's own
 * checks, said before the request so nobody waits for a refusal).
 */
export function packDays(
  choice: PackPeriodChoice,
  from: string,
  to: string,
): { days: PackDays; error?: undefined } | { days?: undefined; error: string } {
  if (choice === 'last-12-months') return { days: undefined };
  const first = dayParts(from);
  const last = dayParts(to);
  if (!first || !last) return { error: AUDIT_PACK_MESSAGES.missingDays };
  if (from > to) return { error: AUDIT_PACK_MESSAGES.reversed };
  if (to >= monthsLater(first, MAX_MONTHS)) return { error: AUDIT_PACK_MESSAGES.tooLong };
  return { days: { from, to } };
}
