import {
  ReportMessages,
  SiteMessages,
  type CoverageCell,
  type CoverageDevice,
  type CoverageGap,
  type CoverageInterval,
  type CoverageQuery,
  type CoverageReport,
  type CoverageState,
  type CoverageTally,
} from '@rondin/contracts';
import { AppError } from '../../lib/app-error.js';
import { localDate, zonedInstant } from '../../lib/time-zone.js';
import type { CoverageCellRow, CoverageRange, CoverageRepository } from './coverage.repository.js';
import type { ReportsRepository } from './reports.repository.js';

/**
 * Most periods one report covers: five years of months, two of weeks. A grid wider than that is not read by
 * anyone, and a 2,000-device site's two years of weeks is already 208,000 cells.
 */
const MAX_PERIODS: Record<CoverageInterval, { count: number; unit: string }> = {
  month: { count: 60, unit: 'meses' },
  week: { count: 104, unit: 'semanas' },
};

const NOT_DUE: CoverageCell = { state: 'NOT_DUE', due: 0, inspected: 0, exception: 0 };

/**
 * Compliance device by device (DESIGN-audit.md, "Compliance is honest"): for each device of a site and each
 * month or week, whether a due order held it and whether it was inspected. The audit pack's "cumplimiento de
 * visitas y cobertura por dispositivo" is this report.
 */
export class CoverageService {
  constructor(
    private readonly repository: CoverageRepository,
    private readonly reports: ReportsRepository,
    private readonly timeZone: string,
  ) {}

  async coverage(query: CoverageQuery, now = new Date()): Promise<CoverageReport> {
    // The contract refuses a query without a site; a direct call gets the same answer.
    if (query.siteId === undefined) throw AppError.badRequest(ReportMessages.coverageSite);
    const site = await this.reports.site(query.siteId);
    if (!site) throw AppError.notFound(SiteMessages.notFound);
    const timeZone = site.timeZone ?? this.timeZone;
    const range: CoverageRange = {
      siteId: query.siteId,
      ...defaultPeriod(query, now, timeZone),
      now,
      interval: query.interval,
      timeZone,
    };
    const periods = await this.repository.periods(range);
    const max = MAX_PERIODS[query.interval];
    if (periods.length > max.count) throw AppError.badRequest(ReportMessages.coverageTooLong(max.count, max.unit));

    const [devices, cells] = [await this.repository.devices(range), await this.repository.cells(range)];
    const byDevice = new Map<number, Map<string, CoverageCellRow>>();
    for (const cell of cells) {
      const periodsOf = byDevice.get(cell.trapId) ?? new Map<string, CoverageCellRow>();
      periodsOf.set(cell.period, cell);
      byDevice.set(cell.trapId, periodsOf);
    }
    const perPeriod = periods.map(() => emptyTally());
    const totals = emptyTally();
    const gaps: CoverageGap[] = [];
    const rows: CoverageDevice[] = devices.map((device) => {
      const found = byDevice.get(device.trapId);
      const deviceTotals = emptyTally();
      const deviceCells = periods.map((period, index): CoverageCell => {
        const row = found?.get(period);
        const cell = row
          ? { state: row.state, due: row.due, inspected: row.inspected, exception: row.exception }
          : NOT_DUE;
        for (const tally of [deviceTotals, perPeriod[index]!, totals]) count(tally, cell.state);
        if (row && row.state !== 'INSPECTED') {
          gaps.push({
            trapId: device.trapId,
            code: device.code,
            period,
            state: row.state,
            sessionIds: row.unscannedSessionIds.map(Number),
            exceptionReasons: row.exceptionReasons,
            forced: row.forced,
          });
        }
        return cell;
      });
      return { ...device, cells: deviceCells, totals: deviceTotals };
    });
    return {
      siteId: query.siteId,
      site: site.name,
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      asOf: now.toISOString(),
      interval: query.interval,
      timeZone,
      periods: periods.map((period, index) => ({ period, devices: perPeriod[index]! })),
      devices: rows,
      totals,
      gaps,
    };
  }
}

const emptyTally = (): CoverageTally => ({ due: 0, inspected: 0, exception: 0, missed: 0, gaps: 0, notDue: 0 });

function count(tally: CoverageTally, state: CoverageState): void {
  if (state === 'NOT_DUE') {
    tally.notDue++;
    return;
  }
  tally.due++;
  if (state === 'INSPECTED') tally.inspected++;
  else {
    tally.gaps++;
    if (state === 'EXCEPTION') tally.exception++;
    else tally.missed++;
  }
}

/**
 * The period asked for, or by default the twelve calendar months of the site's zone up to and including the
 * current one: [first day of the month eleven months ago, first day of next month). With one end given, the
 * other is twelve months from it.
 */
function defaultPeriod(query: CoverageQuery, now: Date, timeZone: string): { from: Date; to: Date } {
  const monthStart = (instant: Date, shift: number) => {
    const [year, month] = localDate(instant, timeZone).split('-').map(Number) as [number, number];
    const first = new Date(Date.UTC(year, month - 1 + shift, 1));
    return zonedInstant(first.toISOString().slice(0, 10), '00:00', timeZone);
  };
  if (query.from && query.to) return { from: new Date(query.from), to: new Date(query.to) };
  if (query.from) {
    const from = new Date(query.from);
    return { from, to: shiftMonths(from, 12) };
  }
  if (query.to) {
    const to = new Date(query.to);
    return { from: shiftMonths(to, -12), to };
  }
  return { from: monthStart(now, -11), to: monthStart(now, 1) };
}

function shiftMonths(instant: Date, months: number): Date {
  const shifted = new Date(instant);
  shifted.setUTCMonth(shifted.getUTCMonth() + months);
  return shifted;
}
