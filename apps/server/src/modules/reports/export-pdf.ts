import type { Readable } from 'node:stream';
import { pacedOutput } from '../../lib/paced-stream.js';
import { createDocument, drawFacts, drawPageHeader } from '../../lib/pdf-document.js';
import { PdfTable } from '../../lib/pdf-table.js';
import { formatDateTime } from '../../lib/time-zone.js';
import { figureRows, ORDER_HEADERS, STATUS_TEXT, type ExportOptions } from './export-labels.js';
import type { ExportRow } from './reports.repository.js';

/** The operational report as a paginated PDF: figures first, then every order with headings on each page. */
export function writePdfExport(batches: AsyncIterable<ExportRow[]>, options: ExportOptions): Readable {
  const doc = createDocument('Reporte operativo', 'landscape');
  const title = 'Reporte operativo';
  const reference = `Generado el ${formatDateTime(options.generatedAt, options.timeZone)} (${options.timeZone})`;
  const at = (value: Date | null) => (value ? formatDateTime(value, options.timeZone) : '—');

  const { output, caughtUp } = pacedOutput(doc);
  void (async () => {
    drawPageHeader(doc, title, reference);
    drawFacts(
      doc,
      figureRows(options).map(([label, value]) => [label, String(value)]),
    );
    const widths = [60, 200, 110, 110, 110, 80, 90];
    const table = new PdfTable(
      doc,
      ORDER_HEADERS.map((header, index) => ({ header, width: widths[index]!, align: index >= 4 && index <= 5 ? 'right' : 'left' })),
      () => drawPageHeader(doc, title, reference),
    );
    let count = 0;
    for await (const batch of batches) {
      for (const row of batch) {
        table.row(
          [
            `#${row.id}`,
            row.technician,
            row.scheduledAt ? at(row.scheduledAt) : 'Sin fecha programada',
            row.forceClosed ? `${STATUS_TEXT[row.status]} (forzada)` : STATUS_TEXT[row.status],
            String(row.completedCount),
            String(row.itemCount),
            at(row.closedAt),
          ],
          row.forceClosed ? { color: '#b3261e' } : {},
        );
        // Thousands of pages take seconds to draw: keep the server answering meanwhile.
        if (++count % 250 === 0) await caughtUp();
      }
    }
    if (count === 0) table.row(['', 'No hay órdenes registradas.', '', '', '', '', '']);
    doc.end();
  })().catch((error: unknown) => output.destroy(error as Error));

  return output;
}
