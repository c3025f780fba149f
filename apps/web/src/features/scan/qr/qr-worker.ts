import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
// The packaged .wasm of the installed zxing-wasm, emitted with the build: never the CDN copy it defaults to.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { DecodeReply, DecodeRequest } from './qr-messages';

/** A module worker: decoding a frame takes tens of milliseconds that the camera preview must not lose. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: DecodeReply): void;
};

const ready = prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  fireImmediately: true,
});

let canvas: OffscreenCanvas | null = null;

function pixels(frame: ImageBitmap | ImageData): ImageData {
  if (!(frame instanceof ImageBitmap)) return frame;
  if (!canvas || canvas.width !== frame.width || canvas.height !== frame.height)
    canvas = new OffscreenCanvas(frame.width, frame.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('2d context unavailable');
  context.drawImage(frame, 0, 0);
  frame.close();
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

scope.onmessage = async ({ data }) => {
  try {
    await ready;
    const results = await readBarcodes(pixels(data.frame), {
      formats: ['QRCode'],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    scope.postMessage({
      id: data.id,
      texts: results.filter((result) => result.isValid && result.text).map((result) => result.text),
    });
  } catch (error) {
    scope.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
