import { PLAN_IMAGE_MAX_BYTES } from './plan-file';

/** The longer side of the image a PDF plan becomes: a plant's labels stay readable when zoomed in. */
const TARGET_PIXELS = 4000;
/** Never more than 6× the page's own size: a small page is not blown up into a blur. */
const MAX_SCALE = 6;

/**
 * The first page of a PDF plan drawn into a PNG (a JPEG when the PNG would pass 15 MB), in the browser: the
 * server stores images only. pdf.js is loaded here, on the plans screen only, and its worker is the file our own
 * build emitted, never a CDN's.
 */
export async function pdfToImage(file: Blob): Promise<{ image: Blob; pages: number; fileName: string }> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const document = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false })
    .promise;
  try {
    const page = await document.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(TARGET_PIXELS / Math.max(base.width, base.height), MAX_SCALE);
    const viewport = page.getViewport({ scale });
    const canvas = window.document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport, background: '#ffffff' }).promise;
    let image = await canvasBlob(canvas, 'image/png');
    if (image.size > PLAN_IMAGE_MAX_BYTES) image = await canvasBlob(canvas, 'image/jpeg', 0.9);
    return { image, pages: document.numPages, fileName: image.type === 'image/png' ? 'plano.png' : 'plano.jpg' };
  } finally {
    await document.destroy();
  }
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas'))), type, quality),
  );
}
