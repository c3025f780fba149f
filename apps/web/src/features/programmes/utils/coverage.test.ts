import { describe, expect, it } from 'vitest';
import { coverageTotals, lastTwelveMonths } from './coverage';

describe('lastTwelveMonths', () => {
  it('runs from the day after the same day a year before to today', () => {
    expect(lastTwelveMonths('2026-11-29')).toEqual({ from: '2025-11-30', to: '2026-11-29' });
    expect(lastTwelveMonths('2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('clamps a 29 February to the last day of the February a year before', () => {
    expect(lastTwelveMonths('2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
  });
});

describe('coverageTotals', () => {
  it('sums the inspections over the rows, with their share; none when nothing was owed', () => {
    const row = { inspectionsDone: 0, inspectionsOwed: 0 };
    expect(
      coverageTotals({
        rows: [
          { ...row, inspectionsDone: 5, inspectionsOwed: 8 },
          { ...row, inspectionsDone: 2, inspectionsOwed: 8 },
        ],
      }),
    ).toEqual({ done: 7, owed: 16, percent: 43.8 });
    expect(coverageTotals({ rows: [row] })).toEqual({ done: 0, owed: 0, percent: null });
  });
});
