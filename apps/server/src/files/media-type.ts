import type { FILE_MEDIA_TYPES } from '../db/schema.js';

/** The kinds of file Rondín keeps: plan images, photos, and PDFs (safety data sheets, product labels). */
export type MediaType = (typeof FILE_MEDIA_TYPES)[number];

/** The leading bytes that tell every kept type apart. */
export const SNIFF_BYTES = 16;

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const PNG = [0x89, ...ascii('PNG\r\n\x1a\n')];

/**
 * What the bytes are, whatever the file's name or the type its sender claimed: a ".png" that is HTML, or an
 * SVG (which can carry script), is none of the kept types. Undefined when the bytes are no kept type.
 */
export function sniffMediaType(head: Uint8Array): MediaType | undefined {
  // The signature, then the IHDR chunk every PNG starts with.
  if (startsWith(head, PNG) && startsWith(head, ascii('IHDR'), 12)) return 'image/png';
  // Start of image, then the first segment's marker.
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF <size> WEBP, then a VP8, VP8L or VP8X chunk.
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBPVP8'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  return undefined;
}

/** The file name extension each type is downloaded with. */
export const EXTENSIONS: Record<MediaType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
