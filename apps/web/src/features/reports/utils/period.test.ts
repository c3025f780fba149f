import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePeriod, parseDay, periodFor } from './period';

// The browser's zone decides what "this month" is: Santiago changes its clocks in April and September.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Santiago';
});
afterAll(() => {
  process.env.TZ = zone;
});

const today = new Date(2026, 4, 20, 15, 30); // 20 May 2026, 15:30 in Santiago (UTC−4)

describe('periodFor', () => {
  it('takes this month from its first midnight to the next month’s, both in the browser’s zone', () => {
    expect(periodFor('this-month', today)).toEqual({
      firstDay: '2026-05-01',
      lastDay: '2026-05-31',
      from: '2026-05-01T04:00:00.000Z',
      to: '2026-06-01T04:00:00.000Z',
    });
  });

  it('ends last month where this one starts, across a clock change (April starts at UTC−3)', () => {
    const last = periodFor('last-month', today)!;
    expect(last).toMatchObject({ firstDay: '2026-04-01', lastDay: '2026-04-30', from: '2026-04-01T03:00:00.000Z' });
    expect(last.to).toBe(periodFor('this-month', today)!.from);
  });

  it('takes the last 90 days as 90 whole days ending tonight', () => {
    const period = periodFor('last-90-days', today)!;
    expect(period.firstDay).toBe('2026-02-20');
    expect(period.lastDay).toBe('2026-05-20');
    expect(period.to).toBe('2026-05-21T04:00:00.000Z');
  });

  it('takes this year from 1 January to 31 December, January in summer time', () => {
    expect(periodFor('this-year', today)).toMatchObject({
      firstDay: '2026-01-01',
      lastDay: '2026-12-31',
      from: '2026-01-01T03:00:00.000Z',
      to: '2027-01-01T03:00:00.000Z',
    });
  });

  it('takes a custom period with both days included, and none while a day is missing or they are reversed', () => {
    expect(periodFor('custom', today, { from: '2026-03-10', to: '2026-03-10' })).toEqual({
      firstDay: '2026-03-10',
      lastDay: '2026-03-10',
      from: '2026-03-10T03:00:00.000Z',
      to: '2026-03-11T03:00:00.000Z',
    });
    expect(periodFor('custom', today, { from: '2026-03-10', to: '' })).toBeUndefined();
    expect(periodFor('custom', today, { from: '2026-03-11', to: '2026-03-10' })).toBeUndefined();
    expect(periodFor('custom', today, { from: '2026-02-30', to: '2026-03-10' })).toBeUndefined();
  });
});

describe('parseDay and describePeriod', () => {
  it('reads only real calendar days', () => {
    expect(parseDay('2026-05-01')?.getDate()).toBe(1);
    expect(parseDay('2026-13-01')).toBeUndefined();
    expect(parseDay('1/5/2026')).toBeUndefined();
  });

  it('says the period in Spanish, once when it is one day', () => {
    expect(describePeriod(periodFor('this-month', today)!)).toBe('1 de mayo de 2026 – 31 de mayo de 2026');
    expect(describePeriod(periodFor('custom', today, { from: '2026-03-10', to: '2026-03-10' })!)).toBe(
      '10 de marzo de 2026',
    );
  });
});
