import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A piece of text as pdfjs extracts it, in points from the page's top-left corner. */
export interface TextItem {
  page: number;
  text: string;
  /** Left end of the baseline. */
  x: number;
  /** The baseline. */
  y: number;
  width: number;
  size: number;
}

export async function readTextItems(pdf: Buffer): Promise<TextItem[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const items: TextItem[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const height = page.getViewport({ scale: 1 }).height;
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [, , c, d, e, f] = item.transform as number[];
      items.push({ page: number, text: item.str, x: e!, y: height - f!, width: item.width, size: Math.hypot(c!, d!) });
    }
  }
  await document.destroy();
  return items;
}

/** Where an item's glyphs can reach: DejaVu rises 0.93 em above the baseline and drops 0.24 em below. */
export function boxOf(item: TextItem) {
  return {
    left: item.x,
    right: item.x + item.width,
    top: item.y - 0.93 * item.size,
    bottom: item.y + 0.24 * item.size,
  };
}

/** Pairs of items on one page whose glyph boxes cross by more than a rounding error. */
export function overlaps(items: TextItem[]): [TextItem, TextItem][] {
  const found: [TextItem, TextItem][] = [];
  const tolerance = 0.2;
  items.forEach((a, i) => {
    for (const b of items.slice(i + 1)) {
      if (a.page !== b.page) continue;
      const [p, q] = [boxOf(a), boxOf(b)];
      const apart =
        p.right <= q.left + tolerance ||
        q.right <= p.left + tolerance ||
        p.bottom <= q.top + tolerance ||
        q.bottom <= p.top + tolerance;
      if (!apart) found.push([a, b]);
    }
  });
  return found;
}

export interface PdfFont {
  name: string;
  embedded: boolean;
}

/** The fonts poppler's pdffonts finds on the pages, as a printer or viewer would load them. */
export function pdfFonts(pdf: Buffer): PdfFont[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-pdffonts-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    // Columns: name, type (may hold spaces), encoding, emb, sub, uni, object, generation.
    return lines.map((line) => {
      const columns = line.trim().split(/\s+/);
      return { name: columns[0]!, embedded: columns.at(-5) === 'yes' };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
