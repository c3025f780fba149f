import { randomBytes } from 'node:crypto';
import { QR_SLUG_ALPHABET as ALPHABET, QR_SLUG_LENGTH as LENGTH } from '@rondin/contracts';

/** A random, URL-safe, 100-bit slug: unguessable, and short enough for a QR code a phone reads easily. */
export function newQrSlug(): string {
  const bytes = randomBytes(LENGTH);
  let slug = '';
  for (const byte of bytes) slug += ALPHABET[byte & 31];
  return slug;
}
