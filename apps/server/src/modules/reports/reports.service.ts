import { SiteMessages, type ComplianceQuery, type ComplianceReport } from '@rondin/contracts';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import { writeExcelExport } from './export-excel.js';
import { writePdfExport } from './export-pdf.js';
import type { ReportPeriod, ReportSite, ReportsRepository } from './reports.repository.js';

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
    if (format === 'pdf') return writePdfExport(rows, options);
    const devices =
      figures.dueTraps <= this.deviceSheetMax
        ? { items: this.repository.itemsInBatches(period) }
        : { tooMany: figures.dueTraps, max: this.deviceSheetMax };
    return writeExcelExport(rows, options, devices);
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

/** completed / due × 100 with one decimal; 0 when nothing is due (not NaN, not 100). */
export function completionRate(completed: number, due: number): number {
  return due ? Math.round((completed / due) * 1000) / 10 : 0;
}
