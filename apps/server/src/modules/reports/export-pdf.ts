import type { Readable } from 'node:stream';
import { pacedOutput } from '../../lib/paced-stream.js';
import { createDocument, drawFacts, drawPageHeader } from '../../lib/pdf-document.js';
import { applyLetterhead } from '../../lib/pdf-letterhead.js';
import { PdfTable } from '../../lib/pdf-table.js';
import { formatDateTime } from '../../lib/time-zone.js';
import {
  figureRows,
  figureText,
  isForced,
  ORDER_HEADERS,
  scheduledText,
  siteFacts,
  statusText,
  type ExportOptions,
} from './export-labels.js';
import type { ExportRow } from './reports.repository.js';

const count = new Intl.NumberFormat('es-ES');

/** The operational report as a paginated PDF: the period's figures first, then each of its orders. */
export function writePdfExport(batches: AsyncIterable<ExportRow[]>, options: ExportOptions): Readable {
  const doc = createDocument('Reporte operativo', 'landscape');
  applyLetterhead(doc, options.letterhead);
  const title = 'Reporte operativo';
  const reference = `Generado el ${formatDateTime(options.generatedAt, options.timeZone)} (${options.timeZone})`;
  const at = (value: Date | null) => (value ? formatDateTime(value, options.timeZone) : '—');

  const { output, caughtUp } = pacedOutput(doc);
  void (async () => {
    drawPageHeader(doc, title, reference);
    drawFacts(doc, [
      ...siteFacts(options),
      ...figureRows(options).map((figure): [string, string] => [figure.label, figureText(figure, options.timeZone)]),
    ]);
    // Summing several sites, each order says whose it is, in a column taken from the technician's.
    const perSite = options.site === null;
    const widths = [60, 190, 110, 110, 105, 95, 90];
    const columns = ORDER_HEADERS.map((header, index) => ({
      header,
      width: perSite && index === 1 ? 100 : widths[index]!,
      align: index >= 4 && index <= 5 ? ('right' as const) : ('left' as const),
      // The technician's name (column 1) and an undated order's creation note (column 2) may wrap.
      singleLine: index !== 1 && index !== 2,
    }));
    if (perSite) columns.splice(1, 0, { header: 'Sitio', width: 90, align: 'left', singleLine: false });
    const table = new PdfTable(doc, columns, () => drawPageHeader(doc, title, reference));
    let rows = 0;
    for await (const batch of batches) {
      for (const row of batch) {
        table.row(
          [
            `#${row.id}`,
            ...(perSite ? [row.site] : []),
            row.technician,
            scheduledText(row, options.timeZone),
            statusText(row),
            count.format(row.completedCount),
            count.format(row.itemCount),
            at(row.closedAt),
          ],
          isForced(row) ? { color: '#b3261e' } : {},
        );
        // Thousands of pages take seconds to draw: keep the server answering meanwhile.
        if (++rows % 250 === 0) await caughtUp();
      }
    }
    if (rows === 0) table.row(columns.map((_, index) => (index === 1 ? 'No hay órdenes en el período.' : '')));
    doc.end();
  })().catch((error: unknown) => output.destroy(error as Error));

  return output;
}
