import sharp from 'sharp';

/** The box an image is drawn in, in pixels at print resolution: it is never embedded larger. */
export interface PrintBox {
  width: number;
  height: number;
}

/**
 * An image as pdfkit may embed it without decoding anything: upright, on white, no larger than `box`, as a PNG
 * without transparency, which pdfkit copies into the PDF as it is. Given a PNG with transparency pdfkit inflates
 * and splits it itself, on the event loop (seconds for a large one) and in a zlib callback whose failure (a PNG
 * cut short) no caller can catch: it ends the process. So every stored image a PDF draws comes through here,
 * decoded by sharp in libuv's thread pool, at most `maxPixels`. Null when the bytes cannot be decoded: the
 * document is drawn without the image, never not drawn.
 */
export async function printablePng(bytes: Buffer, box: PrintBox, maxPixels: number): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 6 })
      .toBuffer();
  } catch {
    return null;
  }
}
