import type { DecodeReply, DecodeRequest } from './qr-messages';

/** Reads the QR codes in the video's current frame. An empty list means none is in view; a throw is a failure. */
export interface QrDecoder {
  decode(video: HTMLVideoElement): Promise<string[]>;
  dispose(): void;
}

/** The Shape Detection API, where the browser has it (Chrome on Android and macOS, Safari on some versions). */
interface NativeBarcodeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetectorClass(): Promise<NativeBarcodeDetectorClass | null> {
  const candidate = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (!candidate) return null;
  try {
    return (await candidate.getSupportedFormats()).includes('qr_code') ? candidate : null;
  } catch {
    return null;
  }
}

function nativeDecoder(Detector: NativeBarcodeDetectorClass): QrDecoder {
  const detector = new Detector({ formats: ['qr_code'] });
  return {
    decode: async (video) => (await detector.detect(video)).map((code) => code.rawValue).filter(Boolean),
    dispose: () => {},
  };
}

/** zxing-wasm in a module worker; frames go over as transferred ImageBitmaps. */
function workerDecoder(): QrDecoder {
  const worker = new Worker(new URL('./qr-worker.ts', import.meta.url), { type: 'module', name: 'qr-decoder' });
  const waiting = new Map<number, { resolve: (texts: string[]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let fallbackCanvas: HTMLCanvasElement | null = null;

  worker.onmessage = ({ data }: MessageEvent<DecodeReply>) => {
    const call = waiting.get(data.id);
    waiting.delete(data.id);
    if (!call) return;
    if ('error' in data) call.reject(new Error(data.error));
    else call.resolve(data.texts);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    for (const call of waiting.values()) call.reject(new Error(event.message || 'QR worker failed'));
    waiting.clear();
  };

  async function grab(video: HTMLVideoElement): Promise<ImageBitmap | ImageData> {
    if (typeof OffscreenCanvas === 'function' && typeof createImageBitmap === 'function')
      return createImageBitmap(video);
    fallbackCanvas ??= document.createElement('canvas');
    fallbackCanvas.width = video.videoWidth;
    fallbackCanvas.height = video.videoHeight;
    const context = fallbackCanvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('2d context unavailable');
    context.drawImage(video, 0, 0);
    return context.getImageData(0, 0, fallbackCanvas.width, fallbackCanvas.height);
  }

  return {
    async decode(video) {
      const frame = await grab(video);
      const id = nextId++;
      return new Promise<string[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const request: DecodeRequest = { id, frame };
        worker.postMessage(request, [frame instanceof ImageData ? frame.data.buffer : frame]);
      });
    },
    dispose() {
      worker.terminate();
      for (const call of waiting.values()) call.reject(new Error('QR decoder closed'));
      waiting.clear();
    },
  };
}

/** The browser's own detector when it reads QR codes, else zxing-wasm off the main thread. */
export async function createQrDecoder(): Promise<QrDecoder> {
  const Detector = await nativeDetectorClass();
  return Detector ? nativeDecoder(Detector) : workerDecoder();
}
