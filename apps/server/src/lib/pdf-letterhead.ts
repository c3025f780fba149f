import { FONT, type FontName, useFont } from './pdf-fonts.js';
import { drawText } from './pdf-text.js';

/** The company that heads every PDF and label (company settings, DESIGN-audit.md "Certificates…"). */
export interface Letterhead {
  name: string;
  taxId: string | null;
  address: string | null;
  phone: string | null;
  /** The biocide-service registry: "ROESB 0123-CAT" or the local equivalent. */
  registryNumber: string | null;
  technicalManager: string | null;
  /** A PNG of at most 600 pixels a side (re-encoded at upload), or null. */
  logo: Buffer | null;
}

/** Where the PDF makers get it, when they are about to draw: undefined until the company is saved. */
export type LetterheadSource = () => Promise<Letterhead | undefined>;

/** pdfkit's opened image (its types do not declare openImage); doc.image takes it as it takes a Buffer. */
interface PdfImage {
  width: number;
  height: number;
}
const openImage = (doc: PDFKit.PDFDocument, png: Buffer) =>
  (doc as unknown as { openImage(src: Buffer): PdfImage }).openImage(png);
/** Each document's letterhead, with its logo opened once: every page then refers to the same embedded image. */
const letterheads = new WeakMap<PDFKit.PDFDocument, Letterhead & { image: PdfImage | null }>();

/**
 * Heads `doc` with the company: every page header drawn from then on (drawPageHeader) and every label
 * (labelHeading) shows it in place of the product's name. Without one, documents look as they always did.
 */
export function applyLetterhead(doc: PDFKit.PDFDocument, letterhead: Letterhead | undefined): void {
  if (letterhead) letterheads.set(doc, { ...letterhead, image: letterhead.logo && openImage(doc, letterhead.logo) });
}

/** The details line under the name: tax id, registry, technical manager, phone, in that order. */
export function letterheadDetails(letterhead: Letterhead): string[] {
  return [
    letterhead.taxId && `NIF ${letterhead.taxId}`,
    letterhead.registryNumber && `Registro ${letterhead.registryNumber}`,
    letterhead.technicalManager && `Responsable técnico: ${letterhead.technicalManager}`,
    letterhead.phone && `Tel. ${letterhead.phone}`,
    letterhead.address,
  ].filter((part): part is string => Boolean(part));
}

/** Logo box of a page header: as tall as the band, at most twice as wide. */
const LOGO_HEIGHT = 32;
const LOGO_MAX_WIDTH = 96;

/**
 * Draws the company in a page header's left part, `width` wide and 34 pt tall from (x, y): the logo, then the
 * name in bold and two lines of details (NIF and registry; technical manager and phone, then the address, as
 * far as they fit). Answers how wide it printed, or undefined when the document has no letterhead.
 */
export function drawLetterhead(doc: PDFKit.PDFDocument, x: number, y: number, width: number): number | undefined {
  const letterhead = letterheads.get(doc);
  if (!letterhead) return undefined;
  let textX = x;
  const { image } = letterhead;
  if (image) {
    const scale = Math.min(LOGO_HEIGHT / image.height, LOGO_MAX_WIDTH / image.width);
    doc.image(image as unknown as Buffer, x, y, { width: image.width * scale, height: image.height * scale });
    textX = x + image.width * scale + 8;
  }
  const textWidth = Math.max(0, x + width - textX);
  const [first, second, ...rest] = letterheadDetails(letterhead);
  let printed = 0;
  const line = (text: string, font: FontName, size: number, color: string, top: number) => {
    useFont(doc, font, size).fillColor(color);
    drawText(doc, text, textX, top, { width: textWidth, maxLines: 1 });
    printed = Math.max(printed, Math.min(textWidth, doc.widthOfString(text)));
  };
  line(letterhead.name, FONT.bold, 12, '#1f3b57', y);
  const details = [first, second].filter(Boolean).join(' · ');
  if (details) line(details, FONT.regular, 7.5, '#444444', y + 15);
  // The third line holds whole parts only, as many as fit: the address goes before the phone is cut.
  useFont(doc, FONT.regular, 7.5);
  const fitting: string[] = [];
  for (const part of rest) {
    if (fitting.length > 0 && doc.widthOfString([...fitting, part].join(' · ')) > textWidth) break;
    fitting.push(part);
  }
  if (fitting.length > 0) line(fitting.join(' · '), FONT.regular, 7.5, '#444444', y + 24.5);
  return textX - x + printed;
}

/**
 * The top line of a trap label: the company's name, with its phone when both fit on the line at `size`;
 * undefined without a letterhead (the label keeps the product's name). The QR's size does not change.
 */
export function labelHeading(doc: PDFKit.PDFDocument, width: number, size: number): string | undefined {
  const letterhead = letterheads.get(doc);
  if (!letterhead) return undefined;
  if (!letterhead.phone) return letterhead.name;
  const withPhone = `${letterhead.name} · Tel. ${letterhead.phone}`;
  useFont(doc, FONT.regular, size);
  return doc.widthOfString(withPhone) <= width ? withPhone : letterhead.name;
}
