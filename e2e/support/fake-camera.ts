import { mkdirSync, openSync, closeSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A fake camera for Chromium (--use-file-for-fake-video-capture): a YUV4MPEG2 video showing real trap labels,
 * rendered from the PDFs the server prints, one after another. Chromium loops the file, so a test that
 * needs several codes sees each in turn.
 */
export const CAMERA = { width: 640, height: 480, fps: 10 } as const;

/** A video's frame size and rate (width and height even, for 4:2:0 chroma). */
interface VideoFormat {
  width: number;
  height: number;
  fps: number;
}

const require = createRequire(import.meta.url);
const standardFontDataUrl = new URL('standard_fonts/', `file://${require.resolve('pdfjs-dist/package.json')}`).pathname;

/** pdfjs renders through its bundled @napi-rs/canvas in Node; its typings leave the factory untyped. */
interface NodeCanvasFactory {
  create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
}

/** One camera frame: the label centred on white, as RGBA pixels. */
export async function labelFrame(pdf: Buffer, size: VideoFormat = CAMERA): Promise<Uint8ClampedArray> {
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, verbosity: 0 }).promise;
  try {
    const page = await document.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    // The label fills most of the height, as a label held at arm's length in front of a phone would.
    const scale = Math.min((size.width * 0.92) / unscaled.width, (size.height * 0.92) / unscaled.height);
    const viewport = page.getViewport({ scale });
    const { canvas, context } = (document.canvasFactory as NodeCanvasFactory).create(size.width, size.height);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    const offsetX = Math.round((size.width - viewport.width) / 2);
    const offsetY = Math.round((size.height - viewport.height) / 2);
    await page.render({ canvas, canvasContext: context, viewport, transform: [1, 0, 0, 1, offsetX, offsetY] }).promise;
    return context.getImageData(0, 0, size.width, size.height).data;
  } finally {
    await document.destroy();
  }
}

/** RGBA → planar YCbCr 4:2:0, full range (BT.601, 'C420jpeg'), chroma averaged over each 2×2 block. */
export function toYuv420(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const luma = Buffer.alloc(width * height);
  const chromaWidth = width / 2;
  const cb = Buffer.alloc((width * height) / 4);
  const cr = Buffer.alloc((width * height) / 4);
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      luma[y * width + x] = clamp(0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!);
    }
  }
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((y + dy) * width + x + dx) * 4;
        r += rgba[i]!;
        g += rgba[i + 1]!;
        b += rgba[i + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const j = (y / 2) * chromaWidth + x / 2;
      cb[j] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      cr[j] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  return Buffer.concat([luma, cb, cr]);
}

/**
 * Writes a Y4M that shows each label PDF for `secondsEach` seconds, in the order given; `format` for a smaller
 * or slower video than the default camera (a long round of labels). `leadInSeconds` of blank white first: Chromium
 * plays the file from its first frame the moment the page opens the camera, while the app is still starting its
 * decoder, so a first label shown for less than a second would be half gone before anything could read it (a
 * technician holds the first label until it is read).
 */
export async function writeLabelVideo(
  file: string,
  labels: Buffer[],
  secondsEach = 2,
  format: VideoFormat = CAMERA,
  leadInSeconds = 0,
): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const repeats = Math.max(1, Math.round(secondsEach * format.fps));
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `YUV4MPEG2 W${format.width} H${format.height} F${format.fps}:1 Ip A1:1 C420jpeg\n`);
    const blank = toYuv420(
      new Uint8ClampedArray(format.width * format.height * 4).fill(255),
      format.width,
      format.height,
    );
    for (let frame = 0; frame < Math.round(leadInSeconds * format.fps); frame++) {
      writeSync(fd, 'FRAME\n');
      writeSync(fd, blank);
    }
    for (const label of labels) {
      const frame = toYuv420(await labelFrame(label, format), format.width, format.height);
      for (let repeat = 0; repeat < repeats; repeat++) {
        writeSync(fd, 'FRAME\n');
        writeSync(fd, frame);
      }
    }
  } finally {
    closeSync(fd);
  }
}
