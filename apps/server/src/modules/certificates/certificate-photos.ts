import type { PrintThumbnail } from '../../lib/print-thumbnail.js';

/** How many of a device's photos the certificate shows; the rest are counted ("+2 fotos más"). */
export const PHOTOS_SHOWN = 3;

/** A device's photos on the certificate: the first PHOTOS_SHOWN, small, and how many it has in all. */
export interface DevicePhotos {
  shown: PrintThumbnail[];
  total: number;
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
