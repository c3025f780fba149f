import sharp, { type Metadata } from 'sharp';
import { AppError } from '../lib/app-error.js';

/** What an image may be before anything decodes it whole, and what a refusal says. */
export interface ImageRules {
  /** Width and height as stored, before any EXIF turn: the header says them before the pixels are read. */
  maxWidth: number;
  maxHeight: number;
  /** Width × height; libvips refuses to decode more. */
  maxPixels: number;
  messages: { unreadable: string; tooManyPixels: string };
}

/** An image read whole and found sound. */
export interface CheckedImage {
  format: string;
  /** As it is shown: a phone photo turned by its EXIF orientation counts turned. */
  width: number;
  height: number;
  /** EXIF, XMP, IPTC or comments: where a phone keeps the place, the time and its own serial. */
  hasMetadata: boolean;
  /** An EXIF orientation other than upright: the pixels must be turned to drop it. */
  turned: boolean;
}

/**
 * The one check for every image the server keeps or draws (plans, logos, photos, signatures), in two steps. The
 * header first, without decoding: a few hundred bytes can claim 65,000 × 65,000 pixels, gigabytes once decoded,
 * so dimensions past the rules are refused before any pixel is read. Then every byte, decoded to a thumbnail
 * (little memory): a file whose header is fine but whose data is cut short or junk is refused here (400) rather
 * than breaking later in a thumbnail, a PDF or a browser. Both steps run in libuv's thread pool (sharp), never
 * on the event loop, so a large image delays no one else's request.
 */
export async function checkImage(input: string | Buffer, rules: ImageRules): Promise<CheckedImage> {
  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw AppError.badRequest(rules.messages.unreadable);
  }
  const { width = 0, height = 0 } = header;
  if (width === 0 || height === 0) throw AppError.badRequest(rules.messages.unreadable);
  if (width > rules.maxWidth || height > rules.maxHeight || width * height > rules.maxPixels) {
    throw AppError.badRequest(rules.messages.tooManyPixels);
  }
  try {
    await sharp(input, { limitInputPixels: rules.maxPixels, failOn: 'error' })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw AppError.badRequest(rules.messages.unreadable);
  }
  return {
    format: header.format,
    width: header.autoOrient.width,
    height: header.autoOrient.height,
    hasMetadata: Boolean(
      header.exif || header.xmp || header.iptc || header.tifftagPhotoshop || header.gainMap || header.comments?.length,
    ),
    turned: (header.orientation ?? 1) !== 1,
  };
}
