import { PHOTO_MAX_PIXELS, PhotoMessages } from '@rondin/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { contentDisposition, matches, type ServedFile } from '../../files/send-file.js';
import { AppError } from '../../lib/app-error.js';

/** The longest side of a thumbnail, in pixels: the lists' small squares on any screen, and room for a preview. */
export const THUMBNAIL_SIZE = 320;

/**
 * Thumbnails made lately, by the photo's SHA-256: a page of fifty devices asks for the same ones on each visit,
 * and a thumbnail (~10–20 KB) costs ~20–40 ms of decoding and encoding. The oldest goes first; a few MB at most.
 */
const MADE = new Map<string, Buffer>();
const KEPT = 200;

/**
 * A photo (JPEG or WebP, at most 2 MB, decoded whole on upload) as a WebP of at most 320 px on its longest side,
 * upright, never enlarged. With sharp (libvips), as the plan images are (docs/decisions/0008).
 */
async function photoThumbnail(sha256: string, open: ServedFile['open']): Promise<Buffer> {
  const kept = MADE.get(sha256);
  if (kept) {
    MADE.delete(sha256);
    MADE.set(sha256, kept);
    return kept;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of open()) chunks.push(chunk as Buffer);
  let thumbnail: Buffer;
  try {
    // What a photo stored cut short still holds is shown (failOn none); one claiming more pixels than a photo may
    // have is not decoded at all. Photos are decoded whole on upload: only ones stored before can fail here.
    thumbnail = await sharp(Buffer.concat(chunks), { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'none' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  } catch {
    throw new AppError(422, PhotoMessages.thumbnailUnreadable);
  }
  MADE.set(sha256, thumbnail);
  if (MADE.size > KEPT) MADE.delete(MADE.keys().next().value!);
  return thumbnail;
}

/**
 * A photo's bytes never change under its id (it can only be deleted), so its thumbnail may be reused for a day
 * without asking (a list opened again shows at once), and then revalidated by its ETag: the photo's SHA-256
 * and the size. Private: the answer depends on who asks.
 */
export const THUMBNAIL_CACHE_CONTROL = 'private, max-age=86400';

/** GET /photos/{id}?size=thumb: the thumbnail of a photo the caller may see (checked before, as for the photo). */
export async function sendPhotoThumbnail(
  request: FastifyRequest,
  reply: FastifyReply,
  served: ServedFile,
): Promise<FastifyReply> {
  const etag = `"${served.file.sha256}-${THUMBNAIL_SIZE}"`;
  reply
    .header('etag', etag)
    .header('cache-control', THUMBNAIL_CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const thumbnail = await photoThumbnail(served.file.sha256, served.open);
  return reply
    .type('image/webp')
    .header('content-disposition', contentDisposition(`${served.name}-miniatura.webp`))
    .send(thumbnail);
}
