import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { pacedOutput } from '../../lib/paced-stream.js';

export interface LabelTrap {
  code: string;
  area: string | null;
  qrSlug: string;
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
const QUIET_ZONE = 4;

/** The slug as printed under the code: in groups of four so it can be typed from a damaged label. */
export function formatSlugForPrint(slug: string): string {
  return slug.match(/.{1,4}/g)?.join(' ') ?? slug;
}

/**
 * Draws the QR matrix as filled vector rectangles (one per horizontal run of dark modules), so the code
 * stays sharp at any print size and the PDF stays small.
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
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

function fittedFontSize(doc: PDFKit.PDFDocument, font: string, text: string, maxSize: number, width: number): number {
  doc.font(font).fontSize(maxSize);
  const measured = doc.widthOfString(text);
  return measured <= width ? maxSize : Math.max(6, (maxSize * width) / measured);
}

function drawLabel(doc: PDFKit.PDFDocument, trap: LabelTrap, box: Box): void {
  const pad = box.width * 0.07;
  const inner = box.width - 2 * pad;
  const brandSize = Math.max(6, box.width * 0.035);
  const codeSize = fittedFontSize(doc, 'Helvetica-Bold', trap.code, box.width * 0.12, inner);
  const areaSize = box.width * 0.05;
  const slugSize = box.width * 0.042;
  const textHeight = codeSize * 1.15 + areaSize * 1.4 + slugSize * 1.6;
  const qrSize = Math.min(inner, box.height - 2 * pad - brandSize * 1.4 - textHeight);

  let y = box.y + pad * 0.7;
  doc.font('Helvetica').fontSize(brandSize).fillColor('#555555');
  doc.text('RONDÍN · Control de plagas', box.x, y, { width: box.width, align: 'center', lineBreak: false });
  y += brandSize * 1.4;

  drawQr(doc, trap.qrSlug, box.x + (box.width - qrSize) / 2, y, qrSize);
  y += qrSize;

  doc.font('Helvetica-Bold').fontSize(codeSize).fillColor('black');
  doc.text(trap.code, box.x + pad, y, { width: inner, align: 'center', lineBreak: false });
  y += codeSize * 1.15;
  doc.font('Helvetica').fontSize(areaSize).fillColor('#222222');
  doc.text(trap.area ?? 'Sin área', box.x + pad, y, { width: inner, align: 'center', lineBreak: false, ellipsis: true });
  y += areaSize * 1.4;
  doc.font('Courier').fontSize(slugSize).fillColor('#333333');
  doc.text(formatSlugForPrint(trap.qrSlug), box.x + pad, y, { width: inner, align: 'center', lineBreak: false });
}

/** One label on a page of its own size, for a label printer or a single replacement. */
export function renderLabel(trap: LabelTrap): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: LABEL_SIZE, margin: 0, info: { Title: `Etiqueta ${trap.code}`, Author: 'Rondín' } });
  drawLabel(doc, trap, { x: 0, y: 0, width: LABEL_SIZE[0], height: LABEL_SIZE[1] });
  doc.end();
  return doc;
}

/**
 * A4 sheets with a grid of labels and light cut lines. Labels are drawn as they arrive, so a whole plant
 * prints without holding every trap in memory; the event loop gets a turn between batches.
 */
export function renderLabelSheet(batches: AsyncIterable<LabelTrap[]>): Readable {
  const doc = new PDFDocument({ size: SHEET.size, margin: 0, autoFirstPage: false, info: { Title: 'Etiquetas de trampas', Author: 'Rondín' } });
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
          drawLabel(doc, trap, box);
          index++;
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
