import type { Page } from '@playwright/test';

/**
 * A photo as a phone's camera gives it: a large JPEG (drawn by the page's own canvas) carrying EXIF with a
 * description, the kind of metadata (place, phone) that must not leave the phone.
 */
export async function cameraPhoto(page: Page, width: number, height: number, description: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#e9dcc3');
      gradient.addColorStop(1, '#8a7a5c');
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      // A glue board with a few dark specks on it.
      context.fillStyle = '#f6f1a8';
      context.fillRect(width * 0.2, height * 0.2, width * 0.6, height * 0.6);
      context.fillStyle = '#2b1d0e';
      for (let index = 0; index < 40; index++) {
        context.beginPath();
        context.ellipse(
          width * (0.25 + ((index * 37) % 50) / 100),
          height * (0.25 + ((index * 53) % 50) / 100),
          width * 0.008,
          height * 0.005,
          index,
          0,
          Math.PI * 2,
        );
        context.fill();
      }
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((each) => resolve(each!), 'image/jpeg', 0.92));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { width, height },
  );
  return withExif(Buffer.from(base64, 'base64'), description);
}

/** The JPEG with an EXIF segment (APP1) right after its start, holding an ImageDescription. */
export function withExif(jpeg: Buffer, description: string): Buffer {
  const text = Buffer.from(`${description}\0`, 'ascii');
  // TIFF, big-endian: header (8), one IFD with one entry (2 + 12 + 4), then the text the entry points at.
  const tiff = Buffer.alloc(8 + 2 + 12 + 4 + text.length);
  tiff.write('MM', 0, 'ascii');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x010e, 10); // ImageDescription
  tiff.writeUInt16BE(2, 12); // ASCII
  tiff.writeUInt32BE(text.length, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt32BE(0, 22);
  text.copy(tiff, 26);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'ascii'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** A JPEG's size in pixels, read from its frame header (SOF0–SOF2). */
export function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset + 9 < jpeg.length) {
    if (jpeg[offset] !== 0xff) throw new Error(`Not a JPEG marker at ${offset}`);
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc2) {
      return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error('No frame header in the JPEG');
}
