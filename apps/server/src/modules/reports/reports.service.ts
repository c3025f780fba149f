import type { ComplianceReport } from '@rondin/contracts';
import type { Readable } from 'node:stream';
import { writeExcelExport } from './export-excel.js';
import { writePdfExport } from './export-pdf.js';
import type { ReportsRepository } from './reports.repository.js';

export class ReportsService {
  constructor(
    private readonly repository: ReportsRepository,
    private readonly timeZone: string,
  ) {}

  async compliance(): Promise<ComplianceReport> {
    const counts = await this.repository.compliance();
    const rate = counts.totalSessions ? (counts.completedSessions / counts.totalSessions) * 100 : 0;
    return { ...counts, completionRate: Math.round(rate * 10) / 10 };
  }

  /** The figures, then one row per order, streamed as they are read. */
  async export(format: 'pdf' | 'excel'): Promise<Readable> {
    const figures = await this.compliance();
    const rows = this.repository.ordersInBatches();
    const options = { figures, timeZone: this.timeZone, generatedAt: new Date() };
    return format === 'pdf' ? writePdfExport(rows, options) : writeExcelExport(rows, options);
  }
}
