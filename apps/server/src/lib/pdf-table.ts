import { FONT, useFont, type FontName } from './pdf-fonts.js';
import { drawFitted, fitText, type FittedText } from './pdf-text.js';

export interface PdfColumn {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
  /**
   * Dates, numbers and fixed words: kept on one line, in smaller type should one ever be too wide (down to
   * MIN_FONT_SIZE, then wrapped). Other columns wrap between words, and the row grows to hold them; a word
   * wider than its column is printed smaller rather than broken. Nothing is cut.
   */
  singleLine?: boolean;
}

const FONT_SIZE = 8.5;
/** The smallest a value is printed to keep it on its line, or a long word whole. */
const MIN_FONT_SIZE = 6.5;
const MIN_ROW_HEIGHT = 16;
const HEADER_HEIGHT = 18;
const PADDING = 4;
/** Keeps any row well inside a page (12 lines are 119 pt): the widest valid name, 120 "W", takes 8. */
const MAX_LINES = 12;
/** A heading wraps rather than be cut: «Plazo de seguridad · reentrada» in a narrow column takes three. */
const HEADING_LINES = 4;

type CellStyle = { font: FontName; color: string };
/**
 * A cell's text fitted to its column, the size it is printed at, and how far below the row's top it starts:
 * smaller type is lowered to stand on the same line as the row's other first lines.
 */
type Cell = FittedText & { size: number; offset: number };

/**
 * A paginating table for pdfkit: rows are drawn as they come, each as tall as its most wrapped cell, and a
 * row that does not fit the page starts a new one with the page header the caller draws and the column
 * headings again, so a printed page stands on its own.
 */
export class PdfTable {
  private y: number;
  private shaded = false;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly columns: PdfColumn[],
    private readonly drawPageHeader: () => number,
  ) {
    this.y = doc.y;
    this.heading();
  }

  private get left(): number {
    return this.doc.page.margins.left;
  }

  private get width(): number {
    return this.columns.reduce((sum, column) => sum + column.width, 0);
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private heading(): void {
    const style = { font: FONT.condensedBold, color: 'white' };
    const cells = this.fit(
      this.columns.map((column) => column.header),
      style,
      () => HEADING_LINES,
    );
    const padding = this.padding(HEADER_HEIGHT);
    const height = Math.max(HEADER_HEIGHT, ...cells.map((cell) => cell.offset + cell.height + 2 * padding));
    this.doc.rect(this.left, this.y, this.width, height).fill('#1f3b57');
    this.draw(cells, padding, style);
    this.y += height;
    this.shaded = false;
  }

  /**
   * Draws a row; answers where it went on the page now current, for a caller that draws more in it. `below`
   * points are kept under the row's text, inside the row (same page, same shading), for what the caller draws
   * there (a device's photos).
   */
  row(
    values: string[],
    options: { color?: string; bold?: boolean; below?: number } = {},
  ): { top: number; height: number } {
    const style = { font: options.bold ? FONT.condensedBold : FONT.condensed, color: options.color ?? '#1a1a1a' };
    const cells = this.fit(values, style, (column) => (column.singleLine ? 1 : MAX_LINES));
    const padding = this.padding(MIN_ROW_HEIGHT);
    const height =
      Math.max(MIN_ROW_HEIGHT, ...cells.map((cell) => cell.offset + cell.height + 2 * padding)) + (options.below ?? 0);
    if (this.y + height > this.bottom) {
      this.doc.addPage();
      this.y = this.drawPageHeader();
      this.heading();
    }
    if (this.shaded) this.doc.rect(this.left, this.y, this.width, height).fill('#f1f4f7');
    this.shaded = !this.shaded;
    this.draw(cells, padding, style);
    const top = this.y;
    this.y += height;
    return { top, height };
  }

  /** Where the next thing below the table may be drawn. */
  end(): number {
    this.doc.x = this.left;
    this.doc.y = this.y + 10;
    return this.doc.y;
  }

  private fit(values: string[], style: CellStyle, maxLines: (column: PdfColumn) => number): Cell[] {
    const { doc } = this;
    useFont(doc, style.font, FONT_SIZE);
    return this.columns.map((column, index) => {
      const width = column.width - 2 * PADDING;
      const lines = maxLines(column);
      const fitted = fitText(doc, values[index] ?? '', { width, maxLines: lines === 1 ? MAX_LINES : lines });
      const whole = { ...fitted, size: FONT_SIZE, offset: 0 };
      if (fitted.lines === 1) return whole;
      // A one-line value in smaller type, when that is enough; in a wrapping column, its longest word, which
      // would otherwise be broken inside («Almacenamient-o»). Else it stays wrapped at its size.
      const widest =
        lines === 1
          ? doc.widthOfString(fitted.text)
          : // pdfkit's wrapper measures a word with the space after it.
            Math.max(...fitted.text.split(' ').map((word) => doc.widthOfString(`${word} `)));
      if (widest <= width) return whole;
      const size = Math.floor(((FONT_SIZE * width) / widest) * 10) / 10;
      if (size < MIN_FONT_SIZE) return whole;
      const lineHeight = doc.currentLineHeight(true);
      doc.fontSize(size);
      const smaller = fitText(doc, fitted.text, { width, maxLines: lines === 1 ? 1 : lines });
      const offset = lineHeight - doc.currentLineHeight(true);
      doc.fontSize(FONT_SIZE);
      return lines === 1 && smaller.width === undefined ? whole : { ...smaller, size, offset };
    });
  }

  /** The space above and below the text that centres one line in a band of this height. */
  private padding(height: number): number {
    return (height - this.doc.currentLineHeight(true)) / 2;
  }

  /** Cells top-aligned, so the first lines of a row read across even when one cell wraps. */
  private draw(cells: Cell[], padding: number, style: CellStyle): void {
    const { doc } = this;
    useFont(doc, style.font, FONT_SIZE).fillColor(style.color);
    let x = this.left;
    this.columns.forEach((column, index) => {
      const cell = cells[index]!;
      doc.fontSize(cell.size);
      drawFitted(doc, cell, x + PADDING, this.y + padding + cell.offset, {
        width: column.width - 2 * PADDING,
        align: column.align ?? 'left',
      });
      x += column.width;
    });
    doc.fontSize(FONT_SIZE);
  }
}
