import QRCode from 'qrcode';

/** Blank modules around the code, as the QR specification asks: readers need them to find it. */
const QUIET_ZONE = 4;

/**
 * Draws the QR matrix as filled vector rectangles (one per horizontal run of dark modules), so the code
 * stays sharp at any print size and the PDF stays small. `size` includes the quiet zone.
 */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size + 2 * QUIET_ZONE;
  const unit = size / count;
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      doc.rect(x + (start + QUIET_ZONE) * unit, y + (row + QUIET_ZONE) * unit, (col - start) * unit, unit);
    }
  }
  doc.fillColor('black').fill();
}
