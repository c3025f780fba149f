import { PLAN_IMAGE_MAX_PIXELS, PlanMessages } from '@rondin/contracts';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.js';

/** An image's size in pixels as it is shown: a phone photo turned by its EXIF orientation counts turned. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * libvips decodes at most this many pixels: a 15 MB PNG of one colour can claim 16,384 × 16,384 pixels, a
 * gigabyte once decoded. Any damage to the data fails the decoding.
 */
const decodeOptions = { limitInputPixels: PLAN_IMAGE_MAX_PIXELS, failOn: 'error' } as const;

/**
 * The size of an uploaded plan, after decoding all of it: a file whose header is fine but whose data is cut
 * short or corrupt would show as a broken image on every screen and fail the printed map, so it is refused
 * here (400), as is one of more than PLAN_IMAGE_MAX_PIXELS.
 */
export async function readPlanImageSize(path: string): Promise<ImageSize> {
  let size: ImageSize;
  try {
    // The header alone: the pixel limit is for decoding, and is checked here with the plan's own message.
    const metadata = await sharp(path, { limitInputPixels: false }).metadata();
    size = metadata.autoOrient;
  } catch {
    throw AppError.badRequest(PlanMessages.unreadableImage);
  }
  if (size.width * size.height > PLAN_IMAGE_MAX_PIXELS) throw AppError.badRequest(PlanMessages.tooManyPixels);
  try {
    // Decoded to a thumbnail: every byte is read and checked, little memory is used.
    await sharp(path, decodeOptions).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw AppError.badRequest(PlanMessages.unreadableImage);
  }
  return size;
}

/**
 * The plan as the printed map embeds it: turned upright, on white (a transparent PNG prints as drawn on
 * paper), no larger than `fit` pixels. A drawing (PNG, WebP) stays a PNG, whose lines and small text JPEG would
 * blur; pdfkit copies a PNG without transparency into the PDF as it is. A photo or scan (JPEG) stays a JPEG:
 * as a PNG its grain would take several times the bytes and the time.
 */
export async function printablePlanImage(content: Buffer, fit: ImageSize, mediaType: string): Promise<Buffer> {
  const image = sharp(content, decodeOptions)
    .rotate()
    .resize(fit.width, fit.height, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' });
  const encoded =
    mediaType === 'image/jpeg'
      ? image.jpeg({ quality: 88 })
      : image.png({ compressionLevel: 3, adaptiveFiltering: false });
  return encoded.toBuffer();
}
