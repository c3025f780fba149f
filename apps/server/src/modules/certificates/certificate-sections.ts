import { ACTION_STATUS_NAMES, type Session, type TrapType } from '@rondin/contracts';
import { drawFacts } from '../../lib/pdf-document.js';
import { FONT, useFont } from '../../lib/pdf-fonts.js';
import { type Letterhead, letterheadDetails } from '../../lib/pdf-letterhead.js';
import { drawQr } from '../../lib/pdf-qr.js';
import { PdfTable } from '../../lib/pdf-table.js';
import { drawText } from '../../lib/pdf-text.js';
import { formatDateTime } from '../../lib/time-zone.js';
import type { CertificateContent, PrintedSignature } from './certificate-content.js';
import { deviceCounts, deviceCountsText, formatDay, qualificationName, serviceDateText } from './certificate-facts.js';
import type { DevicePhotos } from './certificate-photos.js';
import type { CertificateAction } from './certificates.repository.js';

/** Spain's poison information service (Instituto Nacional de Toxicología), which every certificate names. */
export const TOXICOLOGY_PHONE = 'Servicio de Información Toxicológica: 91 562 04 20 (24 horas)';

/** What each kind of device is there to watch for: the order's target pests follow from its devices. */
const TARGETS: Record<TrapType, string> = {
  CEBADERO: 'roedores',
  CAPTURA: 'roedores',
  LAMINA: 'insectos rastreros',
  LUZ_UV: 'insectos voladores',
  FEROMONA: 'plagas de producto almacenado',
  OTRO: 'otras plagas',
};

export function targetPests(session: Session): string {
  const targets = [...new Set(session.items.map((item) => TARGETS[item.trap.type as TrapType] ?? 'otras plagas'))];
  const text = targets.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function technicianText(session: Session, content: CertificateContent): string {
  const { licenceNumber, licenceExpiresAt, qualification } = content.technician;
  const parts = [`${session.technician.fullName} (${session.technician.email})`];
  if (licenceNumber) {
    parts.push(`carné ${licenceNumber}${licenceExpiresAt ? ` (vence ${formatDay(licenceExpiresAt)})` : ''}`);
  }
  const qualified = qualificationName(qualification);
  if (qualified) parts.push(qualified);
  return parts.join(' · ');
}

/** The company that served, whole: the page header keeps to what fits its band. */
function companyText(letterhead: Letterhead): string {
  return [letterhead.name, ...letterheadDetails(letterhead)].join(' · ');
}

/**
 * The certificate's opening facts: folio, the company that served, who, where, when (with start and end times),
 * the devices and what for.
 */
export function drawCertificateHead(
  doc: PDFKit.PDFDocument,
  session: Session,
  content: CertificateContent,
  { timeZone, client, letterhead }: { timeZone: string; client: string | null; letterhead: Letterhead | undefined },
): void {
  const facts: [string, string][] = [
    ['Folio', content.revision > 1 ? `${content.folio} (revisión ${content.revision})` : content.folio],
    ['Emitido', formatDateTime(content.issuedAt, timeZone)],
  ];
  if (letterhead) facts.push(['Empresa de servicios biocidas', companyText(letterhead)]);
  facts.push(
    ['Cliente', client ?? '—'],
    ['Sitio', [session.site.name, session.site.address].filter(Boolean).join(' · ')],
    ['Técnico aplicador', technicianText(session, content)],
    ['Fecha del servicio', serviceDateText(session, timeZone)],
    ['Plagas objetivo', targetPests(session)],
    ['Dispositivos', deviceCountsText(deviceCounts(session))],
    ['Programada', session.scheduledAt ? formatDateTime(session.scheduledAt, timeZone) : 'Sin fecha programada'],
    ['Cerrada por', session.closedBy?.fullName ?? '—'],
    ['Próxima visita', content.nextVisit ? formatDateTime(content.nextVisit, timeZone) : 'Sin programar'],
  );
  drawFacts(doc, facts);
}

/** Where a device's photo goes under its row: 60 × 45 pt (a phone's 4:3), a portrait one as tall. */
const PHOTO_BOX = { width: 60, height: 45, gap: 6 };

/** The room a device's photos take under its row of the annex. */
export const DEVICE_PHOTOS_HEIGHT = PHOTO_BOX.height + 4;

/** A device's photos side by side from (x, y), each framed, then how many more it has ("+2 fotos más"). */
export function drawDevicePhotos(doc: PDFKit.PDFDocument, photos: DevicePhotos, x: number, y: number): void {
  let left = x;
  for (const photo of photos.shown) {
    const scale = Math.min(PHOTO_BOX.width / photo.width, PHOTO_BOX.height / photo.height);
    const width = photo.width * scale;
    const height = photo.height * scale;
    doc.image(photo.jpeg, left, y, { width, height });
    doc.rect(left, y, width, height).lineWidth(0.5).strokeColor('#999999').stroke();
    left += width + PHOTO_BOX.gap;
  }
  const more = photos.total - photos.shown.length;
  if (more > 0) {
    useFont(doc, FONT.regular, 8).fillColor('#555555');
    drawText(doc, `+${more} ${more === 1 ? 'foto' : 'fotos'} más`, left, y + PHOTO_BOX.height / 2 - 5, {
      width: 80,
      maxLines: 1,
    });
  }
}

/**
 * Leaves room for `height` points on the page, or starts the next one under its header: a section's heading
 * never ends a page alone, and the signatures and the QR stay together.
 */
function room(doc: PDFKit.PDFDocument, height: number, header: () => number): number {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    doc.y = header();
  }
  return doc.y;
}

function heading(doc: PDFKit.PDFDocument, text: string, header: () => number): void {
  const y = room(doc, 60, header) + 12;
  useFont(doc, FONT.bold, 11).fillColor('#1f3b57');
  doc.y = y + drawText(doc, text, doc.page.margins.left, y, { width: 400, maxLines: 1 }) + 4;
}

function paragraph(doc: PDFKit.PDFDocument, text: string, size = 9, color = '#1a1a1a'): void {
  const { left, right } = doc.page.margins;
  useFont(doc, FONT.regular, size).fillColor(color);
  doc.y += drawText(doc, text, left, doc.y, { width: doc.page.width - left - right, maxLines: 6 }) + 2;
}

function actionsTable(doc: PDFKit.PDFDocument, actions: CertificateAction[], header: () => number): void {
  const table = new PdfTable(
    doc,
    [
      { header: 'N.º', width: 30, singleLine: true },
      { header: 'Dónde', width: 90 },
      { header: 'Descripción', width: 195 },
      { header: 'Responsable', width: 80 },
      { header: 'Plazo', width: 60, singleLine: true },
      { header: 'Estado', width: 60, singleLine: true },
    ],
    header,
  );
  for (const action of actions) {
    table.row([
      String(action.id),
      [action.trapCode, action.area].filter(Boolean).join(' · ') || '—',
      action.description,
      `${action.responsible === 'CLIENTE' ? 'Cliente' : 'Empresa'}${action.responsibleName ? `: ${action.responsibleName}` : ''}`,
      action.dueDate ? formatDay(action.dueDate) : '—',
      ACTION_STATUS_NAMES[action.status],
    ]);
  }
  doc.y = table.end() + 4;
}

/** A signature's box: two side by side and the QR fit the page's width with room between them. */
const SIGNATURE_BOX = { width: 190, height: 70 };

/**
 * Lines under a signature box wrap, never cut: an absent client's reason (at most 200 characters) takes up to six
 * lines of the box's width at 9 pt, a name or role two.
 */
const SIGNATURE_LINE_MAX_LINES = 7;
/** The signatures' block at its tallest: label, box, a bold line of two and a reason of seven, and the QR. */
const SIGNATURES_HEIGHT = 12 + SIGNATURE_BOX.height + 4 + 9 * 11.5 + 24;

function signature(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  label: string,
  image: PrintedSignature,
  lines: string[],
): number {
  useFont(doc, FONT.regular, 8).fillColor('#555555');
  drawText(doc, label, x, y, { width: SIGNATURE_BOX.width, maxLines: 1 });
  const boxY = y + 12;
  doc.rect(x, boxY, SIGNATURE_BOX.width, SIGNATURE_BOX.height).lineWidth(0.5).strokeColor('#999999').stroke();
  if (image === 'unreadable') {
    useFont(doc, FONT.regular, 8).fillColor('#b3261e');
    drawText(doc, 'La firma guardada no se puede leer.', x + 8, boxY + SIGNATURE_BOX.height / 2 - 5, {
      width: SIGNATURE_BOX.width - 16,
      maxLines: 2,
    });
  } else if (image) {
    doc.image(image, x + 4, boxY + 4, {
      fit: [SIGNATURE_BOX.width - 8, SIGNATURE_BOX.height - 8],
      align: 'center',
      valign: 'center',
    });
  }
  let lineY = boxY + SIGNATURE_BOX.height + 4;
  for (const [index, line] of lines.entries()) {
    useFont(doc, index === 0 ? FONT.bold : FONT.regular, 9).fillColor('#1a1a1a');
    lineY += drawText(doc, line, x, lineY, { width: SIGNATURE_BOX.width, maxLines: SIGNATURE_LINE_MAX_LINES });
  }
  return lineY;
}

/**
 * The certificate's closing sections, after the devices: treatments, corrective actions and pending client
 * recommendations, the toxicology phone, both signatures and the verification QR.
 */
export function drawCertificateEnd(
  doc: PDFKit.PDFDocument,
  content: CertificateContent,
  header: () => number,
  timeZone: string,
): void {
  heading(doc, 'Tratamientos aplicados', header);
  if (content.applications.length === 0) {
    paragraph(doc, 'Sin aplicación de biocidas en esta visita.');
  } else {
    const table = new PdfTable(
      doc,
      [
        { header: 'Producto', width: 75 },
        // A registration number (ES/RM-2020-14-00123) on one line: it is compared character by character.
        { header: 'N.º registro', width: 102 },
        { header: 'Sustancias activas', width: 70 },
        { header: 'Lote · dosis · cantidad', width: 80 },
        { header: 'Método · dónde · aplicador', width: 90 },
        { header: 'Plazo de seguridad · reentrada', width: 98 },
      ],
      header,
    );
    for (const application of content.applications) {
      table.row([
        application.product,
        application.registrationNumber ?? '—',
        application.activeIngredients ?? '—',
        [application.batch, application.dose, application.quantity].filter(Boolean).join(' · '),
        [application.method, application.where, application.applicator].filter(Boolean).join(' · '),
        [
          application.safetyInterval,
          application.reentryAt && `reentrada ${formatDateTime(application.reentryAt, timeZone)}`,
        ]
          .filter(Boolean)
          .join(' · ') || '—',
      ]);
    }
    doc.y = table.end() + 4;
  }

  heading(doc, 'Acciones correctivas abiertas en esta visita', header);
  if (content.actionsOpened.length === 0) paragraph(doc, 'Ninguna: ningún hallazgo superó un umbral de acción.');
  else actionsTable(doc, content.actionsOpened, header);

  heading(doc, 'Recomendaciones al cliente pendientes', header);
  if (content.recommendationsPending.length === 0) paragraph(doc, 'Ninguna pendiente.');
  else actionsTable(doc, content.recommendationsPending, header);

  paragraph(doc, TOXICOLOGY_PHONE, 9, '#1f3b57');

  // Signatures and the QR stay together on one page.
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  const y = room(doc, SIGNATURES_HEIGHT, header) + 10;
  const { client, closer } = content;
  // The box holds the closer's own signature: the technician's, or the administrator's who closed from the office.
  const closerBottom = signature(
    doc,
    left,
    y,
    closer.isTechnician ? 'Firma del técnico' : 'Firma de quien cerró la orden',
    closer.signature,
    closer.isTechnician
      ? [closer.fullName, content.technician.licenceNumber ? `Carné ${content.technician.licenceNumber}` : '']
      : [closer.fullName, 'Cerró la orden desde la oficina'],
  );
  const clientBottom = signature(
    doc,
    left + SIGNATURE_BOX.width + 20,
    y,
    'Firma del cliente',
    client.absent ? null : client.signature,
    client.absent
      ? ['Cliente ausente', client.absentReason ?? 'Nadie pudo firmar por el cliente.']
      : [client.name ?? '—', client.role ?? ''],
  );
  const qrSize = 96;
  drawQr(doc, content.verifyUrl, left + width - qrSize, y, qrSize);
  doc.y = Math.max(closerBottom, clientBottom, y + qrSize) + 6;
  drawVerifyLine(doc, content.verifyUrl);
}

/** The smallest size the verification address is printed at before it wraps. */
const URL_MIN_SIZE = 6;

/**
 * The verification address under the signatures, on one line across the page: at 8 pt, smaller down to
 * URL_MIN_SIZE when long, and only then on two lines, broken after a «/» (never inside a word).
 */
function drawVerifyLine(doc: PDFKit.PDFDocument, url: string): void {
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  const label = 'Verifique este certificado en ';
  let size = 8;
  useFont(doc, FONT.regular, size);
  while (size > URL_MIN_SIZE && doc.widthOfString(label + url) > width) {
    size -= 0.5;
    useFont(doc, FONT.regular, size);
  }
  const lines = doc.widthOfString(label + url) <= width ? [label + url] : [label.trim(), ...urlLines(doc, url, width)];
  doc.fillColor('#1a1a1a');
  let y = doc.y;
  for (const line of lines) y += drawText(doc, line, left, y, { width, maxLines: 1 });
  doc.x = left;
  doc.y = y + 4;
}

/** An address too long for one line, in lines of `width` broken after a «/» (or, with none, anywhere). */
function urlLines(doc: PDFKit.PDFDocument, url: string, width: number): string[] {
  const lines: string[] = [];
  let rest = url;
  while (doc.widthOfString(rest) > width) {
    let cut = rest.length;
    while (cut > 1 && doc.widthOfString(rest.slice(0, cut)) > width) cut--;
    const slash = rest.lastIndexOf('/', cut - 1);
    const at = slash > rest.indexOf('//') + 1 ? slash + 1 : cut;
    lines.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  return [...lines, rest];
}
