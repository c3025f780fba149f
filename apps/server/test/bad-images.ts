import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A drawn signature as a phone's canvas exports it: a dark stroke on a transparent PNG. */
export async function signaturePng(width = 600, height = 200): Promise<Buffer> {
  const stroke = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M20 150 C 120 20, 220 180, 320 60 S 520 140, 580 40" stroke="#0b2a6f" stroke-width="8" fill="none"/></svg>`;
  return sharp(Buffer.from(stroke)).png().toBuffer();
}

/** PNG's chunk checksum (CRC-32 of the type and data), so a crafted chunk passes every reader's check. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's header chunk: `width` × `height`, 8-bit RGBA unless told. */
function ihdr(width: number, height: number, { bits = 8, colorType = 6 } = {}): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bits;
  data[9] = colorType;
  return chunk('IHDR', data);
}

/**
 * Images whose first bytes are a real PNG's and whose rest is not: what decoding only the header lets through.
 * Each one, given to pdfkit, throws; the ones with transparency throw from a zlib callback (the process ends).
 */
export async function brokenPngs(): Promise<Record<string, Buffer>> {
  const good = await signaturePng();
  // Valid chunks with checksums; the image data inflates to a few bytes instead of 600 × 200 pixels.
  const shortData = Buffer.concat([
    PNG_SIGNATURE,
    ihdr(600, 200),
    chunk('IDAT', deflateSync(Buffer.alloc(10))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  // Valid chunks with checksums; the image data is no zlib stream at all.
  const junkData = Buffer.concat([
    PNG_SIGNATURE,
    ihdr(600, 200),
    chunk('IDAT', Buffer.from('esto no es zlib '.repeat(20))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return {
    'the first 16 bytes of a PNG, then junk': Buffer.concat([good.subarray(0, 16), Buffer.alloc(600, 0x41)]),
    'a PNG cut at 60 %': good.subarray(0, Math.floor(good.length * 0.6)),
    'image data too short for its size': shortData,
    'image data that is no zlib stream': junkData,
  };
}

/**
 * A PNG of `width` × `height` pixels of two colours in a few KB: what a header-only check lets through and a
 * decoder then spends a gigabyte on (9,000 × 9,000 is 157 KB, under a signature's byte limit).
 */
export function hugePng(width: number, height: number): Buffer {
  // One bit a pixel, black: each row is its filter byte and zeros, which deflate packs a thousand to one.
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, { bits: 1, colorType: 0 }),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose header claims `width` × `height` pixels, followed by too little data for any of them. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  const out = Buffer.from(small);
  // The start-of-frame marker (FFC0) holds the height, then the width, five and seven bytes after it.
  const sof = out.indexOf(Buffer.from([0xff, 0xc0]));
  out.writeUInt16BE(height, sof + 5);
  out.writeUInt16BE(width, sof + 7);
  return out;
}

/** A phone photo: noise (so it does not compress to nothing) with EXIF naming the phone and where it was. */
export function photoWithExif(width = 800, height = 600): Promise<Buffer> {
  return (
    sharp({
      create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    })
      .jpeg({ quality: 80 })
      .withExif({
        IFD0: { Make: 'TeléfonoEspía', Model: 'Modelo X-9000' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '3/1 42/1 0/1' },
      })
      // Turned a quarter clockwise, as a phone held upright saves it.
      .withMetadata({ orientation: 6 })
      .toBuffer()
  );
}
