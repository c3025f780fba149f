import { describe, expect, it } from 'vitest';
import { calendarState, dayKey, periodDays, technicianLoad } from './calendar';

describe('calendar', () => {
  it('shows whole weeks from Monday: a month view covers the month, a week view seven days', () => {
    const month = periodDays(new Date(2027, 1, 10), 'month');
    expect(dayKey(month[0]!)).toBe('2027-02-01');
    expect(dayKey(month.at(-1)!)).toBe('2027-02-28');
    const leap = periodDays(new Date(2028, 1, 10), 'month');
    expect(dayKey(leap[0]!)).toBe('2028-01-31');
    expect(dayKey(leap.at(-1)!)).toBe('2028-03-05');
    expect(periodDays(new Date(2026, 10, 22), 'week').map(dayKey)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
  });

  it('marks an order not completed after its time as late: missed once its day is over', () => {
    const now = new Date(2026, 10, 22, 16, 0);
    const at = (hours: number, day = 22) => new Date(2026, 10, day, hours).toISOString();
    expect(calendarState({ status: 'PENDING', scheduledAt: at(18) }, now)).toBe('PENDING');
    expect(calendarState({ status: 'IN_PROGRESS', scheduledAt: at(9) }, now)).toBe('OVERDUE');
    expect(calendarState({ status: 'PENDING', scheduledAt: at(9, 21) }, now)).toBe('MISSED');
    expect(calendarState({ status: 'COMPLETED', scheduledAt: at(9, 21) }, now)).toBe('COMPLETED');
    expect(calendarState({ status: 'PENDING', scheduledAt: null }, now)).toBe('PENDING');
  });

  it('adds up each technician’s orders and devices per day', () => {
    const ana = { id: 1, fullName: 'Ana', email: 'a@x.cl' };
    const load = technicianLoad([
      { technician: ana, itemCount: 10, scheduledAt: new Date(2026, 10, 22, 8).toISOString() },
      { technician: ana, itemCount: 5, scheduledAt: new Date(2026, 10, 22, 15).toISOString() },
    ]);
    expect(load).toEqual([
      { technicianId: 1, fullName: 'Ana', days: new Map([['2026-11-22', { orders: 2, devices: 15 }]]) },
    ]);
  });
});
