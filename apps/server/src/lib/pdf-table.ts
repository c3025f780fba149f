import { FONT, useFont, type FontName } from './pdf-fonts.js';
import { drawFitted, fitText, type FittedText } from './pdf-text.js';

export interface PdfColumn {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
  /**
   * Dates, numbers and fixed words: kept on one line (cut with an ellipsis should one ever be too wide).
   * Other columns wrap, and the row grows to hold them.
   */
  singleLine?: boolean;
}

const FONT_SIZE = 8.5;
const MIN_ROW_HEIGHT = 16;
const HEADER_HEIGHT = 18;
const PADDING = 4;
/** Keeps any row well inside a page (12 lines are 119 pt): the widest valid name, 120 "W", takes 8. */
const MAX_LINES = 12;
const HEADING_LINES = 2;

type CellStyle = { font: FontName; color: string };

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
    const height = Math.max(HEADER_HEIGHT, ...cells.map((cell) => cell.height + 2 * padding));
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
    const height = Math.max(MIN_ROW_HEIGHT, ...cells.map((cell) => cell.height + 2 * padding)) + (options.below ?? 0);
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

  private fit(values: string[], style: CellStyle, maxLines: (column: PdfColumn) => number): FittedText[] {
    useFont(this.doc, style.font, FONT_SIZE);
    return this.columns.map((column, index) =>
      fitText(this.doc, values[index] ?? '', { width: column.width - 2 * PADDING, maxLines: maxLines(column) }),
    );
  }

  /** The space above and below the text that centres one line in a band of this height. */
  private padding(height: number): number {
    return (height - this.doc.currentLineHeight(true)) / 2;
  }

  /** Cells top-aligned, so the first lines of a row read across even when one cell wraps. */
  private draw(cells: FittedText[], padding: number, style: CellStyle): void {
    const { doc } = this;
    useFont(doc, style.font, FONT_SIZE).fillColor(style.color);
    let x = this.left;
    this.columns.forEach((column, index) => {
      drawFitted(doc, cells[index]!, x + PADDING, this.y + padding, {
        width: column.width - 2 * PADDING,
        align: column.align ?? 'left',
      });
      x += column.width;
    });
  }
}
