import { PHOTO_MAX_BYTES } from '@rondin/contracts/finding-rules';

/** The longest side a photo keeps: enough to read a label or count flies on a board, about 300 KB as JPEG. */
export const PHOTO_MAX_SIDE = 1600;

/** The size a photo is drawn at: its own when it fits, else scaled down to PHOTO_MAX_SIDE on its longest side. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** JPEG: every browser's canvas encodes it (Safari's asked for WebP gives PNG). Lower again if ever too large. */
const QUALITIES = [0.82, 0.65, 0.5];

/**
 * The photo shrunk on the phone and encoded again as JPEG: a camera's 4,000 px, 5 MB picture becomes a few
 * hundred KB, and re-encoding drops its EXIF (the place it was taken, the phone's serial). The picture is drawn
 * turned as the camera meant it (createImageBitmap reads the EXIF orientation first).
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Sin canvas 2D');
    context.drawImage(bitmap, 0, 0, width, height);
    for (const quality of QUALITIES) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (blob && blob.size <= PHOTO_MAX_BYTES) return blob;
    }
    throw new Error('La foto no cabe en 2 MB');
  } finally {
    bitmap.close();
  }
}
