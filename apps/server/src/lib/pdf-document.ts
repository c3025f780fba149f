import PDFDocument from 'pdfkit';

export const PRODUCT_NAME = 'Rondín';
export const PRODUCT_TAGLINE = 'Control de plagas · Inspección de trampas con QR';

export function createDocument(title: string, layout: 'portrait' | 'landscape' = 'portrait'): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'A4',
    layout,
    margins: { top: 40, bottom: 40, left: 40, right: 40 },
    info: { Title: title, Author: PRODUCT_NAME, Creator: PRODUCT_NAME },
  });
}

/** The band at the top of every page: brand on the left, the document's title and a reference on the right. */
export function drawPageHeader(doc: PDFKit.PDFDocument, title: string, reference: string): number {
  const { left, right, top } = doc.page.margins;
  const width = doc.page.width - left - right;
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#1f3b57').text(PRODUCT_NAME.toUpperCase(), left, top, { lineBreak: false });
  doc.font('Helvetica').fontSize(8).fillColor('#555555').text(PRODUCT_TAGLINE, left, top + 19, { lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#1a1a1a').text(title, left, top, { width, align: 'right', lineBreak: false });
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(reference, left, top + 17, { width, align: 'right', lineBreak: false });
  const y = top + 34;
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(1).strokeColor('#1f3b57').stroke();
  doc.x = left;
  doc.y = y + 10;
  return doc.y;
}

/** Label/value pairs in two columns. */
export function drawFacts(doc: PDFKit.PDFDocument, facts: [string, string][]): void {
  const { left } = doc.page.margins;
  const columnWidth = (doc.page.width - left - doc.page.margins.right) / 2;
  let y = doc.y;
  facts.forEach(([label, value], index) => {
    const x = left + (index % 2) * columnWidth;
    doc.font('Helvetica').fontSize(8).fillColor('#555555').text(label, x, y, { lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#1a1a1a').text(value, x, y + 10, {
      width: columnWidth - 10,
      lineBreak: false,
      ellipsis: true,
    });
    if (index % 2 === 1 || index === facts.length - 1) y += 28;
  });
  doc.x = left;
  doc.y = y + 4;
}
