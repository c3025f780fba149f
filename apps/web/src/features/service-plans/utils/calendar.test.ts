import { describe, expect, it } from 'vitest';
import { calendarState, dayKey, inPeriod, ordersByDay, periodDays, technicianLoad } from './calendar';

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
    const site = { id: 1, name: 'Planta', client: null, address: null, timeZone: null };
    const load = technicianLoad(
      [
        { technician: ana, site, itemCount: 10, scheduledAt: new Date(2026, 10, 22, 8).toISOString() },
        { technician: ana, site, itemCount: 5, scheduledAt: new Date(2026, 10, 22, 15).toISOString() },
      ],
      null,
    );
    expect(load).toEqual([
      { technicianId: 1, fullName: 'Ana', days: new Map([['2026-11-22', { orders: 2, devices: 15 }]]) },
    ]);
  });

  it("puts an order on its site's day, whatever the browser's zone", () => {
    const madrid = { id: 1, name: 'Madrid', client: null, address: null, timeZone: 'Europe/Madrid' };
    const other = { id: 2, name: 'Sin zona', client: null, address: null, timeZone: null };
    // 00:30 on 1 December in Madrid; the browser may be in Santiago, where it is still 30 November.
    const late = { id: 1, site: madrid, scheduledAt: '2026-11-30T23:30:00.000Z' };
    const serverZone = { id: 2, site: other, scheduledAt: '2026-11-30T23:30:00.000Z' };
    const days = ordersByDay([late, serverZone], 'Asia/Tokyo');
    expect(days.get('2026-12-01')).toEqual([late, serverZone]);
    expect(days.has('2026-11-30')).toBe(false);
  });

  it("keeps the fetched orders whose site's day is in the period, whatever the browser's day", () => {
    const madrid = { id: 1, name: 'Getafe', client: null, address: null, timeZone: 'Europe/Madrid' };
    const server = { id: 2, name: 'Maipú', client: null, address: null, timeZone: null };
    const orders = [
      // 00:30 in Madrid on Monday 13 January 2031, the Sunday before in the Americas.
      { id: 1, scheduledAt: '2031-01-12T23:30:00.000Z', site: madrid },
      // 23:30 in Madrid on Sunday 12: the week before.
      { id: 2, scheduledAt: '2031-01-12T22:30:00.000Z', site: madrid },
      // 00:30 in Madrid on Monday 20: the week after.
      { id: 3, scheduledAt: '2031-01-19T23:30:00.000Z', site: madrid },
      // A site without a zone is read in the server's (Santiago, UTC−3 in January): Sunday 19, 22:00.
      { id: 4, scheduledAt: '2031-01-20T01:00:00.000Z', site: server },
      { id: 5, scheduledAt: null, site: madrid },
    ];
    expect(inPeriod(orders, '2031-01-13', '2031-01-19', 'America/Santiago').map((order) => order.id)).toEqual([1, 4]);
  });
});
