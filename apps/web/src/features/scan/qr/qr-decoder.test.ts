import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQrDecoder } from './qr-decoder';

class FakeWorker {
  static created: { url: string; options: WorkerOptions | undefined }[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor(url: URL, options?: WorkerOptions) {
    FakeWorker.created.push({ url: url.href, options });
  }
  postMessage() {}
  terminate() {}
}

describe('createQrDecoder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.created = [];
  });

  it("uses the browser's BarcodeDetector when it reads QR codes", async () => {
    const detect = vi.fn(async () => [{ rawValue: 'abcd1234efgh5678jkmn' }]);
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['ean_13', 'qr_code'];
        constructor(readonly options: { formats: string[] }) {}
        detect = detect;
      },
    );
    vi.stubGlobal('Worker', FakeWorker);
    const decoder = await createQrDecoder();
    const video = document.createElement('video');
    await expect(decoder.decode(video)).resolves.toEqual(['abcd1234efgh5678jkmn']);
    expect(detect).toHaveBeenCalledWith(video);
    expect(FakeWorker.created).toHaveLength(0);
  });

  it('falls back to zxing-wasm in a module worker when there is no native QR detector', async () => {
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['ean_13'];
      },
    );
    vi.stubGlobal('Worker', FakeWorker);
    const decoder = await createQrDecoder();
    expect(FakeWorker.created).toHaveLength(1);
    expect(FakeWorker.created[0]!.url).toMatch(/qr-worker\.ts/);
    expect(FakeWorker.created[0]!.options).toMatchObject({ type: 'module' });
    decoder.dispose();
  });
});
