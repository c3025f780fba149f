import ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import { pacedOutput } from '../../lib/paced-stream.js';
import { wallClock } from '../../lib/time-zone.js';
import { figureRows, ORDER_HEADERS, STATUS_TEXT, type ExportOptions } from './export-labels.js';
import type { ExportRow } from './reports.repository.js';

const DATE_FORMAT = 'dd-mm-yyyy hh:mm';

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
      { header: 'Indicador', key: 'label', width: 34 },
      { header: 'Valor', key: 'value', width: 16 },
    ];
    summary.getRow(1).font = { bold: true };
    for (const [label, value] of figureRows(options)) summary.addRow({ label, value }).commit();
    const generated = summary.addRow({ label: 'Generado', value: wallClock(options.generatedAt, options.timeZone) });
    generated.getCell(2).numFmt = DATE_FORMAT;
    generated.commit();
    summary.addRow({ label: 'Zona horaria', value: options.timeZone }).commit();
    summary.commit();

    const orders = workbook.addWorksheet('Órdenes', { views: [{ state: 'frozen', ySplit: 1 }] });
    orders.columns = [
      { key: 'id', width: 10 },
      { key: 'technician', width: 28 },
      { key: 'scheduledAt', width: 18, style: { numFmt: DATE_FORMAT } },
      { key: 'status', width: 14 },
      { key: 'completed', width: 20 },
      { key: 'total', width: 16 },
      { key: 'closedAt', width: 18, style: { numFmt: DATE_FORMAT } },
    ];
    orders.autoFilter = { from: 'A1', to: 'G1' };
    const header = orders.addRow(ORDER_HEADERS);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3B57' } };
    header.commit();
    for await (const batch of batches) {
      for (const row of batch) {
        orders
          .addRow({
            id: row.id,
            technician: row.technician,
            scheduledAt: row.scheduledAt && wallClock(row.scheduledAt, options.timeZone),
            status: row.forceClosed ? `${STATUS_TEXT[row.status]} (forzada)` : STATUS_TEXT[row.status],
            completed: row.completedCount,
            total: row.itemCount,
            closedAt: row.closedAt && wallClock(row.closedAt, options.timeZone),
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
