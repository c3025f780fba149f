import type { Session, SessionItem } from '@rondin/contracts';
import {
  captureTotals,
  exceptionText,
  findingText,
  MANUAL_OUTCOME_NAME,
  NOT_PROOF_OF_PRESENCE,
  OUTCOME_NOTE,
  outcomeName,
  totalText,
} from '@rondin/contracts/finding-text';
import type { Readable } from 'node:stream';
import { pacedOutput } from '../../lib/paced-stream.js';
import { createDocument, drawFacts, drawPageHeader, numberPages } from '../../lib/pdf-document.js';
import { applyLetterhead, type Letterhead } from '../../lib/pdf-letterhead.js';
import { FONT, type FontName, useFont } from '../../lib/pdf-fonts.js';
import type { CertificateContent } from '../certificates/certificate-content.js';
import {
  DEVICE_PHOTOS_HEIGHT,
  drawCertificateEnd,
  drawCertificateHead,
  drawDevicePhotos,
} from '../certificates/certificate-sections.js';
import { PdfTable } from '../../lib/pdf-table.js';
import { drawFitted, fitText } from '../../lib/pdf-text.js';
import { formatDateTime } from '../../lib/time-zone.js';

export interface ReportOptions {
  timeZone: string;
  /** The company the order's site belongs to, when known. */
  client?: string | null;
  /** The company heading the report; without one it is headed by the product's name. */
  letterhead?: Letterhead | undefined;
  /** What makes the report the order's service certificate: absent for orders closed before certificates. */
  certificate?: CertificateContent | undefined;
}

const STATUS_TEXT = { PENDING: 'Pendiente', IN_PROGRESS: 'En progreso', COMPLETED: 'Completada' } as const;

/** Rows drawn between turns of the event loop: about 15 ms of drawing. */
const ROWS_PER_TURN = 100;

/** What the report says was found at a device: its finding, why it could not be scanned, or nothing. */
function foundText(item: SessionItem): string {
  if (item.exception) return exceptionText(item.exception);
  if (item.finding) return findingText(item.finding);
  return item.status === 'COMPLETED' ? 'Sin hallazgo registrado' : '—';
}

/**
 * The service report of a closed order: how each device's visit ended (scanned, or not found or not reachable,
 * or still pending), when and by whom, what was found there, and the totals.
 * Drawn a hundred rows at a time: an order may hold 5,000 traps, a second of drawing that would otherwise
 * stop every other request (scans included) until it is done.
 */
export function renderOrderReport(session: Session, options: ReportOptions): Readable {
  const doc = createDocument(
    options.certificate
      ? `Certificado de servicio ${options.certificate.folio} · Orden #${session.id}`
      : `Reporte de servicio · Orden #${session.id}`,
    'portrait',
    'A4',
    { bufferPages: true },
  );
  applyLetterhead(doc, options.letterhead);
  const { output, caughtUp } = pacedOutput(doc);
  drawSessionReport(doc, session, options, caughtUp).catch((error: unknown) => output.destroy(error as Error));
  return output;
}

async function drawSessionReport(
  doc: PDFKit.PDFDocument,
  session: Session,
  { timeZone, client, certificate, letterhead }: ReportOptions,
  caughtUp: () => Promise<void>,
): Promise<void> {
  const title = certificate ? 'Certificado de servicio' : 'Reporte de servicio';
  const reference = certificate ? `Folio ${certificate.folio} · Orden #${session.id}` : `Orden #${session.id}`;
  const at = (value: string | null) => formatDateTime(value, timeZone);
  const header = () => drawPageHeader(doc, title, reference);
  header();

  if (certificate) drawCertificateHead(doc, session, certificate, { timeZone, client: client ?? null, letterhead });
  else
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

  const codeWidth = 56;
  const table = new PdfTable(
    doc,
    [
      { header: 'Código', width: codeWidth },
      { header: 'Área', width: 72 },
      // Wide enough for «No encontrada» on one line and «Código escrito (etiqueta dañada)» on two (issue 26,
      // defect 9: «No…»); it wraps rather than cut whatever a name becomes. The time needs no more than this.
      { header: 'Resultado', width: 80 },
      { header: 'Hora', width: 78, singleLine: true },
      { header: 'Hallazgo', width: 163 },
      { header: 'Técnico', width: 66 },
    ],
    header,
  );
  for (const [index, item] of session.items.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await caughtUp();
    const done = item.status === 'COMPLETED';
    // The certificate shows a device's photos under its row, from the second column on.
    const photos = certificate?.photos.get(item.id);
    // Pending in red; not scanned in amber (an exception, or a printed code typed): neither proves a visit.
    const style = done ? (item.outcome === 'SCANNED' ? {} : { color: '#8a4b00' }) : { color: '#b3261e', bold: true };
    const placed = table.row(
      [
        item.trap.code,
        item.trap.area ?? 'Sin área',
        outcomeName(item.outcome, item.exception, item.manual),
        done ? at(item.completedAt) : '—',
        foundText(item),
        item.completedBy?.fullName ?? '—',
      ],
      photos ? { ...style, below: DEVICE_PHOTOS_HEIGHT } : style,
    );
    if (photos) {
      const x = doc.page.margins.left + codeWidth + 4;
      drawDevicePhotos(doc, photos, x, placed.top + placed.height - DEVICE_PHOTOS_HEIGHT);
    }
  }
  let y = table.end();
  const { left, right, bottom } = doc.page.margins;
  const width = doc.page.width - left - right;
  const scanned = session.items.filter((item) => item.outcome === 'SCANNED').length;
  const typed = session.items.filter((item) => item.outcome === 'MANUAL').length;
  const exceptions = session.items.filter((item) => item.outcome === 'EXCEPTION').length;
  const withActivity = session.items.filter((item) => item.finding && item.finding.activity !== 'NINGUNA').length;
  const totals = captureTotals(session.items.flatMap((item) => (item.finding ? [item.finding] : [])));
  const rate = session.itemCount ? Math.round((session.completedCount / session.itemCount) * 100) : 0;
  const devices = (count: number) => `${count} ${count === 1 ? 'dispositivo' : 'dispositivos'}`;
  const lines: { text: string; font: FontName; size: number; color: string }[] = [
    {
      text: `Trampas inspeccionadas: ${session.completedCount} de ${session.itemCount} (${rate} %)`,
      font: FONT.bold,
      size: 10,
      color: '#1a1a1a',
    },
    {
      text: [
        `Escaneadas: ${scanned}`,
        // Only where there are some: a report without them reads as it always did.
        typed ? `${MANUAL_OUTCOME_NAME} (${NOT_PROOF_OF_PRESENCE}): ${typed}` : null,
        `No encontradas o inaccesibles: ${exceptions}`,
        `Trampas pendientes: ${pending}`,
      ]
        .filter(Boolean)
        .join(' · '),
      font: FONT.regular,
      size: 10,
      color: '#1a1a1a',
    },
    { text: `Con actividad: ${devices(withActivity)}`, font: FONT.regular, size: 10, color: '#1a1a1a' },
    {
      text: `Capturas por especie: ${
        totals.length
          ? totals.map((total) => `${total.name} ${totalText(total)} (${devices(total.devices)})`).join(', ')
          : 'ninguna'
      }`,
      font: FONT.regular,
      size: 10,
      color: '#1a1a1a',
    },
    { text: OUTCOME_NOTE, font: FONT.regular, size: 8, color: '#555555' },
    {
      text: `Horas en zona horaria ${timeZone}. Generado el ${formatDateTime(new Date(), timeZone)}.`,
      font: FONT.regular,
      size: 8,
      color: '#555555',
    },
  ];
  const box = { width, maxLines: 6 };
  const fitted = lines.map((line) => {
    useFont(doc, line.font, line.size);
    return fitText(doc, line.text, box);
  });
  // The totals stay together, under the page header, when the table ends at the foot of a page.
  const height = fitted.reduce((sum, line) => sum + line.height, 0) + 12;
  if (y + height > doc.page.height - bottom) {
    doc.addPage();
    y = drawPageHeader(doc, title, reference);
  }
  for (const [index, line] of lines.entries()) {
    // A small gap before the notes.
    if (index === 4) y += 6;
    useFont(doc, line.font, line.size).fillColor(line.color);
    drawFitted(doc, fitted[index]!, left, y, box);
    y += fitted[index]!.height;
  }
  if (certificate) {
    doc.x = left;
    doc.y = y;
    drawCertificateEnd(doc, certificate, header, timeZone);
  }
  numberPages(doc, `${title} · ${reference}`);
  doc.end();
}
