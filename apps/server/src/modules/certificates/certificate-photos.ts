import sharp from 'sharp';

/** How many of a device's photos the certificate shows; the rest are counted ("+2 fotos más"). */
export const PHOTOS_SHOWN = 3;

/**
 * The longest side of a photo on the certificate, in pixels: drawn 60 pt wide, that is about 215 dpi, sharp on
 * paper. A phone's photo (up to 2 MB) becomes ~5–10 KB, so a certificate with many photos stays small.
 */
const PIXELS = 180;

/** A photo as the certificate embeds it: a small JPEG (pdfkit embeds JPEG and PNG as they are, WebP not at all). */
export interface CertificatePhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** A device's photos on the certificate: the first PHOTOS_SHOWN, small, and how many it has in all. */
export interface DevicePhotos {
  shown: CertificatePhoto[];
  total: number;
}

/**
 * A stored photo (JPEG or WebP, checked by its bytes on upload) made small, upright and JPEG for the certificate;
 * null when its bytes cannot be decoded, so one broken photo never stops a certificate from being issued.
 */
export async function certificatePhoto(bytes: Buffer): Promise<CertificatePhoto | null> {
  try {
    const { data, info } = await sharp(bytes)
      .rotate()
      .resize(PIXELS, PIXELS, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/**
 * `work` over `values`, `limit` at a time: each photo is read whole (up to 2 MB) before it is made small, so an
 * order of 150 photos never holds them all in memory at once, and the 2 cores are not all taken by decoding.
 */
export async function mapLimited<T, R>(values: T[], limit: number, work: (value: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(values.length);
  let next = 0;
  const worker = async () => {
    while (next < values.length) {
      const index = next++;
      results[index] = await work(values[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, worker));
  return results;
}
