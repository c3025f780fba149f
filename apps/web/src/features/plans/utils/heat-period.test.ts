import { describe, expect, it } from 'vitest';
import { heatPeriodFor } from './heat-period';

describe('heatPeriodFor', () => {
  const today = new Date(2026, 10, 22, 15, 30);

  it('takes the twelve months up to today, whole days, half-open', () => {
    const period = heatPeriodFor('last-12-months', today)!;
    expect(period).toMatchObject({ firstDay: '2025-11-23', lastDay: '2026-11-22' });
    expect(new Date(period.from)).toEqual(new Date(2025, 10, 23));
    expect(new Date(period.to)).toEqual(new Date(2026, 10, 23));
  });

  it('takes the last quarter, across a year’s end', () => {
    expect(heatPeriodFor('last-quarter', new Date(2026, 1, 10))).toMatchObject({
      firstDay: '2025-11-11',
      lastDay: '2026-02-10',
    });
  });

  it('needs two real days in order for a custom period', () => {
    expect(heatPeriodFor('custom', today, { from: '2026-03-01', to: '2026-03-31' })).toMatchObject({
      firstDay: '2026-03-01',
      lastDay: '2026-03-31',
    });
    expect(heatPeriodFor('custom', today, { from: '2026-04-01', to: '2026-03-31' })).toBeUndefined();
    expect(heatPeriodFor('custom', today, { from: '2026-02-30', to: '2026-03-31' })).toBeUndefined();
    expect(heatPeriodFor('custom', today, { from: '', to: '2026-03-31' })).toBeUndefined();
  });
});
