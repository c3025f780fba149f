import { printable } from './pdf-fonts.js';

export interface TextBox {
  width: number;
  /** Lines the box holds; text beyond them ends in an ellipsis. */
  maxLines: number;
  align?: 'left' | 'right' | 'center';
}

/** Text ready to draw: what the font prints, and the lines it takes in its box at the current font and size. */
export interface FittedText {
  text: string;
  lines: number;
  height: number;
  /** How wide it prints, when it fits on one line. */
  width?: number;
}

export function fitText(doc: PDFKit.PDFDocument, text: string, { width, maxLines }: TextBox): FittedText {
  const printed = printable(doc, text);
  const lineHeight = doc.currentLineHeight(true);
  // Most values fit one line: measuring a width is much cheaper than wrapping.
  const printedWidth = doc.widthOfString(printed);
  if (printedWidth <= width) return { text: printed, lines: 1, height: lineHeight, width: printedWidth };
  const wrapped = maxLines === 1 ? 1 : Math.round(doc.heightOfString(printed, { width }) / lineHeight);
  const lines = Math.max(1, Math.min(wrapped, maxLines));
  return { text: printed, lines, height: lines * lineHeight };
}

/**
 * Draws fitted text with its top at y. One line that fits is placed directly, skipping pdfkit's line
 * wrapper (a third of the time of a 20,000-order export). Otherwise pdfkit wraps it, and cuts it with an
 * ellipsis only when given a height, on the line after which less than one more line fits: half a line of
 * slack puts the cut on the last allowed line, and the text can never run below its box.
 */
export function drawFitted(
  doc: PDFKit.PDFDocument,
  fitted: FittedText,
  x: number,
  y: number,
  box: Omit<TextBox, 'maxLines'>,
): void {
  const align = box.align ?? 'left';
  if (fitted.width !== undefined) {
    const offset =
      align === 'right' ? box.width - fitted.width : align === 'center' ? (box.width - fitted.width) / 2 : 0;
    doc.text(fitted.text, x + offset, y, { lineBreak: false });
    return;
  }
  doc.text(fitted.text, x, y, {
    width: box.width,
    align,
    height: (fitted.lines + 0.5) * doc.currentLineHeight(true),
    ellipsis: true,
  });
}

/** Fits and draws in one go; answers the height used. */
export function drawText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, box: TextBox): number {
  const fitted = fitText(doc, text, box);
  drawFitted(doc, fitted, x, y, box);
  return fitted.height;
}

/** The size, at most `size`, at which text fits one line of `width` in the current font. */
export function fittingSize(doc: PDFKit.PDFDocument, text: string, width: number, size: number): number {
  doc.fontSize(size);
  const printed = printable(doc, text);
  return Math.min(size, Math.floor(((size * width) / doc.widthOfString(printed)) * 10) / 10);
}
