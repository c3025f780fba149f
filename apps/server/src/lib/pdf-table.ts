export interface PdfColumn {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

const FONT_SIZE = 8.5;
const ROW_HEIGHT = 16;
const HEADER_HEIGHT = 18;
const PADDING = 4;

/**
 * A paginating table for pdfkit: rows are drawn as they come, and each new page starts with the page
 * header the caller draws and the column headings again, so a printed page stands on its own.
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
    const { doc } = this;
    doc.rect(this.left, this.y, this.width, HEADER_HEIGHT).fill('#1f3b57');
    this.cells(
      this.columns.map((column) => column.header),
      HEADER_HEIGHT,
      { font: 'Helvetica-Bold', color: 'white' },
    );
    this.y += HEADER_HEIGHT;
    this.shaded = false;
  }

  row(values: string[], options: { color?: string; bold?: boolean } = {}): void {
    const { doc } = this;
    if (this.y + ROW_HEIGHT > this.bottom) {
      doc.addPage();
      this.y = this.drawPageHeader();
      this.heading();
    }
    if (this.shaded) doc.rect(this.left, this.y, this.width, ROW_HEIGHT).fill('#f1f4f7');
    this.shaded = !this.shaded;
    this.cells(values, ROW_HEIGHT, {
      font: options.bold ? 'Helvetica-Bold' : 'Helvetica',
      color: options.color ?? '#1a1a1a',
    });
    this.y += ROW_HEIGHT;
  }

  /** Where the next thing below the table may be drawn. */
  end(): number {
    this.doc.x = this.left;
    this.doc.y = this.y + 10;
    return this.doc.y;
  }

  private cells(values: string[], height: number, style: { font: string; color: string }): void {
    const { doc } = this;
    let x = this.left;
    doc.font(style.font).fontSize(FONT_SIZE).fillColor(style.color);
    this.columns.forEach((column, index) => {
      doc.text(values[index] ?? '', x + PADDING, this.y + (height - FONT_SIZE) / 2, {
        width: column.width - 2 * PADDING,
        align: column.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += column.width;
    });
  }
}
