import { REMINDER_HORIZON_DAYS, type Reminders } from '@rondin/contracts';
import { localDate } from '../../lib/time-zone.js';
import type { RemindersRepository } from './reminders.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day `days` after `day` (YYYY-MM-DD), by the calendar, whatever the zone's clock changes. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * What the office must see to first (DESIGN-plant.md: a licence or product authorisation expiring in 30 days,
 * overdue orders, what is due): licences and authorisations whose last day is within REMINDER_HORIZON_DAYS of
 * today or already past, orders and corrective actions overdue, and the service plans' visits of this week
 * (today to Sunday). Days are the server's zone's; `now` is a seam so tests can fix the date.
 */
export class RemindersService {
  constructor(
    private readonly repository: RemindersRepository,
    private readonly timeZone: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async reminders(): Promise<Reminders> {
    const now = this.now();
    const today = localDate(now, this.timeZone);
    const horizon = addDays(today, REMINDER_HORIZON_DAYS);
    // Monday is 1 … Sunday 7: the week ends on Sunday, as the calendar's.
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay() || 7;
    const sunday = addDays(today, 7 - weekday);
    const [licences, products, overdueOrders, overdueActions, visitsThisWeek] = await Promise.all([
      this.repository.licencesUntil(horizon),
      this.repository.productsUntil(horizon),
      this.repository.overdueOrders(now),
      this.repository.overdueActions(now),
      this.repository.planVisitsBetween(today, sunday),
    ]);
    return {
      today,
      licences: licences.map((licence) => ({ ...licence, daysLeft: daysBetween(today, licence.expiresOn) })),
      products: products.map((product) => ({ ...product, daysLeft: daysBetween(today, product.expiresOn) })),
      overdueOrders,
      overdueActions,
      visitsThisWeek,
    };
  }
}
