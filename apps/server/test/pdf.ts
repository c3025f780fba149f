import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
const standardFontDataUrl = new URL('standard_fonts/', `file://${require.resolve('pdfjs-dist/package.json')}`).pathname;

// zxing-wasm fetches its WebAssembly from a CDN unless given the bytes: hand it the packaged copy.
prepareZXingModule({
  overrides: {
    wasmBinary: fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer as ArrayBuffer,
  },
  fireImmediately: true,
});

/** pdfjs renders through @napi-rs/canvas in Node; its typings leave the factory untyped. */
interface NodeCanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: HTMLCanvasElement;
    context: CanvasRenderingContext2D;
  };
}

export interface RenderedPage {
  text: string;
  /** QR codes found in the page as rendered at 150 dpi, read by a real decoder. */
  qrCodes: string[];
}

/** Renders each page as a printer would and decodes what a camera would see. */
export async function readPdf(data: Buffer, options: { decodeQr?: boolean } = {}): Promise<RenderedPage[]> {
  const document = await getDocument({ data: new Uint8Array(data), standardFontDataUrl, verbosity: 0 }).promise;
  const pages: RenderedPage[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    let qrCodes: string[] = [];
    if (options.decodeQr) {
      const viewport = page.getViewport({ scale: 150 / 72 });
      const { canvas, context } = (document.canvasFactory as NodeCanvasFactory).create(viewport.width, viewport.height);
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      const image = context.getImageData(0, 0, viewport.width, viewport.height);
      const found = await readBarcodes(image, { formats: ['QRCode'], maxNumberOfSymbols: 255 });
      qrCodes = found.map((barcode) => barcode.text);
    }
    pages.push({ text, qrCodes });
  }
  await document.destroy();
  return pages;
}

/** What a printer and a second decoder see: the PDF's pages at 150 dpi (poppler), read by zbar. */
export function zbarQrCodes(pdf: Buffer): string[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-qr-'));
  try {
    fs.writeFileSync(path.join(folder, 'c.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-png', 'c.pdf', 'page'], { cwd: folder });
    return fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .flatMap((png) => {
        try {
          return execFileSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', png], {
            cwd: folder,
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
          })
            .split('\n')
            .filter(Boolean);
        } catch {
          return []; // zbarimg exits 4 on a page without a code.
        }
      });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
