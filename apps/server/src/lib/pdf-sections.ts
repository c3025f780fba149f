import { PassThrough, type Readable } from 'node:stream';
import { createDocument, drawPageHeader } from './pdf-document.js';
import { FONT, useFont } from './pdf-fonts.js';
import { type PdfColumn, PdfTable } from './pdf-table.js';
import { drawText, fittingSize } from './pdf-text.js';
import { pacedOutput } from './paced-stream.js';

export const MARGIN = 40;
/** Header band (drawPageHeader) and the section's title under it. */
export const HEADER_BOTTOM = MARGIN + 44;
export const SECTION_TITLE_HEIGHT = 26;
/** Rows drawn between turns of the event loop (and waits for the reader, when streaming). */
export const ROWS_PER_TURN = 100;

export interface PdfSection<Id extends string> {
  id: Id;
  title: string;
}

/** Where each section began, learnt by a first layout, and how many pages the document has. */
export interface KnownPages<Id extends string> {
  starts: Map<Id, number>;
  total: number;
}

/**
 * A long document of numbered sections, each beginning on a page of its own: the page header on every page,
 * "Página N de M" at every foot, and the pieces a section is written with (subtitles, paragraphs, what an empty
 * section says, tables whose rows yield to the event loop). `known` is what a first layout learnt (renderInTwoPasses):
 * without it the pages are counted, not numbered "de M".
 */
export class SectionedPdf<Id extends string> {
  page = 1;
  readonly starts = new Map<Id, number>();

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly layout: { title: string; reference: string; sections: readonly PdfSection<Id>[] },
    readonly known: KnownPages<Id> | undefined,
    readonly pace: () => Promise<void>,
  ) {
    doc.on('pageAdded', () => {
      this.page++;
      this.footer();
    });
  }

  /** What the first layout learns: where each section began and the number of pages. */
  pages(): KnownPages<Id> {
    return { starts: this.starts, total: this.page };
  }

  get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  get bottom(): number {
    return this.doc.page.height - MARGIN;
  }

  header = (): number => drawPageHeader(this.doc, this.layout.title, this.layout.reference);

  /** "Página N de M" at the foot of every page, drawn when the page is added (nothing else moves). */
  footer(): void {
    const { doc } = this;
    const { x, y } = doc;
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = doc.page.height - 28;
    // The document and its reference whole, left of the page number: smaller for a long site name, or two lines.
    const text = `${this.layout.title} · ${this.layout.reference}`;
    const width = this.width - 80;
    useFont(doc, FONT.regular, 7.5).fillColor('#555555');
    const size = fittingSize(doc, text, width, 7.5);
    doc.fontSize(Math.max(size, 6));
    drawText(doc, text, MARGIN, top, { width, maxLines: size < 6 ? 2 : 1 });
    const page = this.known ? `Página ${this.page} de ${this.known.total}` : `Página ${this.page}`;
    useFont(doc, FONT.regular, 7.5);
    drawText(doc, page, MARGIN, top, { width: this.width, maxLines: 1, align: 'right' });
    doc.page.margins.bottom = bottomMargin;
    doc.x = x;
    doc.y = y;
  }

  /** A section begins on a new page: header, its number and title; answers where its content starts. */
  section(id: Id, layout: 'portrait' | 'landscape' = 'portrait', size: 'A4' | 'A3' = 'A4'): number {
    this.doc.addPage({ size, layout, margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN } });
    this.starts.set(id, this.page);
    this.header();
    const { sections } = this.layout;
    const index = sections.findIndex((section) => section.id === id);
    useFont(this.doc, FONT.bold, 14).fillColor('#1f3b57');
    drawText(this.doc, `${index + 1}. ${sections[index]!.title}`, MARGIN, HEADER_BOTTOM, {
      width: this.width,
      maxLines: 1,
    });
    this.doc.x = MARGIN;
    this.doc.y = HEADER_BOTTOM + SECTION_TITLE_HEIGHT;
    return this.doc.y;
  }

  subtitle(text: string): void {
    this.ensure(40);
    useFont(this.doc, FONT.bold, 10.5).fillColor('#1a1a1a');
    const y = this.doc.y;
    drawText(this.doc, text, MARGIN, y, { width: this.width, maxLines: 2 });
    this.doc.x = MARGIN;
    this.doc.y = y + 18;
  }

  paragraph(text: string, size = 9.5): void {
    useFont(this.doc, FONT.regular, size).fillColor('#1a1a1a');
    const y = this.doc.y;
    const height = drawText(this.doc, text, MARGIN, y, { width: this.width, maxLines: 30 });
    this.doc.x = MARGIN;
    this.doc.y = y + height + 6;
  }

  /**
   * Text of any length as its author wrote it (a conclusion, a scope): its paragraphs kept, over as many pages as
   * it takes, never cut. Long paragraphs go in pieces of a few lines, each kept whole on a page.
   */
  prose(text: string, size = 9.5): void {
    for (const piece of prosePieces(text)) {
      useFont(this.doc, FONT.regular, size);
      this.ensure(this.doc.heightOfString(piece, { width: this.width }) + 6);
      this.paragraph(piece, size);
    }
  }

  /** What an empty section says, in words: it never just vanishes. */
  empty(text: string): void {
    useFont(this.doc, FONT.bold, 10).fillColor('#7a4b00');
    const y = this.doc.y;
    drawText(this.doc, text, MARGIN, y, { width: this.width, maxLines: 3 });
    this.doc.x = MARGIN;
    this.doc.y = y + 20;
  }

  /** A new page (with the header) when less than `height` is left on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.header();
    }
  }

  /** A table as wide as the page, its columns' widths scaled to it, its heading repeated on each new page. */
  table(columns: PdfColumn[]): PdfTable {
    this.ensure(50);
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const scale = this.width / total;
    return new PdfTable(
      this.doc,
      columns.map((column) => ({ ...column, width: column.width * scale })),
      this.header,
    );
  }

  async rows<T>(table: PdfTable, items: T[], row: (item: T) => string[]): Promise<void> {
    for (const [index, item] of items.entries()) {
      if (index > 0 && index % ROWS_PER_TURN === 0) await this.pace();
      table.row(row(item));
    }
    table.end();
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The most characters of a piece of prose drawn at once: six lines or so of a portrait page. */
const PROSE_PIECE = 600;

/**
 * A text's paragraphs, each in pieces of at most PROSE_PIECE characters made of whole sentences (a sentence
 * longer than that is cut between words).
 */
export function prosePieces(text: string): string[] {
  const pieces: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    let piece = '';
    const add = (part: string) => {
      if (piece && piece.length + 1 + part.length > PROSE_PIECE) {
        pieces.push(piece);
        piece = part;
      } else piece = piece ? `${piece} ${part}` : part;
    };
    for (const sentence of paragraph
      .trim()
      .split(/(?<=[.!?…;:])\s+/)
      .filter(Boolean)) {
      if (sentence.length <= PROSE_PIECE) add(sentence);
      else for (const word of sentence.split(/\s+/)) add(word);
    }
    if (piece) pieces.push(piece);
  }
  return pieces;
}

/**
 * A document whose first pages name where later ones begin (an index), as a PDF stream. pdfkit writes pages as
 * they are finished, so the page numbers are learnt by laying the document out once into a sink that drops the
 * bytes, then laid out again with the numbers in place, this time into the response, paced by the reader.
 * Memory holds the data read once and a page or two of output, whatever the document's size. `layOut` draws the
 * whole document on `doc` and answers its pages; in the first pass it is given no `known`.
 */
export async function renderInTwoPasses<Id extends string>(
  title: string,
  layOut: (
    doc: PDFKit.PDFDocument,
    known: KnownPages<Id> | undefined,
    pace: () => Promise<void>,
  ) => Promise<KnownPages<Id>>,
): Promise<Readable> {
  const sink = new PassThrough();
  const measuring = createDocument(title);
  measuring.pipe(sink);
  sink.resume();
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve).on('error', reject);
  });
  // Only where things fall matters in this pass: text is measured and wrapped as in the real one, but not
  // written out (pdfkit's _fragment emits a laid-out line; nothing it does moves the layout), and images need
  // not be embedded (`known` is undefined). A third of the pass's time on an audit pack of 2,000 devices.
  (measuring as unknown as { _fragment: () => void })._fragment = () => undefined;
  const known = await layOut(measuring, undefined, turn);
  measuring.end();
  await finished;

  const doc = createDocument(title);
  const { output, caughtUp } = pacedOutput(doc);
  layOut(doc, known, caughtUp)
    .then(() => doc.end())
    .catch((error: unknown) => output.destroy(error as Error));
  return output;
}
