import { z } from 'zod';
import { DateTimeInput, Id, Timestamp } from './common.js';
import { ReportMessages } from './messages.js';

/**
 * The period a report covers: the half-open range [from, to). Both ends are optional; without `from` it starts
 * with the first order, without `to` it has no end. Half-open so that consecutive periods (this month and the
 * next) tile with no order counted twice and none left out, and "this month" ends exactly where the next begins.
 */
const period = {
  from: DateTimeInput.optional(),
  to: DateTimeInput.optional(),
  /** One site's orders only; without it, every site's. */
  siteId: Id.optional(),
};

/** A period whose start is not after its end (either may be left out). */
export function periodInOrder({ from, to }: { from?: string | undefined; to?: string | undefined }): boolean {
  return from === undefined || to === undefined || Date.parse(from) <= Date.parse(to);
}

export const ComplianceQuery = z
  .strictObject(period)
  .refine(periodInOrder, { message: ReportMessages.periodReversed, path: ['from'] });
export type ComplianceQuery = z.infer<typeof ComplianceQuery>;

/**
 * The compliance figures of a period. An order belongs to the period by its scheduled time, or by its creation
 * time when it has no date, and counts only once it is due: scheduled at or before `asOf`, or undated. The
 * first five fields are the spec's, with these meanings for the period:
 */
export const ComplianceReport = z.object({
  /** Orders due in the period. */
  totalSessions: z.number().int(),
  /** Due orders closed with every trap inspected. */
  completedSessions: z.number().int(),
  /** completedSessions / totalSessions × 100, with one decimal; 0 when no order is due. */
  completionRate: z.number(),
  /** Traps still to inspect in the period's due orders that are open. */
  pendingTraps: z.number().int(),
  /** Open orders of the period scheduled before `asOf` (undated orders have no date to be late against). */
  overdueSessions: z.number().int(),
  /** Due orders closed with traps still pending (a forced close): never counted as completed. */
  forcedSessions: z.number().int(),
  /** Traps in the period's due orders, one per order and trap. */
  dueTraps: z.number().int(),
  /** Of those, the ones inspected. */
  inspectedTraps: z.number().int(),
  /**
   * Gaps in recurring service: months in which a service plan had a visit due in the period and none of that
   * month's orders of the plan was completed (an auditor's "month without a visit").
   */
  planGaps: z.number().int(),
  /** The period asked for (null: open at that end). */
  from: Timestamp.nullable(),
  to: Timestamp.nullable(),
  /** The instant "due" and "overdue" were judged at. */
  asOf: Timestamp,
});
export type ComplianceReport = z.infer<typeof ComplianceReport>;

export const ExportQuery = z
  .strictObject({
    format: z.enum(['pdf', 'excel'], { error: 'El formato debe ser pdf o excel.' }),
    ...period,
  })
  .refine(periodInOrder, { message: ReportMessages.periodReversed, path: ['from'] });
export type ExportQuery = z.infer<typeof ExportQuery>;
