import PDFDocument from 'pdfkit';
import { FONT, registerFonts, useFont } from './pdf-fonts.js';
import { drawLetterhead } from './pdf-letterhead.js';
import { drawFitted, drawText, fitText, fittingSize } from './pdf-text.js';

export const PRODUCT_NAME = 'Rondín';
export const PRODUCT_TAGLINE = 'Control de plagas · Inspección de trampas con QR';

/** A pdfkit document that draws with the embedded fonts only. */
export function openPdf(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument(options);
  registerFonts(doc);
  return doc;
}

/**
 * An A4 (or A3) document with the usual margins. `bufferPages` keeps every page until the end, so that
 * numberPages can write «Página x de y» on each once the count is known.
 */
export function createDocument(
  title: string,
  layout: 'portrait' | 'landscape' = 'portrait',
  size: 'A4' | 'A3' = 'A4',
  { bufferPages = false }: { bufferPages?: boolean } = {},
): PDFKit.PDFDocument {
  return openPdf({
    size,
    layout,
    bufferPages,
    margins: { top: 40, bottom: 40, left: 40, right: 40 },
    info: { Title: title, Author: PRODUCT_NAME, Creator: PRODUCT_NAME },
  });
}

/**
 * The band at the top of every page: brand on the left (the company's letterhead when the document has one,
 * pdf-letterhead.ts), the document's title and a reference on the right. Title and reference stay clear of the
 * brand, on one line each.
 */
export function drawPageHeader(doc: PDFKit.PDFDocument, title: string, reference: string): number {
  const { left, right, top } = doc.page.margins;
  const width = doc.page.width - left - right;
  const brandWidth = drawLetterhead(doc, left, top, width * 0.6) ?? drawBrand(doc, left, top, width);
  const rightWidth = width - brandWidth - 20;
  const rightX = left + width - rightWidth;
  useFont(doc, FONT.bold, 12).fillColor('#1a1a1a');
  drawText(doc, title, rightX, top, { width: rightWidth, maxLines: 1, align: 'right' });
  // The reference whole, in the band under the title: one line, smaller when a long site name needs it
  // («Planta de elaboración El Prat · 30-11-2025 al 29-11-2026» beside a letterhead), else two lines of 7 pt.
  useFont(doc, FONT.regular, 9).fillColor('#555555');
  const size = fittingSize(doc, reference, rightWidth, 9);
  doc.fontSize(Math.max(size, 7));
  drawText(doc, reference, rightX, top + (size < 7 ? 16 : 17), {
    width: rightWidth,
    maxLines: size < 7 ? 2 : 1,
    align: 'right',
  });
  const y = top + 34;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1)
    .strokeColor('#1f3b57')
    .stroke();
  doc.x = left;
  doc.y = y + 10;
  return doc.y;
}

/** The product's name and tagline, where no letterhead is set; answers how wide they printed. */
function drawBrand(doc: PDFKit.PDFDocument, left: number, top: number, width: number): number {
  useFont(doc, FONT.bold, 16).fillColor('#1f3b57');
  const brandWidth = drawLine(doc, PRODUCT_NAME.toUpperCase(), left, top, width);
  useFont(doc, FONT.regular, 8).fillColor('#555555');
  return Math.max(brandWidth, drawLine(doc, PRODUCT_TAGLINE, left, top + 19, width));
}

/** Draws one line and answers how wide it printed. */
function drawLine(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number): number {
  const fitted = fitText(doc, text, { width, maxLines: 1 });
  drawFitted(doc, fitted, x, y, { width });
  return Math.min(width, doc.widthOfString(fitted.text));
}

/**
 * The widest valid name and e-mail (120 and 254 "W") take 18 lines, so every valid value prints whole; the
 * cap only keeps data stored around the API from pushing the table off the first page.
 */
const MAX_FACT_LINES = 20;

/**
 * Label/value pairs in two columns. A value wraps, and its row grows to the taller of the pair: the report
 * is the record an auditor reads, so a long name or e-mail is printed whole rather than cut.
 */
export function drawFacts(doc: PDFKit.PDFDocument, facts: [string, string][]): void {
  const { left } = doc.page.margins;
  const columnWidth = (doc.page.width - left - doc.page.margins.right) / 2;
  let y = doc.y;
  for (let index = 0; index < facts.length; index += 2) {
    let rowHeight = 0;
    facts.slice(index, index + 2).forEach(([label, value], column) => {
      const x = left + column * columnWidth;
      const box = { width: columnWidth - 10, maxLines: MAX_FACT_LINES };
      useFont(doc, FONT.regular, 8).fillColor('#555555');
      const labelHeight = drawText(doc, label, x, y, { ...box, maxLines: 1 });
      useFont(doc, FONT.bold, 10).fillColor('#1a1a1a');
      rowHeight = Math.max(rowHeight, labelHeight + drawText(doc, value, x, y + labelHeight, box));
    });
    y += rowHeight + 6;
  }
  doc.x = left;
  doc.y = y + 4;
}

/**
 * «Página x de y» at the foot of every page of a document made with `bufferPages`, `label` (the document and its
 * reference) on the left; called once everything is drawn, before doc.end().
 */
export function numberPages(doc: PDFKit.PDFDocument, label: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const { left, right, bottom } = doc.page.margins;
    const width = doc.page.width - left - right;
    // The foot is below the bottom margin: without it pdfkit would start a new page for the text.
    doc.page.margins.bottom = 0;
    const top = doc.page.height - 28;
    useFont(doc, FONT.regular, 7.5).fillColor('#555555');
    drawText(doc, label, left, top, { width: width * 0.7, maxLines: 1 });
    drawText(doc, `Página ${index - start + 1} de ${count}`, left, top, { width, maxLines: 1, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}
