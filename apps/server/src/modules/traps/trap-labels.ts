import type { Readable } from 'node:stream';
import { TRAP_TYPE_MARKS, type TrapType } from '@rondin/contracts';
import { pacedOutput } from '../../lib/paced-stream.js';
import { drawQr } from '../../lib/pdf-qr.js';
import { openPdf, PRODUCT_NAME } from '../../lib/pdf-document.js';
import { FONT, useFont, type FontName } from '../../lib/pdf-fonts.js';
import { applyLetterhead, labelHeading, type Letterhead } from '../../lib/pdf-letterhead.js';
import { drawFitted, drawText, fitText, type FittedText, type TextBox } from '../../lib/pdf-text.js';

export interface LabelTrap {
  code: string;
  area: string | null;
  qrSlug: string;
  type: TrapType;
  /** Printed under the area when the company serves several sites; null leaves the line out. */
  siteName: string | null;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const MM = 72 / 25.4;
/** 70 × 95 mm: the QR prints about 58 mm wide, which a phone camera reads at arm's length. */
const LABEL_SIZE: [number, number] = [70 * MM, 95 * MM];
/** A4 sheet of 3 × 4 labels, each with a 45 mm QR, inside 10 mm margins. */
const SHEET = { size: 'A4', columns: 3, rows: 4, margin: 10 * MM } as const;

/**
 * What the QR holds: with PUBLIC_URL set, the app's address of the trap ({PUBLIC_URL}/t/{slug}), which a phone's
 * own camera app opens; else the bare slug. The in-app scanner reads both, so labels printed either way work.
 */
export function labelQrText(qrSlug: string, publicUrl: string | undefined): string {
  return publicUrl ? `${publicUrl}/t/${qrSlug}` : qrSlug;
}

/** The slug as printed under the code: in groups of four so it can be typed from a damaged label. */
export function formatSlugForPrint(slug: string): string {
  return slug.match(/.{1,4}/g)?.join(' ') ?? slug;
}

/** Below 6 pt a label printed at 100 % is hard to read at arm's length. */
const MIN_TEXT_SIZE = 6;

interface SizedText {
  font: FontName;
  size: number;
  fitted: FittedText;
}

/** The largest size from `largest` down to `smallest` at which the text fits in `maxLines`, if any. */
function sizeToFit(
  doc: PDFKit.PDFDocument,
  text: string,
  font: FontName,
  { width, maxLines }: TextBox,
  largest: number,
  smallest: number,
): SizedText | undefined {
  for (let size = largest; ; size = Math.max(smallest, size * 0.92)) {
    useFont(doc, font, size);
    const fitted = fitText(doc, text, { width, maxLines: maxLines + 1 });
    if (fitted.lines <= maxLines) return { font, size, fitted };
    if (size === smallest) return undefined;
  }
}

/**
 * At the smallest size, cut with an ellipsis: for text much longer or wider than usual (an 80-character
 * area in ordinary letters fits two lines of a sheet label at 7 pt; one in capitals may not).
 */
function cutToFit(doc: PDFKit.PDFDocument, text: string, font: FontName, box: TextBox): SizedText {
  useFont(doc, font, MIN_TEXT_SIZE);
  return { font, size: MIN_TEXT_SIZE, fitted: fitText(doc, text, box) };
}

function drawSized(
  doc: PDFKit.PDFDocument,
  text: SizedText,
  color: string,
  x: number,
  y: number,
  width: number,
): number {
  useFont(doc, text.font, text.size).fillColor(color);
  drawFitted(doc, text.fitted, x, y, { width, align: 'center' });
  return text.fitted.height;
}

/**
 * The type's mark (CEB, UV…) in a small box in the top left corner, level with the brand: a technician tells a
 * bait station's label from a light trap's at a glance. Answers the box's right edge.
 */
function drawTypeMark(doc: PDFKit.PDFDocument, type: TrapType, x: number, y: number, size: number): number {
  const mark = TRAP_TYPE_MARKS[type];
  useFont(doc, FONT.bold, size);
  const padX = size * 0.35;
  const height = size * 1.45;
  const width = doc.widthOfString(mark) + 2 * padX;
  doc.save().lineWidth(0.6).strokeColor('black').rect(x, y, width, height).stroke().restore();
  doc.fillColor('black').text(mark, x + padX, y + (height - doc.currentLineHeight()) / 2 + size * 0.05, {
    lineBreak: false,
  });
  return x + width;
}

/**
 * From the top: type mark and brand, QR, code, area, site (with several), slug. The texts are fitted first and
 * the QR takes the height left, so no text can run into another or into the QR. The code stays on one line while
 * it can be shrunk to half its size, then takes two; the area wraps to two lines, then shrinks, then is cut.
 */
function drawLabel(doc: PDFKit.PDFDocument, trap: LabelTrap, box: Box, publicUrl: string | undefined): void {
  const pad = box.width * 0.07;
  const inner = box.width - 2 * pad;
  const brandSize = Math.max(MIN_TEXT_SIZE, box.width * 0.035);
  const markSize = brandSize * 1.2;
  const codeSize = box.width * 0.12;
  const areaSize = box.width * 0.05;
  const slugSize = box.width * 0.042;
  const code =
    sizeToFit(doc, trap.code, FONT.bold, { width: inner, maxLines: 1 }, codeSize, codeSize / 2) ??
    sizeToFit(doc, trap.code, FONT.bold, { width: inner, maxLines: 2 }, codeSize / 2, MIN_TEXT_SIZE) ??
    cutToFit(doc, trap.code, FONT.bold, { width: inner, maxLines: 2 });
  const areaBox = { width: inner, maxLines: 2 };
  const areaText = trap.area ?? 'Sin área';
  const area =
    sizeToFit(doc, areaText, FONT.regular, areaBox, areaSize, MIN_TEXT_SIZE) ??
    cutToFit(doc, areaText, FONT.regular, areaBox);
  const siteBox = { width: inner, maxLines: 1 };
  const site =
    trap.siteName === null
      ? null
      : (sizeToFit(doc, trap.siteName, FONT.bold, siteBox, areaSize * 0.9, MIN_TEXT_SIZE) ??
        cutToFit(doc, trap.siteName, FONT.bold, siteBox));
  const areaGap = area.size * 0.3;
  const siteHeight = site ? areaGap + site.fitted.height : 0;
  const headHeight = Math.max(brandSize * 1.4, markSize * 1.45 + brandSize * 0.3);
  const textHeight = code.fitted.height + areaGap + area.fitted.height + siteHeight + slugSize * (0.4 + 1.2);
  const qrSize = Math.min(inner, box.height - 2 * pad - headHeight - textHeight);

  const top = box.y + pad * 0.7;
  const markRight = drawTypeMark(doc, trap.type, box.x + pad, top - markSize * 0.2, markSize);
  // The company (with its phone when it fits) where it is set, clear of the type's mark; the line keeps its
  // size, so the QR keeps its own.
  const headingX = markRight + pad * 0.5;
  const headingWidth = box.x + box.width - pad - headingX;
  const heading = labelHeading(doc, headingWidth, brandSize);
  useFont(doc, FONT.regular, brandSize).fillColor('#555555');
  if (heading) drawText(doc, heading, headingX, top, { width: headingWidth, maxLines: 1, align: 'center' });
  else drawText(doc, 'RONDÍN · Control de plagas', box.x, top, { width: box.width, maxLines: 1, align: 'center' });
  let y = top + headHeight;

  drawQr(doc, labelQrText(trap.qrSlug, publicUrl), box.x + (box.width - qrSize) / 2, y, qrSize);
  y += qrSize;

  y += drawSized(doc, code, 'black', box.x + pad, y, inner);
  y += areaGap;
  y += drawSized(doc, area, '#222222', box.x + pad, y, inner);
  if (site) {
    y += areaGap;
    y += drawSized(doc, site, '#222222', box.x + pad, y, inner);
  }
  y += slugSize * 0.4;
  useFont(doc, FONT.mono, slugSize).fillColor('#333333');
  drawText(doc, formatSlugForPrint(trap.qrSlug), box.x + pad, y, { width: inner, maxLines: 1, align: 'center' });
}

/** One label on a page of its own size, for a label printer or a single replacement. */
export function renderLabel(trap: LabelTrap, publicUrl?: string, letterhead?: Letterhead): PDFKit.PDFDocument {
  const doc = openPdf({ size: LABEL_SIZE, margin: 0, info: { Title: `Etiqueta ${trap.code}`, Author: PRODUCT_NAME } });
  applyLetterhead(doc, letterhead);
  drawLabel(doc, trap, { x: 0, y: 0, width: LABEL_SIZE[0], height: LABEL_SIZE[1] }, publicUrl);
  doc.end();
  return doc;
}

/**
 * A4 sheets with a grid of labels and light cut lines. Labels are drawn as they arrive, so a whole plant
 * prints without holding every trap in memory; the event loop gets a turn between batches.
 */
export function renderLabelSheet(
  batches: AsyncIterable<LabelTrap[]>,
  publicUrl?: string,
  letterhead?: Letterhead,
): Readable {
  const doc = openPdf({
    size: SHEET.size,
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Etiquetas de trampas', Author: PRODUCT_NAME },
  });
  applyLetterhead(doc, letterhead);
  const perPage = SHEET.columns * SHEET.rows;
  const { output, caughtUp } = pacedOutput(doc);
  void (async () => {
    let index = 0;
    try {
      for await (const batch of batches) {
        for (const trap of batch) {
          const slot = index % perPage;
          if (slot === 0) doc.addPage();
          const width = (doc.page.width - 2 * SHEET.margin) / SHEET.columns;
          const height = (doc.page.height - 2 * SHEET.margin) / SHEET.rows;
          const box = {
            x: SHEET.margin + (slot % SHEET.columns) * width,
            y: SHEET.margin + Math.floor(slot / SHEET.columns) * height,
            width,
            height,
          };
          doc.save().lineWidth(0.3).dash(3, { space: 3 }).strokeColor('#bbbbbb');
          doc.rect(box.x, box.y, box.width, box.height).stroke().restore();
          drawLabel(doc, trap, box, publicUrl);
          index++;
          // A page of labels is ~15 ms of drawing; a batch of 500 held every other request for over 300 ms.
          if (index % perPage === 0) await caughtUp();
        }
        await caughtUp();
      }
      doc.end();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return output;
}
