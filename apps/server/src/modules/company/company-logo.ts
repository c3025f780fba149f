import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompanySettingsMessages, LOGO_MAX_PIXELS, LOGO_MAX_SIDE } from '@rondin/contracts';
import sharp from 'sharp';
import { checkImage } from '../../files/images.js';
import type { SpooledFile } from '../../files/spool.js';
import { AppError } from '../../lib/app-error.js';

/**
 * The uploaded logo as it is kept: decoded whole (a damaged file or one of more than LOGO_MAX_PIXELS is a
 * 400), turned upright by its EXIF orientation, no larger than LOGO_MAX_SIDE a side, and re-encoded as a PNG
 * (transparency kept), so every PDF embeds the same small image whatever was sent. Answered as a spooled file
 * for the file storage; the caller disposes of it.
 */
export async function normaliseLogo(upload: SpooledFile): Promise<SpooledFile> {
  await checkImage(upload.path, {
    maxPixels: LOGO_MAX_PIXELS,
    messages: {
      unreadable: CompanySettingsMessages.logoUnreadable,
      tooManyPixels: CompanySettingsMessages.logoTooManyPixels,
    },
  });
  let png: Buffer;
  try {
    png = await sharp(upload.path, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw AppError.badRequest(CompanySettingsMessages.logoUnreadable);
  }
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'rondin-logo-'));
  const file = path.join(folder, 'logo.png');
  await fs.promises.writeFile(file, png);
  return {
    path: file,
    mediaType: 'image/png',
    size: png.length,
    sha256: createHash('sha256').update(png).digest('hex'),
    dispose: () => fs.promises.rm(folder, { recursive: true, force: true }),
  };
}
