import { PLAN_IMAGE_MAX_PIXELS, PlanMessages } from '@rondin/contracts';
import sharp from 'sharp';
import { checkImage } from '../../files/images.js';

/** An image's size in pixels as it is shown: a phone photo turned by its EXIF orientation counts turned. */
export interface ImageSize {
  width: number;
  height: number;
}

/** libvips decodes at most this many pixels; any damage to the data fails the decoding. */
const decodeOptions = { limitInputPixels: PLAN_IMAGE_MAX_PIXELS, failOn: 'error' } as const;

/**
 * The size of an uploaded plan, after decoding all of it (files/images.ts): a file whose header is fine but
 * whose data is cut short or corrupt would show as a broken image on every screen and fail the printed map, so
 * it is refused here (400), as is one of more than PLAN_IMAGE_MAX_PIXELS (a 15 MB PNG of one colour can claim
 * 16,384 × 16,384 pixels, a gigabyte once decoded).
 */
export async function readPlanImageSize(path: string): Promise<ImageSize> {
  const { width, height } = await checkImage(path, {
    maxPixels: PLAN_IMAGE_MAX_PIXELS,
    messages: { unreadable: PlanMessages.unreadableImage, tooManyPixels: PlanMessages.tooManyPixels },
  });
  return { width, height };
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
