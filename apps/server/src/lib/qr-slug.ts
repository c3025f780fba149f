import { randomBytes } from 'node:crypto';

/** Crockford's base32 in lower case: no i, l, o or u, so a slug typed by hand from a label is unambiguous. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 20;

/** A random, URL-safe, 100-bit slug: unguessable, and short enough for a QR code a phone reads easily. */
export function newQrSlug(): string {
  const bytes = randomBytes(LENGTH);
  let slug = '';
  for (const byte of bytes) slug += ALPHABET[byte & 31];
  return slug;
}
