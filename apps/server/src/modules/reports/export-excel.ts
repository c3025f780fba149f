import ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import { pacedOutput } from '../../lib/paced-stream.js';
import { wallClock } from '../../lib/time-zone.js';
import { figureRows, ORDER_HEADERS, siteFacts, statusText, type ExportOptions, type Figure } from './export-labels.js';
import type { ExportRow } from './reports.repository.js';

const DATE_FORMAT = 'dd-mm-yyyy hh:mm';
/**
 * Number formats, not text: a Spanish Excel shows them as 50.000 and 33,3 % (the separators are the reader's
 * locale's), and the cells stay numbers a formula can use. A percent cell holds the fraction (0.333).
 */
const COUNT_FORMAT = '#,##0';
const PERCENT_FORMAT = '0.0 %';

function figureCell(figure: Figure, timeZone: string): { value: number | Date | string; numFmt?: string } {
  switch (figure.kind) {
    case 'count':
      return { value: figure.value, numFmt: COUNT_FORMAT };
    case 'percent':
      // 33.3 / 100 is 0.33299999999999996 in binary: round to the percent's one decimal.
      return { value: Number((figure.value / 100).toFixed(3)), numFmt: PERCENT_FORMAT };
    case 'date':
      return { value: wallClock(figure.value, timeZone), numFmt: DATE_FORMAT };
    case 'text':
      return { value: figure.value };
  }
}

/**
 * Streams the workbook: each row is committed as soon as it is written, so memory stays flat however many
 * orders there are. Dates are real Excel dates in the configured zone's wall-clock time.
 */
export function writeExcelExport(batches: AsyncIterable<ExportRow[]>, options: ExportOptions): Readable {
  const { output, caughtUp } = pacedOutput();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Rondín';
  workbook.created = options.generatedAt;

  void (async () => {
    const summary = workbook.addWorksheet('Resumen');
    summary.columns = [
      { header: 'Indicador', key: 'label', width: 36 },
      { header: 'Valor', key: 'value', width: 16 },
    ];
    summary.getRow(1).font = { bold: true };
    for (const [label, value] of siteFacts(options)) summary.addRow({ label, value }).commit();
    for (const figure of figureRows(options)) {
      const { value, numFmt } = figureCell(figure, options.timeZone);
      const row = summary.addRow({ label: figure.label, value });
      if (numFmt) row.getCell(2).numFmt = numFmt;
      row.commit();
    }
    const generated = summary.addRow({ label: 'Generado', value: wallClock(options.generatedAt, options.timeZone) });
    generated.getCell(2).numFmt = DATE_FORMAT;
    generated.commit();
    summary.addRow({ label: 'Zona horaria', value: options.timeZone }).commit();
    summary.commit();

    const orders = workbook.addWorksheet('Órdenes', { views: [{ state: 'frozen', ySplit: 1 }] });
    // Summing several sites, each order says whose it is.
    const perSite = options.site === null;
    orders.columns = [
      { key: 'id', width: 10 },
      ...(perSite ? [{ key: 'site', width: 24 }] : []),
      { key: 'technician', width: 28 },
      { key: 'scheduledAt', width: 18, style: { numFmt: DATE_FORMAT } },
      { key: 'status', width: 22 },
      { key: 'completed', width: 20 },
      { key: 'total', width: 16 },
      { key: 'closedAt', width: 18, style: { numFmt: DATE_FORMAT } },
      // An undated order belongs to the period it was created in: the sheet shows when that was.
      { key: 'createdAt', width: 18, style: { numFmt: DATE_FORMAT } },
    ];
    orders.autoFilter = { from: 'A1', to: perSite ? 'I1' : 'H1' };
    const headers = [...ORDER_HEADERS, 'Creada'];
    if (perSite) headers.splice(1, 0, 'Sitio');
    const header = orders.addRow(headers);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3B57' } };
    header.commit();
    for await (const batch of batches) {
      for (const row of batch) {
        orders
          .addRow({
            id: row.id,
            site: row.site,
            technician: row.technician,
            scheduledAt: row.scheduledAt && wallClock(row.scheduledAt, options.timeZone),
            status: statusText(row),
            completed: row.completedCount,
            total: row.itemCount,
            closedAt: row.closedAt && wallClock(row.closedAt, options.timeZone),
            createdAt: wallClock(row.createdAt, options.timeZone),
          })
          .commit();
      }
      await caughtUp();
    }
    orders.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));

  return output;
}
