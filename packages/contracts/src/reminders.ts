import { z } from 'zod';

/** How far ahead the dashboard warns of a licence or an authorisation running out. */
export const REMINDER_HORIZON_DAYS = 30;

const Expiring = {
  /** The last day it is valid (YYYY-MM-DD). */
  expiresOn: z.string(),
  /** Days from today to that day: 0 today, negative once expired. */
  daysLeft: z.number().int(),
};

export const Reminders = z.object({
  /** The server's today (its TIME_ZONE), the day the rest is counted from. */
  today: z.string(),
  /** Active technicians' licences expiring within REMINDER_HORIZON_DAYS days or expired, soonest first. */
  licences: z.array(
    z.object({
      technicianId: z.number().int(),
      fullName: z.string(),
      licenceNumber: z.string().nullable(),
      ...Expiring,
    }),
  ),
  /** Active products' authorisations expiring within REMINDER_HORIZON_DAYS days or expired, soonest first. */
  products: z.array(
    z.object({ productId: z.number().int(), name: z.string(), registrationNumber: z.string(), ...Expiring }),
  ),
  /** Orders not completed whose scheduled time has passed (the compliance figures' overdue). */
  overdueOrders: z.number().int(),
  /** Corrective actions not closed whose due date is before their site's today. */
  overdueActions: z.number().int(),
  /** Orders of service plans planned from today to Sunday, not completed. */
  visitsThisWeek: z.number().int(),
});
export type Reminders = z.infer<typeof Reminders>;
