import type { Session } from '@rondin/contracts';
import { createDocument, drawFacts, drawPageHeader } from '../../lib/pdf-document.js';
import { PdfTable } from '../../lib/pdf-table.js';
import { formatDateTime } from '../../lib/time-zone.js';

export interface ReportOptions {
  timeZone: string;
}

const STATUS_TEXT = { PENDING: 'Pendiente', IN_PROGRESS: 'En progreso', COMPLETED: 'Completada' } as const;

/** The service report of a closed order: who inspected which trap when, and whether anything was left. */
export function renderSessionReport(session: Session, { timeZone }: ReportOptions): PDFKit.PDFDocument {
  const doc = createDocument(`Reporte de servicio · Orden #${session.id}`);
  const title = 'Reporte de servicio';
  const reference = `Orden #${session.id}`;
  const at = (value: string | null) => formatDateTime(value, timeZone);
  drawPageHeader(doc, title, reference);

  drawFacts(doc, [
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
    doc.rect(left, y, width, 30).fillAndStroke('#fdecea', '#b3261e');
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#b3261e')
      .text(
        `CIERRE FORZADO: la orden se cerró con ${pending} trampa(s) sin inspeccionar.`,
        left + 10,
        y + 10,
        { width: width - 20, lineBreak: false },
      );
    doc.x = left;
    doc.y = y + 40;
  }

  const table = new PdfTable(
    doc,
    [
      { header: 'Código', width: 80 },
      { header: 'Área', width: 130 },
      { header: 'Estado', width: 75 },
      { header: 'Inspección', width: 95 },
      { header: 'Técnico', width: 135 },
    ],
    () => drawPageHeader(doc, title, reference),
  );
  for (const item of session.items) {
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
  const y = table.end();
  const rate = session.itemCount ? Math.round((session.completedCount / session.itemCount) * 100) : 0;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#1a1a1a')
    .text(`Trampas inspeccionadas: ${session.completedCount} de ${session.itemCount} (${rate} %)`, doc.page.margins.left, y);
  doc.font('Helvetica').fontSize(10).text(`Trampas pendientes: ${pending}`);
  doc
    .moveDown(0.5)
    .fontSize(8)
    .fillColor('#555555')
    .text(`Horas en zona horaria ${timeZone}. Generado el ${formatDateTime(new Date(), timeZone)}.`);
  doc.end();
  return doc;
}
