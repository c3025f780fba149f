import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * The SHA-256 of a QR code in lowercase hex, as the server gives it with each item (`trap.qrHash`): the slug
 * trimmed, as the server trims it before matching, in UTF-8. Computed in the page, synchronously: the scan flow
 * looks up every code read before sending it, and Web Crypto's digest is asynchronous (a thread hop that a
 * loaded phone feels while the next label is already in view) and missing on pages that are not secure.
 */
export function qrHash(qrSlug: string): string {
  return bytesToHex(sha256(utf8ToBytes(qrSlug.trim())));
}
