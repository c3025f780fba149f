import type { Session } from '@rondin/contracts';
import type { Readable } from 'node:stream';
import { pacedOutput } from '../../lib/paced-stream.js';
import { createDocument, drawFacts, drawPageHeader } from '../../lib/pdf-document.js';
import { FONT, useFont } from '../../lib/pdf-fonts.js';
import { PdfTable } from '../../lib/pdf-table.js';
import { drawFitted, drawText, fitText } from '../../lib/pdf-text.js';
import { formatDateTime } from '../../lib/time-zone.js';

export interface ReportOptions {
  timeZone: string;
  /** The company the order's site belongs to, when known. */
  client?: string | null;
}

const STATUS_TEXT = { PENDING: 'Pendiente', IN_PROGRESS: 'En progreso', COMPLETED: 'Completada' } as const;
/** Two lines of totals and the time-zone note below the table. */
const SUMMARY_HEIGHT = 45;

/** Rows drawn between turns of the event loop: about 15 ms of drawing. */
const ROWS_PER_TURN = 100;

/**
 * The service report of a closed order: who inspected which trap when, and whether anything was left.
 * Drawn a hundred rows at a time: an order may hold 5,000 traps, a second of drawing that would otherwise
 * stop every other request (scans included) until it is done.
 */
export function renderSessionReport(session: Session, options: ReportOptions): Readable {
  const doc = createDocument(`Reporte de servicio · Orden #${session.id}`);
  const { output, caughtUp } = pacedOutput(doc);
  drawSessionReport(doc, session, options, caughtUp).catch((error: unknown) => output.destroy(error as Error));
  return output;
}

async function drawSessionReport(
  doc: PDFKit.PDFDocument,
  session: Session,
  { timeZone, client }: ReportOptions,
  caughtUp: () => Promise<void>,
): Promise<void> {
  const title = 'Reporte de servicio';
  const reference = `Orden #${session.id}`;
  const at = (value: string | null) => formatDateTime(value, timeZone);
  drawPageHeader(doc, title, reference);

  drawFacts(doc, [
    ['Sitio', session.site.name],
    ['Cliente', client ?? '—'],
    ['Técnico', `${session.technician.fullName} (${session.technician.email})`],
    ['Estado', STATUS_TEXT[session.status]],
    ['Programada', session.scheduledAt ? at(session.scheduledAt) : 'Sin fecha programada'],
    ['Iniciada', at(session.startedAt)],
    ['Cerrada', at(session.closedAt)],
    ['Cerrada por', session.closedBy?.fullName ?? '—'],
  ]);

  const pending = session.itemCount - session.completedCount;
  if (session.forceClosed) {
    const { left, right } = doc.page.margins;
    const width = doc.page.width - left - right;
    const y = doc.y;
    useFont(doc, FONT.bold, 10);
    const warning = `CIERRE FORZADO: la orden se cerró con ${pending} ${pending === 1 ? 'trampa' : 'trampas'} sin inspeccionar.`;
    const box = { width: width - 20, maxLines: 2 };
    const fitted = fitText(doc, warning, box);
    const height = fitted.height + 20;
    doc.rect(left, y, width, height).fillAndStroke('#fdecea', '#b3261e');
    doc.fillColor('#b3261e');
    drawFitted(doc, fitted, left + 10, y + 10, box);
    doc.x = left;
    doc.y = y + height + 10;
  }

  const table = new PdfTable(
    doc,
    [
      { header: 'Código', width: 80 },
      { header: 'Área', width: 130 },
      { header: 'Estado', width: 75, singleLine: true },
      { header: 'Inspección', width: 95, singleLine: true },
      { header: 'Técnico', width: 135 },
    ],
    () => drawPageHeader(doc, title, reference),
  );
  for (const [index, item] of session.items.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await caughtUp();
    const done = item.status === 'COMPLETED';
    table.row(
      [
        item.trap.code,
        item.trap.area ?? 'Sin área',
        done ? 'Completada' : 'Pendiente',
        done ? at(item.completedAt) : '—',
        item.completedBy?.fullName ?? '—',
      ],
      done ? {} : { color: '#b3261e', bold: true },
    );
  }
  let y = table.end();
  const { left, right, bottom } = doc.page.margins;
  const width = doc.page.width - left - right;
  // The totals stay together, under the page header, when the table ends at the foot of a page.
  if (y + SUMMARY_HEIGHT > doc.page.height - bottom) {
    doc.addPage();
    y = drawPageHeader(doc, title, reference);
  }
  const rate = session.itemCount ? Math.round((session.completedCount / session.itemCount) * 100) : 0;
  const line = (text: string) => {
    y += drawText(doc, text, left, y, { width, maxLines: 1 });
  };
  useFont(doc, FONT.bold, 10).fillColor('#1a1a1a');
  line(`Trampas inspeccionadas: ${session.completedCount} de ${session.itemCount} (${rate} %)`);
  useFont(doc, FONT.regular, 10);
  line(`Trampas pendientes: ${pending}`);
  y += 6;
  useFont(doc, FONT.regular, 8).fillColor('#555555');
  line(`Horas en zona horaria ${timeZone}. Generado el ${formatDateTime(new Date(), timeZone)}.`);
  doc.end();
}
