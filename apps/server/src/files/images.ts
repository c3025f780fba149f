import { Readable } from 'node:stream';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../lib/app-error.js';
import { type SpooledFile, spool } from './spool.js';

/** What an image may be before anything decodes it whole, and what a refusal says. */
export interface ImageRules {
  /** Width and height as stored, before any EXIF turn; without them, any shape within maxPixels. */
  maxWidth?: number;
  maxHeight?: number;
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
  const { maxWidth = Number.POSITIVE_INFINITY, maxHeight = Number.POSITIVE_INFINITY } = rules;
  if (width > maxWidth || height > maxHeight || width * height > rules.maxPixels) {
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

/** What a re-encoded image may weigh: more than its upload's limit, since quality 90 can outweigh the original. */
const REENCODED_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A JPEG or WebP checked whole (checkImage) and kept without what a camera writes beside the pixels: one that
 * carries EXIF, XMP, IPTC or comments (the place it was taken, the phone's model and serial), or is turned by
 * its EXIF orientation, is re-encoded upright without them (quality 90), into a new spooled file; the caller
 * disposes of both. One without (what the app sends, already re-encoded on the phone) is kept byte for byte.
 */
export async function withoutMetadata(file: SpooledFile, rules: ImageRules): Promise<SpooledFile> {
  const checked = await checkImage(file.path, rules);
  if (!checked.hasMetadata && !checked.turned) return file;
  const image = sharp(file.path, { limitInputPixels: rules.maxPixels, failOn: 'error' }).rotate();
  const bytes = await (file.mediaType === 'image/webp' ? image.webp({ quality: 90 }) : image.jpeg({ quality: 90 }))
    .toBuffer()
    .catch(() => {
      throw AppError.badRequest(rules.messages.unreadable);
    });
  return spool(Readable.from([bytes]), {
    accept: [file.mediaType],
    maxBytes: REENCODED_MAX_BYTES,
    messages: {
      tooLarge: rules.messages.unreadable,
      wrongType: rules.messages.unreadable,
      empty: rules.messages.unreadable,
    },
  });
}
