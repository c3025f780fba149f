import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { asc, inArray, sql } from 'drizzle-orm';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import type { Database } from '../../db/database.js';
import { files, products } from '../../db/schema.js';
import type { FileStorage } from '../../files/file-storage.js';

/** A product's label or safety data sheet, annexed to the pack after its last section. */
export interface PackAnnex {
  product: string;
  registrationNumber: string;
  kind: 'ETIQUETA' | 'FICHA_SEGURIDAD';
  /** The date printed on the document (as kept with it). */
  issuedOn: string;
  sha256: string;
  /** Its pages, appended as they are; 0 when it cannot be (a PDF protected by a password, or damaged). */
  pages: number;
  /** The parsed document, to copy its pages from; not a record (the fingerprint counts its SHA-256). */
  document: PDFDocument | null;
}

export const ANNEX_KIND_TEXT: Record<PackAnnex['kind'], string> = {
  ETIQUETA: 'Etiqueta',
  FICHA_SEGURIDAD: 'Ficha de datos de seguridad',
};

/**
 * The labels and safety data sheets of the products applied in the period (issue 30): read from the files
 * storage, parsed once with pdf-lib (the upload already checked them whole, files/documents.ts), and appended to
 * the pack's PDF as they are, each page marked as an annex and numbered on.
 */
export class PackAnnexes {
  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
  ) {}

  async of(productIds: number[]): Promise<PackAnnex[]> {
    if (!productIds.length) return [];
    const rows = await this.db
      .select({
        product: products.name,
        registrationNumber: products.registrationNumber,
        labelFileId: products.labelFileId,
        labelIssuedOn: products.labelIssuedOn,
        sdsFileId: products.sdsFileId,
        sdsIssuedOn: products.sdsIssuedOn,
      })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
    const wanted = rows.flatMap((row) => [
      ...(row.labelFileId !== null
        ? [{ row, kind: 'ETIQUETA' as const, fileId: row.labelFileId, issuedOn: row.labelIssuedOn! }]
        : []),
      ...(row.sdsFileId !== null
        ? [{ row, kind: 'FICHA_SEGURIDAD' as const, fileId: row.sdsFileId, issuedOn: row.sdsIssuedOn! }]
        : []),
    ]);
    const hashes = new Map(
      wanted.length
        ? (
            await this.db
              .select({ id: files.id, sha256: files.sha256 })
              .from(files)
              .where(
                inArray(
                  files.id,
                  wanted.map((item) => item.fileId),
                ),
              )
          ).map((file) => [file.id, file.sha256])
        : [],
    );
    const annexes: PackAnnex[] = [];
    for (const { row, kind, fileId, issuedOn } of wanted) {
      const document = await this.parse(fileId);
      annexes.push({
        product: row.product,
        registrationNumber: row.registrationNumber,
        kind,
        issuedOn,
        sha256: hashes.get(fileId) ?? '',
        pages: document?.getPageCount() ?? 0,
        document,
      });
    }
    return annexes;
  }

  /** The stored PDF parsed, or null when its pages cannot be copied (encrypted, unreadable, missing). */
  private async parse(fileId: number): Promise<PDFDocument | null> {
    try {
      const opened = await this.storage.open(fileId);
      if (!opened) return null;
      const document = await PDFDocument.load(await buffer(opened.content), {
        ignoreEncryption: true,
        updateMetadata: false,
      });
      return document.isEncrypted ? null : document;
    } catch {
      return null;
    }
  }
}

/** The characters of `text` the standard font can write (WinAnsi); others become «?». */
function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/**
 * The pack with its annexes' pages after its last one: each page as the document has it, with a line at its
 * foot on white saying whose annex it is, and "Página N de M" continuing the pack's. `title` is the pack's
 * footer text.
 */
export async function appendAnnexes(pack: Readable, annexes: PackAnnex[], title: string): Promise<Readable> {
  const output = await PDFDocument.load(await buffer(pack), { updateMetadata: false });
  const font = await output.embedFont(StandardFonts.Helvetica);
  const total = output.getPageCount() + annexes.reduce((sum, annex) => sum + annex.pages, 0);
  for (const annex of annexes) {
    if (!annex.document) continue;
    const copied = await output.copyPages(annex.document, annex.document.getPageIndices());
    for (const page of copied) {
      output.addPage(page);
      const { width } = page.getSize();
      const { x, y } = page.getMediaBox();
      const size = 7;
      const left = writable(
        font,
        `${title} · Anexo: ${annex.product} · ${ANNEX_KIND_TEXT[annex.kind]} (${annex.issuedOn.split('-').reverse().join('-')})`,
      );
      const right = `Página ${output.getPageCount()} de ${total}`;
      page.drawRectangle({ x, y, width, height: 16, color: rgb(1, 1, 1) });
      page.drawText(left, { x: x + 24, y: y + 5, size, font, color: rgb(0.33, 0.33, 0.33), maxWidth: width * 0.7 });
      page.drawText(right, {
        x: x + width - 24 - font.widthOfTextAtSize(right, size),
        y: y + 5,
        size,
        font,
        color: rgb(0.33, 0.33, 0.33),
      });
    }
  }
  return Readable.from([Buffer.from(await output.save({ useObjectStreams: false }))]);
}
