import type { SessionListItem } from '@rondin/contracts';
import { dayKeyIn } from '../../../lib/format';

export type CalendarState = 'COMPLETED' | 'IN_PROGRESS' | 'PENDING' | 'OVERDUE' | 'MISSED';

const two = (value: number) => String(value).padStart(2, '0');

/** The browser's calendar day of a date, YYYY-MM-DD. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

export function parseDay(key: string): Date {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Monday of the date's week (weeks start on Monday, as in Spain and Chile). */
export function startOfWeek(date: Date): Date {
  return addDays(date, -((date.getDay() + 6) % 7));
}

/** The days a view shows: a week, or the whole weeks that cover a month. */
export function periodDays(anchor: Date, view: 'month' | 'week'): Date[] {
  const first =
    view === 'week' ? startOfWeek(anchor) : startOfWeek(new Date(anchor.getFullYear(), anchor.getMonth(), 1));
  const last =
    view === 'week'
      ? addDays(first, 6)
      : addDays(startOfWeek(new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0)), 6);
  const days: Date[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * Red on the calendar: not completed and its time has passed. "No realizada" once its day is over,
 * "Atrasada" while it still is.
 */
export function calendarState(order: Pick<SessionListItem, 'status' | 'scheduledAt'>, now: Date): CalendarState {
  if (order.status === 'COMPLETED') return 'COMPLETED';
  if (order.scheduledAt && new Date(order.scheduledAt) < now) {
    return dayKey(new Date(order.scheduledAt)) < dayKey(now) ? 'MISSED' : 'OVERDUE';
  }
  return order.status;
}

export const isLate = (state: CalendarState) => state === 'OVERDUE' || state === 'MISSED';

type Placed = Pick<SessionListItem, 'scheduledAt' | 'site'>;

/** The day an order is on: its site's calendar day (its zone, else the server's `serverTimeZone`). */
function siteDay(scheduledAt: string, site: Placed['site'], serverTimeZone: string | null): string {
  return dayKeyIn(scheduledAt, site.timeZone ?? serverTimeZone);
}

/**
 * Days fetched beyond each end of the period shown: the server is asked by instants, and a site's day may begin
 * up to 26 hours (UTC−12 to UTC+14) before or after the browser's. What is fetched is then kept by its site's day
 * (`inPeriod`).
 */
export const FETCH_MARGIN_DAYS = 2;

/** The orders whose site's day is one of the period's, from `first` to `last` (YYYY-MM-DD, both included). */
export function inPeriod<T extends Placed>(
  orders: readonly T[],
  first: string,
  last: string,
  serverTimeZone: string | null,
): T[] {
  return orders.filter((order) => {
    if (!order.scheduledAt) return false;
    const day = siteDay(order.scheduledAt, order.site, serverTimeZone);
    return day >= first && day <= last;
  });
}

/** The orders of each day, by time; a day is the site's, so a Madrid visit at 00:30 is not the evening before. */
export function ordersByDay<T extends Placed>(orders: readonly T[], serverTimeZone: string | null): Map<string, T[]> {
  const days = new Map<string, T[]>();
  const sorted = [...orders].sort((a, b) => (a.scheduledAt ?? '').localeCompare(b.scheduledAt ?? ''));
  for (const order of sorted) {
    if (!order.scheduledAt) continue;
    const key = siteDay(order.scheduledAt, order.site, serverTimeZone);
    const list = days.get(key) ?? [];
    list.push(order);
    days.set(key, list);
  }
  return days;
}

export interface TechnicianLoad {
  technicianId: number;
  fullName: string;
  /** Per day: orders and devices. */
  days: Map<string, { orders: number; devices: number }>;
}

/** Each technician's orders and devices per day, by name. */
export function technicianLoad(
  orders: readonly Pick<SessionListItem, 'scheduledAt' | 'site' | 'technician' | 'itemCount'>[],
  serverTimeZone: string | null,
): TechnicianLoad[] {
  const byTechnician = new Map<number, TechnicianLoad>();
  for (const order of orders) {
    if (!order.scheduledAt) continue;
    const entry = byTechnician.get(order.technician.id) ?? {
      technicianId: order.technician.id,
      fullName: order.technician.fullName,
      days: new Map(),
    };
    const key = siteDay(order.scheduledAt, order.site, serverTimeZone);
    const day = entry.days.get(key) ?? { orders: 0, devices: 0 };
    day.orders += 1;
    day.devices += order.itemCount;
    entry.days.set(key, day);
    byTechnician.set(order.technician.id, entry);
  }
  return [...byTechnician.values()].sort((a, b) => a.fullName.localeCompare(b.fullName, 'es'));
}
