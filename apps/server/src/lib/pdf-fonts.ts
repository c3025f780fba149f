import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts every PDF embeds. DejaVu Sans covers Latin with any accent, Greek and Cyrillic; pdfkit's
 * built-in Helvetica only knows WinAnsi and prints anything else as garbage. The condensed cuts fit table
 * columns sized for Helvetica; the mono cut prints QR slugs.
 */
export const FONT = {
  regular: 'DejaVuSans',
  bold: 'DejaVuSans-Bold',
  condensed: 'DejaVuSansCondensed',
  condensedBold: 'DejaVuSansCondensed-Bold',
  mono: 'DejaVuSansMono',
} as const;
export type FontName = (typeof FONT)[keyof typeof FONT];

const require = createRequire(import.meta.url);
// The fontkit pdfkit itself lays text out with, opened here only to learn what each font covers.
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
  create(data: Uint8Array): { characterSet: number[] };
};

/**
 * Read once per process; each document parses its own copy. pdfkit would also take one parsed font for
 * every document (saving about 15 ms a font and document), but fontkit caches each glyph with the
 * characters it was first reached by: once a document has embedded "ú", built from "u", the cached "u" has
 * none, and "producto" in the next document extracts as "prod\u0013cto". `covers` is what each font has a
 * glyph for (the mono cut has about half of what the others have).
 */
const fonts = new Map(
  Object.values(FONT).map((name) => {
    const bytes = fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`));
    return [name, { bytes, covers: new Set(fontkit.create(bytes).characterSet) }] as const;
  }),
);

/** The font each document is drawing with, as chosen through useFont. */
const current = new WeakMap<PDFKit.PDFDocument, FontName>();

export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, { bytes }] of fonts) doc.registerFont(name, bytes);
  useFont(doc, FONT.regular);
}

/** Chooses the font (and size) to draw with; text is made printable for the font chosen here. */
export function useFont(doc: PDFKit.PDFDocument, name: FontName, size?: number): PDFKit.PDFDocument {
  current.set(doc, name);
  doc.font(name);
  if (size !== undefined) doc.fontSize(size);
  return doc;
}

/**
 * U+FFFD, the replacement character, stands for what the font cannot draw: readers know it as "a character
 * is missing here", and it extracts as itself. A box such as U+25A1 would read as an unticked checkbox in a
 * report about inspections.
 */
export const MISSING_GLYPH = '\uFFFD';

/** Line and paragraph breaks in a name would break one-line layouts (cells, labels); a name is one line. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function drawable(text: string, covers: Set<number>): boolean {
  for (const char of text) if (!covers.has(char.codePointAt(0)!)) return false;
  return true;
}

/**
 * The text as the current font can print it: composed (NFC, so "Jose\u0301" prints and extracts as
 * "José"), on one line, and with each grapheme the font cannot draw (an emoji, a flag, a CJK character)
 * shown as one MISSING_GLYPH instead of the font's blank or garbage glyph. Every string a PDF draws goes
 * through here, and is measured after it, so a width is the width of what is printed.
 */
export function printable(doc: PDFKit.PDFDocument, text: string): string {
  const name = current.get(doc);
  if (!name) throw new Error('Text drawn before useFont chose a font');
  const { covers } = fonts.get(name)!;
  const composed = text.normalize('NFC').replace(BREAKS, ' ');
  if (drawable(composed, covers)) return composed;
  let result = '';
  for (const { segment } of graphemes.segment(composed)) result += drawable(segment, covers) ? segment : MISSING_GLYPH;
  return result;
}
