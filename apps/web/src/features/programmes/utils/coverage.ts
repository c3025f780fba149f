/** A period of the site's days, both included (YYYY-MM-DD). */
export interface CoveragePeriod {
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The twelve months that end on `today` (YYYY-MM-DD, the site's day): from the day after the same day a year
 * before (clamped to the month's last day, as a 29 February is) to today, both included.
 */
export function lastTwelveMonths(today: string): CoveragePeriod {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  const start = new Date(Date.UTC(year - 1, month - 1, Math.min(day, lastOfMonth) + 1));
  return { from: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}`, to: today };
}

/** Inspections done and owed, summed over the rows, with their share (null when nothing was owed). */
export function coverageTotals(coverage: { rows: { inspectionsDone: number; inspectionsOwed: number }[] }): {
  done: number;
  owed: number;
  percent: number | null;
} {
  let done = 0;
  let owed = 0;
  for (const row of coverage.rows) {
    done += row.inspectionsDone;
    owed += row.inspectionsOwed;
  }
  return { done, owed, percent: share(done, owed) };
}

/** done over owed as a percent with one decimal at most; null when nothing was owed. */
export function share(done: number, owed: number): number | null {
  return owed > 0 ? Math.round((done / owed) * 1000) / 10 : null;
}
