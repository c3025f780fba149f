// No zod here: the scan screen imports this module alone (@rondin/contracts/qr-code), as it does realtime.ts.

/** Crockford's base32 in lower case: no i, l, o or u, so a slug typed by hand from a label is unambiguous. */
export const QR_SLUG_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const QR_SLUG_LENGTH = 20;

const SLUG = new RegExp(`^[${QR_SLUG_ALPHABET}]{${QR_SLUG_LENGTH}}$`);
/** A label printed with PUBLIC_URL set holds the app's address of the trap: …/t/{slug}. */
const TRAP_ADDRESS = new RegExp(`^https?://[^\\s]+/t/([${QR_SLUG_ALPHABET}]{${QR_SLUG_LENGTH}})/?$`, 'i');

/**
 * The trap code a QR read by the camera holds, or null when it is not a Rondín label (a product's barcode,
 * a web address, anything a phone may see in a plant). Only a code that can belong to a trap is sent: a
 * scan that can never succeed would otherwise wait in the phone's queue.
 */
export function qrSlugFromLabel(text: string): string | null {
  const trimmed = text.trim();
  if (SLUG.test(trimmed)) return trimmed;
  return TRAP_ADDRESS.exec(trimmed)?.[1]?.toLowerCase() ?? null;
}
