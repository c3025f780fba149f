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

export const TREND_INTERVALS = ['week', 'month', 'quarter', 'year'] as const;
export type TrendInterval = (typeof TREND_INTERVALS)[number];
/** What a trend's series are split by: the device's area, zone or type, or the caught pests' group. */
export const TREND_DIMENSIONS = ['area', 'zone', 'type', 'pestGroup'] as const;
export type TrendDimension = (typeof TREND_DIMENSIONS)[number];

/**
 * GET /reports/trends: what was found over a period [from, to), by week, month, quarter or year in the site's
 * time zone. Without from/to: the twelve months up to now. `compare=prevYear` adds the same periods a year
 * before. Every inspection counts by its current finding (a corrected one by its correction).
 */
export const TrendsQuery = z
  .strictObject({
    ...period,
    interval: z.enum(TREND_INTERVALS, { error: ReportMessages.trendInterval }).default('month'),
    by: z.enum(TREND_DIMENSIONS, { error: ReportMessages.trendDimension }).optional(),
    compare: z.enum(['prevYear'], { error: ReportMessages.trendCompare }).optional(),
  })
  .refine(periodInOrder, { message: ReportMessages.periodReversed, path: ['from'] });
export type TrendsQuery = z.infer<typeof TrendsQuery>;
export type TrendsQueryInput = z.input<typeof TrendsQuery>;

/** One period of one series (or of all devices when the trend is not split). */
export const TrendPoint = z.object({
  /** The period's first day in the report's time zone, YYYY-MM-DD. */
  period: z.string(),
  /** The series: an area ('' for devices without one), a zone ('' without), a type or a pest group; null unsplit. */
  key: z.string().nullable(),
  /** Devices with a finding in the period. */
  inspectedDevices: z.number().int(),
  /** Of those, the ones with activity (any level above NINGUNA) at least once. */
  devicesWithActivity: z.number().int(),
  /** Pests caught, by group (bands count as their least: 1, 11, 51); split by pest group, that group only. */
  captures: z.record(z.string(), z.number().int()),
  /** All of `captures` per device and week of the period: the rate auditors compare against a limit. */
  capturesPerDeviceWeek: z.number(),
  /** Mean bait eaten, %, over the bait stations' findings; null without any. */
  meanBaitConsumption: z.number().nullable(),
});
export type TrendPoint = z.infer<typeof TrendPoint>;

export const TrendsReport = z.object({
  from: Timestamp,
  to: Timestamp,
  interval: z.enum(TREND_INTERVALS),
  by: z.enum(TREND_DIMENSIONS).nullable(),
  timeZone: z.string(),
  points: z.array(TrendPoint),
  /** With compare=prevYear: the same periods a year before, their `period` also a year before. */
  previousYear: z.array(TrendPoint).nullable(),
});
export type TrendsReport = z.infer<typeof TrendsReport>;
