import { z } from 'zod';
import { DateTimeInput, Id, Timestamp } from './common.js';
import { THRESHOLD_LEVELS } from './action-names.js';
import { PEST_GROUPS, RISK_LEVELS, TRAP_TYPES, ZONES } from './devices.js';
import { EXCEPTION_REASONS } from './finding-rules.js';
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
  /** Of those, the ones done: scanned, or recorded as an exception (counted in both). */
  inspectedTraps: z.number().int(),
  /** Of the done ones, those recorded as an exception (not found, inaccessible): nobody saw the device. */
  exceptionTraps: z.number().int(),
  /**
   * Gaps in recurring service: months in which a service plan had a visit due in the period and none of that
   * month's visits of the plan was made, every order of it completed (a plan by area makes one a technician): an
   * auditor's "month without a visit".
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
 * time zone. Without to: up to now; without from: from the first day of the period (week, month…) a year before
 * `to`, so that the first period is whole. `compare=prevYear` adds the same periods a year
 * before. Every inspection counts by its current finding (a corrected one by its correction).
 */
const trendsFields = {
  from: period.from,
  to: period.to,
  interval: z.enum(TREND_INTERVALS, { error: ReportMessages.trendInterval }).default('month'),
  by: z.enum(TREND_DIMENSIONS, { error: ReportMessages.trendDimension }).optional(),
  compare: z.enum(['prevYear'], { error: ReportMessages.trendCompare }).optional(),
};
export const TrendsQuery = z
  .strictObject({ ...trendsFields, siteId: period.siteId })
  .refine(periodInOrder, { message: ReportMessages.periodReversed, path: ['from'] });
export type TrendsQuery = z.infer<typeof TrendsQuery>;
export type TrendsQueryInput = z.input<typeof TrendsQuery>;

/** GET /portal/sites/{id}/trends: the same query, the site being the path's. */
export const SiteTrendsQuery = z
  .strictObject(trendsFields)
  .refine(periodInOrder, { message: ReportMessages.periodReversed, path: ['from'] });
export type SiteTrendsQuery = z.infer<typeof SiteTrendsQuery>;

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

/**
 * One period's remote monitoring («Monitorización remota»): the remote findings (origin REMOTO, an electronic
 * device's CAPTURA or ACTIVIDAD event, POST /api/remote-events) of the period, every series together. Apart from
 * the inspections: never counted in a TrendPoint's devices, catches or rates, nor in coverage or compliance.
 */
export const TrendRemotePoint = z.object({
  /** The period's first day in the report's time zone, YYYY-MM-DD. */
  period: z.string(),
  /** Remote findings (capture and activity events) of the period. */
  events: z.number().int(),
  /** Devices that reported at least one. */
  devices: z.number().int(),
  /** Of those, the ones whose remote findings saw activity (any level above NINGUNA). */
  devicesWithActivity: z.number().int(),
  /** Pests caught remotely, by group (the device type's group; see the remote events' README). */
  captures: z.record(z.string(), z.number().int()),
  /** All of `captures` per reporting device and week of the period (its own rate, not the inspections'). */
  capturesPerDeviceWeek: z.number(),
});
export type TrendRemotePoint = z.infer<typeof TrendRemotePoint>;

/**
 * The limits a trend is read against: bait eaten (CONSUMO_CEBO, %, against meanBaitConsumption) and catches per
 * device-week (CAPTURAS_SEMANA, against capturesPerDeviceWeek).
 */
export const TREND_THRESHOLD_METRICS = ['CONSUMO_CEBO', 'CAPTURAS_SEMANA'] as const;
export type TrendThresholdMetric = (typeof TREND_THRESHOLD_METRICS)[number];

/**
 * One limit in force at the report's `to` (the site's own where it has one, which takes the global one's place;
 * without siteId the global ones), drawn as a line over the series `key` it applies to: null, every series.
 */
export const TrendThreshold = z.object({
  metric: z.enum(TREND_THRESHOLD_METRICS),
  level: z.enum(THRESHOLD_LEVELS),
  value: z.number(),
  /** Catches of this pest group only; null: all. */
  pestGroup: z.enum(PEST_GROUPS).nullable(),
  /** The series it is drawn over (a type, a zone — '' too for devices without one, judged as inside — or a pest group). */
  key: z.string().nullable(),
  /** The devices it is set for: their type, and zone and risk level (null: any). */
  trapType: z.enum(TRAP_TYPES),
  zone: z.enum(ZONES).nullable(),
  riskLevel: z.enum(RISK_LEVELS).nullable(),
});
export type TrendThreshold = z.infer<typeof TrendThreshold>;

export const TrendsReport = z.object({
  from: Timestamp,
  to: Timestamp,
  interval: z.enum(TREND_INTERVALS),
  by: z.enum(TREND_DIMENSIONS).nullable(),
  timeZone: z.string(),
  points: z.array(TrendPoint),
  /** With compare=prevYear: the same periods a year before, their `period` also a year before. */
  previousYear: z.array(TrendPoint).nullable(),
  /**
   * Remote monitoring per period of [from, to), apart from `points` (this year only; compare=prevYear does not
   * repeat it). Absent in quarterly reviews' figures kept before it was counted.
   */
  remote: z.array(TrendRemotePoint).optional(),
  /** The limits in force at `to` that the chart's figures are read against. */
  thresholds: z.array(TrendThreshold),
});
export type TrendsReport = z.infer<typeof TrendsReport>;

export const COVERAGE_INTERVALS = ['month', 'week'] as const;
export type CoverageInterval = (typeof COVERAGE_INTERVALS)[number];

/**
 * GET /reports/coverage: device by device, per month or week of [from, to) in the site's time zone, whether it
 * was due and whether it was inspected. Without from/to: the twelve calendar months up to this one.
 */
export const CoverageQuery = z
  .strictObject({
    ...period,
    interval: z.enum(COVERAGE_INTERVALS, { error: ReportMessages.coverageInterval }).default('month'),
  })
  .refine(({ siteId }) => siteId !== undefined, { message: ReportMessages.coverageSite, path: ['siteId'] })
  .refine(periodInOrder, { message: ReportMessages.periodReversed, path: ['from'] });
export type CoverageQuery = z.infer<typeof CoverageQuery>;

/**
 * A device's state in one period. INSPECTED: scanned (or its printed code typed, MANUAL: inspected, no proof of
 * presence) in at least one of the period's due orders. EXCEPTION:
 * due, never scanned, and recorded as not found or inaccessible at least once. MISSED: due and nothing recorded
 * (still pending, or left pending by a forced close). NOT_DUE: no due order of the period held it (a period
 * without a visit). EXCEPTION and MISSED are the gaps.
 */
export const COVERAGE_STATES = ['INSPECTED', 'EXCEPTION', 'MISSED', 'NOT_DUE'] as const;
export type CoverageState = (typeof COVERAGE_STATES)[number];

/** One device in one period: its state and the visits behind it (one per due order holding the device). */
export const CoverageCell = z.object({
  state: z.enum(COVERAGE_STATES),
  /** Due orders of the period that held the device. */
  due: z.number().int(),
  /** Of those, the ones where it was scanned. */
  inspected: z.number().int(),
  /** Of those, the ones where it was recorded as an exception. */
  exception: z.number().int(),
});
export type CoverageCell = z.infer<typeof CoverageCell>;

/** Counts of periods (per device) or of devices (per period) in each state. */
export const CoverageTally = z.object({
  due: z.number().int(),
  inspected: z.number().int(),
  exception: z.number().int(),
  missed: z.number().int(),
  /** EXCEPTION + MISSED: due and not inspected. */
  gaps: z.number().int(),
  notDue: z.number().int(),
});
export type CoverageTally = z.infer<typeof CoverageTally>;

export const CoverageDevice = z.object({
  trapId: z.number().int(),
  code: z.string(),
  area: z.string().nullable(),
  zone: z.enum(ZONES).nullable(),
  type: z.enum(TRAP_TYPES),
  /** False for a device deactivated since: listed only when it was due in the period. */
  isActive: z.boolean(),
  /** One per period, in the order of `periods`. */
  cells: z.array(CoverageCell),
  /** Its periods by state. */
  totals: CoverageTally,
});
export type CoverageDevice = z.infer<typeof CoverageDevice>;

/** A device due in a period and not inspected in it, with the orders that held it. */
export const CoverageGap = z.object({
  trapId: z.number().int(),
  code: z.string(),
  period: z.string(),
  state: z.enum(['EXCEPTION', 'MISSED']),
  /** The due orders of the period that held it, oldest first. */
  sessionIds: z.array(z.number().int()),
  /** Exception reasons recorded for it in the period. */
  exceptionReasons: z.array(z.enum(EXCEPTION_REASONS)),
  /** Whether one of those orders was closed with it still pending (a forced close). */
  forced: z.boolean(),
});
export type CoverageGap = z.infer<typeof CoverageGap>;

export const CoverageReport = z.object({
  siteId: z.number().int(),
  site: z.string(),
  from: Timestamp,
  to: Timestamp,
  asOf: Timestamp,
  interval: z.enum(COVERAGE_INTERVALS),
  timeZone: z.string(),
  /** Each period's first day in the site's zone (YYYY-MM-DD; a week starts on Monday) and its devices by state. */
  periods: z.array(z.object({ period: z.string(), devices: CoverageTally })),
  /** The site's devices in service in the period (by their history), and any other a due order held, in code order. */
  devices: z.array(CoverageDevice),
  /** Device-periods by state over the whole report. */
  totals: CoverageTally,
  /** Every device-period due and not inspected, by device code then period. */
  gaps: z.array(CoverageGap),
});
export type CoverageReport = z.infer<typeof CoverageReport>;
