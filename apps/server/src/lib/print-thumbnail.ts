import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { type SpooledFile, spool } from '../files/spool.js';

/**
 * The longest side of a photo on a certificate, in pixels: drawn 60 pt wide, that is about 215 dpi, sharp on
 * paper. A phone's photo (up to 2 MB) becomes ~5–10 KB, so a certificate with many photos stays small.
 */
const PIXELS = 180;

/** A photo made small for paper (certificates): a JPEG (pdfkit embeds JPEG and PNG as they are, WebP not at all) and its size. */
export interface PrintThumbnail {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * A stored photo (JPEG or WebP, checked by its bytes on upload) made small, upright and JPEG; null when its bytes
 * cannot be decoded, so one broken photo never stops an upload or a certificate. Made once at upload and kept
 * beside the photo (photos.thumbnail_file_id), so a close with many photos decodes none of them.
 */
export async function printThumbnail(bytes: Buffer): Promise<PrintThumbnail | null> {
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

/** A thumbnail kept at upload, read back: its size from its header; null when it is not a readable JPEG. */
export async function storedPrintThumbnail(jpeg: Buffer): Promise<PrintThumbnail | null> {
  try {
    const { width, height, format } = await sharp(jpeg).metadata();
    return format === 'jpeg' && width && height ? { jpeg, width, height } : null;
  } catch {
    return null;
  }
}

/** A thumbnail's temporary file: at most 1 MB (one of 180 px is ~10 KB), a JPEG. */
const THUMBNAIL_FILE = {
  accept: ['image/jpeg'] as const,
  maxBytes: 1024 * 1024,
  messages: {
    tooLarge: 'Miniatura demasiado grande.',
    wrongType: 'La miniatura no es JPEG.',
    empty: 'Miniatura vacía.',
  },
};

/**
 * An uploaded photo's thumbnail (printThumbnail) in a temporary file, to store beside it in the upload's
 * transaction; null when the photo cannot be decoded.
 */
export async function spoolPrintThumbnail(photo: Pick<SpooledFile, 'path'>): Promise<SpooledFile | null> {
  const small = await printThumbnail(await fs.readFile(photo.path));
  return small && spool(Readable.from([small.jpeg]), THUMBNAIL_FILE);
}
