import {
  PEST_GROUPS,
  ReportMessages,
  SiteMessages,
  type ComplianceQuery,
  type ComplianceReport,
  type TrendInterval,
  type TrendPoint,
  type TrendRemotePoint,
  type TrendsQuery,
  type TrendsReport,
} from '@rondin/contracts';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import { writeExcelExport } from './export-excel.js';
import { writePdfExport } from './export-pdf.js';
import type { LetterheadSource } from '../../lib/pdf-letterhead.js';
import { localDate } from '../../lib/time-zone.js';
import { completionRate, type ReportPeriod, type ReportSite, type ReportsRepository } from './reports.repository.js';
import type { RemoteTrendRow, TrendRow } from './trends.repository.js';

/**
 * The most devices the Excel export lists one by one (its sheet 'Dispositivos'): a year of weekly visits to a
 * 2,000-device site fits. Beyond it the sheet says so and how to narrow the export: a spreadsheet of every
 * device of a national year (500,000 rows) takes exceljs about ten times the export's 5-second budget, and
 * nobody reads it; per site or period it is complete (BENCHMARKS.md, "Lists and exports at national scale").
 */
export const DEVICE_SHEET_MAX = 150_000;

export class ReportsService {
  constructor(
    private readonly repository: ReportsRepository,
    private readonly timeZone: string,
    private readonly deviceSheetMax = DEVICE_SHEET_MAX,
    /** The company heading the PDF export. */
    private readonly company?: LetterheadSource,
  ) {}

  /**
   * The figures of [from, to), judged at one instant. Without a period: every order due up to now, the spec's
   * figures. A forced close is never completed, and an order scheduled later counts once its time comes.
   */
  async compliance(query: ComplianceQuery = {}): Promise<ComplianceReport> {
    if (query.siteId !== undefined) await this.site(query.siteId);
    return this.figures(this.period(query));
  }

  /**
   * The period's figures, then one row per order they count, streamed as they are read. The documents name the
   * site they cover ("Todos los sitios" when several are summed, each order's site on its row) and are dated in
   * that site's time zone when it has one.
   */
  async export(format: 'pdf' | 'excel', query: ComplianceQuery = {}): Promise<Readable> {
    const site = query.siteId !== undefined ? await this.site(query.siteId) : await this.repository.onlySite();
    const period = this.period(query);
    const figures = await this.figures(period);
    const rows = this.repository.ordersInBatches(period);
    const options = {
      figures,
      site: site ? { name: site.name, client: site.client } : null,
      timeZone: site?.timeZone ?? this.timeZone,
      generatedAt: period.now,
    };
    if (format === 'pdf') return writePdfExport(rows, { ...options, letterhead: await this.company?.() });
    const devices =
      figures.dueTraps <= this.deviceSheetMax
        ? { items: this.repository.itemsInBatches(period) }
        : { tooMany: figures.dueTraps, max: this.deviceSheetMax };
    return writeExcelExport(rows, options, devices);
  }

  /**
   * What was found, per period of the interval in the site's time zone (the server's without a site), split by
   * area, zone, type or pest group, with the limits in force at `to` it is read against (the site's own where it
   * has them). Without a start: from the first day of the period (week, month…) a year before `to`.
   */
  async trends(query: TrendsQuery): Promise<TrendsReport> {
    const site = query.siteId !== undefined ? await this.site(query.siteId) : undefined;
    const timeZone = site?.timeZone ?? this.timeZone;
    const to = query.to ? new Date(query.to) : new Date();
    // Without a start, from the first day of the period a year before: whole periods, which trend_periods holds.
    const from = query.from
      ? new Date(query.from)
      : await this.repository.periodStart(shiftYears(to, -1), query.interval, timeZone);
    if (to.getTime() - from.getTime() > MAX_TREND_YEARS * YEAR_MS) {
      throw AppError.badRequest(ReportMessages.trendTooLong(MAX_TREND_YEARS));
    }
    const points = async (range: { from: Date; to: Date }) => {
      const counted = await this.repository.trends(
        { ...range, siteId: query.siteId },
        query.interval,
        query.by,
        timeZone,
      );
      const days = { from: localDate(range.from, timeZone), to: localDate(range.to, timeZone) };
      return trendPoints(counted, query.by === 'pestGroup', (period) => periodWeeks(period, query.interval, days));
    };
    const days = { from: localDate(from, timeZone), to: localDate(to, timeZone) };
    const [thisYear, previousYear, thresholds, remote] = await Promise.all([
      points({ from, to }),
      query.compare ? points({ from: shiftYears(from, -1), to: shiftYears(to, -1) }) : null,
      this.repository.trendThresholds(query.siteId, to, query.by),
      this.repository.remoteTrends({ from, to, siteId: query.siteId }, query.interval, timeZone),
    ]);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      interval: query.interval,
      by: query.by ?? null,
      timeZone,
      points: thisYear,
      previousYear,
      remote: remote.map((row) => remotePoint(row, periodWeeks(row.period, query.interval, days))),
      thresholds,
    };
  }

  private async site(id: number): Promise<ReportSite> {
    const site = await this.repository.site(id);
    if (!site) throw AppError.notFound(SiteMessages.notFound);
    return site;
  }

  private period({ from, to, siteId }: ComplianceQuery): ReportPeriod {
    return { from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined, now: new Date(), siteId };
  }

  private async figures(period: ReportPeriod): Promise<ComplianceReport> {
    const counts = await this.repository.compliance(period);
    return {
      ...counts,
      completionRate: completionRate(counts.completedSessions, counts.totalSessions),
      from: period.from?.toISOString() ?? null,
      to: period.to?.toISOString() ?? null,
      asOf: period.now.toISOString(),
    };
  }
}

/** Longest period a trend covers: a national operator's comparison of several years, not its whole history. */
const MAX_TREND_YEARS = 5;
const DAY_MS = 86_400_000;
const YEAR_MS = 366 * DAY_MS;

function shiftYears(instant: Date, years: number): Date {
  const shifted = new Date(instant);
  shifted.setUTCFullYear(shifted.getUTCFullYear() + years);
  return shifted;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The day after a period that starts on `period` (YYYY-MM-DD), as a day number. */
function periodEnd(period: string, interval: TrendInterval): number {
  const start = new Date(`${period}T00:00:00Z`);
  if (interval === 'week') return dayNumber(period) + 7;
  const months = { month: 1, quarter: 3, year: 12 }[interval];
  start.setUTCMonth(start.getUTCMonth() + months);
  return start.getTime() / DAY_MS;
}

/** The weeks of a period that fall in the report's days [from, to] (a first or last period may be partial). */
function periodWeeks(period: string, interval: TrendInterval, days: { from: string; to: string }): number {
  const start = Math.max(dayNumber(period), dayNumber(days.from));
  const end = Math.min(periodEnd(period, interval), dayNumber(days.to) + 1);
  return Math.max(1, end - start) / 7;
}

/** The points of a trend from what the database counted; split by pest group, one series per group. */
function trendPoints(rows: TrendRow[], byPestGroup: boolean, weeksOf: (period: string) => number): TrendPoint[] {
  const point = (row: TrendRow, key: string | null, found: Record<string, number>): TrendPoint => {
    const total = Object.values(found).reduce((sum, count) => sum + count, 0);
    return {
      period: row.period,
      key,
      inspectedDevices: row.inspected,
      devicesWithActivity: row.withActivity,
      captures: found,
      capturesPerDeviceWeek: row.inspected ? round2(total / (row.inspected * weeksOf(row.period))) : 0,
      meanBaitConsumption: row.meanBait === null ? null : round2(row.meanBait),
    };
  };
  return rows.flatMap((row) => {
    if (!byPestGroup) return [point(row, row.key, row.captures)];
    return PEST_GROUPS.map((group) => point(row, group, { [group]: row.captures[group] ?? 0 }));
  });
}

/** A period's remote monitoring: its own devices and rate, never the inspections'. */
function remotePoint(row: RemoteTrendRow, weeks: number): TrendRemotePoint {
  const total = Object.values(row.captures).reduce((sum, count) => sum + count, 0);
  return {
    period: row.period,
    events: row.events,
    devices: row.devices,
    devicesWithActivity: row.withActivity,
    captures: row.captures,
    capturesPerDeviceWeek: row.devices ? round2(total / (row.devices * weeks)) : 0,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
