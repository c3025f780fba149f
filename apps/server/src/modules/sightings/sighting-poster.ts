import { createDocument, drawPageHeader } from '../../lib/pdf-document.js';
import { FONT, useFont } from '../../lib/pdf-fonts.js';
import { applyLetterhead, type Letterhead } from '../../lib/pdf-letterhead.js';
import { drawQr } from '../../lib/pdf-qr.js';
import { drawText, fittingSize } from '../../lib/pdf-text.js';

export interface PosterInput {
  siteName: string;
  /** One page per area, in this order. */
  areas: readonly string[];
  /** What the QR opens: the site's public sighting page. */
  url: string;
  letterhead: Letterhead | undefined;
}

const STEPS = [
  'Escanea el código con la cámara del teléfono.',
  'Indica qué viste, dónde y cuándo. Si puedes, añade una foto.',
  'Escribe tu nombre y envía: la empresa de control de plagas lo recibe al instante.',
];

/**
 * A4 posters for a site's areas, one page each, to hang where staff may see a pest: a large QR to the site's
 * public sighting page with the poster's area already chosen (`?area=`; the person may still change it), the
 * page's plain address under it for typing (the page then asks for the area), the area's name big enough to read
 * across a corridor, and three steps. Printed in black on white, so an office
 * printer does it.
 */
export function renderSightingPoster(input: PosterInput): PDFKit.PDFDocument {
  const doc = createDocument(`Avisos de avistamiento · ${input.siteName}`);
  applyLetterhead(doc, input.letterhead);
  input.areas.forEach((area, index) => {
    if (index > 0) doc.addPage();
    drawPoster(doc, input, area);
  });
  doc.end();
  return doc;
}

/** The public page with the poster's area chosen. */
const posterUrl = (url: string, area: string) => `${url}?${new URLSearchParams({ area })}`;

function drawPoster(doc: PDFKit.PDFDocument, input: PosterInput, area: string): void {
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  let y = drawPageHeader(doc, 'Aviso de avistamientos', input.siteName) + 24;

  useFont(doc, FONT.bold, 34).fillColor('#1a1a1a');
  y += drawText(doc, '¿Viste una plaga?', left, y, { width, maxLines: 1, align: 'center' });
  useFont(doc, FONT.regular, 18).fillColor('#333333');
  y += drawText(doc, 'Avísanos en menos de 30 segundos.', left, y + 6, { width, maxLines: 1, align: 'center' }) + 22;

  const qrSize = 280;
  drawQr(doc, posterUrl(input.url, area), left + (width - qrSize) / 2, y, qrSize);
  y += qrSize + 8;
  useFont(doc, FONT.regular, 9).fillColor('#555555');
  y += drawText(doc, input.url, left, y, { width, maxLines: 2, align: 'center' }) + 18;

  useFont(doc, FONT.regular, 12).fillColor('#555555');
  y += drawText(doc, 'Área', left, y, { width, maxLines: 1, align: 'center' });
  useFont(doc, FONT.bold, 30).fillColor('#1a1a1a');
  doc.fontSize(Math.max(fittingSize(doc, area, width, 30), 16));
  y += drawText(doc, area, left, y + 2, { width, maxLines: 2, align: 'center' }) + 24;

  useFont(doc, FONT.regular, 14).fillColor('#1a1a1a');
  STEPS.forEach((step, index) => {
    useFont(doc, FONT.bold, 14);
    drawText(doc, `${index + 1}.`, left + 40, y, { width: 24, maxLines: 1 });
    useFont(doc, FONT.regular, 14);
    y += drawText(doc, step, left + 66, y, { width: width - 106, maxLines: 2 }) + 8;
  });

  useFont(doc, FONT.regular, 10).fillColor('#555555');
  const footer =
    'No toques ni muevas los dispositivos de control. Si hay riesgo para el producto, avisa también a tu responsable.';
  drawText(doc, footer, left, doc.page.height - doc.page.margins.bottom - 30, { width, maxLines: 2, align: 'center' });
}
