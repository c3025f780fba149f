/**
 * The SHA-256 of a QR code in lowercase hex, as the server gives it with each item (`trap.qrHash`): the slug
 * trimmed, as the server trims it before matching, in UTF-8. Null where the browser offers no digest
 * (crypto.subtle exists on secure pages only): the scan is still kept and sent, its trap just is not marked.
 */
export async function qrHashOf(qrSlug: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  try {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(qrSlug.trim()));
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    // A failed digest must not cost the scan: it is kept unmarked.
    return null;
  }
}
