import type { Session, SessionItem } from '@rondin/contracts';
import { QR_SLUG_ALPHABET, QR_SLUG_LENGTH, qrSlugFromLabel } from '@rondin/contracts/qr-code';
import { progressPercent } from '../../../lib/format';

/** What to do with a code read by the camera or typed by hand (spec section 4, scan flow). */
export type ScanDecision =
  | { kind: 'ignore'; reason: 'empty' | 'same-code' | 'pending' }
  | { kind: 'refuse-closed' }
  | { kind: 'send'; code: string };

export interface ScanGate {
  /** The code of the scan request in flight; null when none is. */
  pendingCode: string | null;
  orderCompleted: boolean;
}

/**
 * Spec section 4: an empty code is ignored; so is any code while a scan request is pending, and the code of
 * the request in flight is never sent twice; a completed order refuses scans locally. Anything else is sent.
 * The caller clears `pendingCode` once the request settles, success or failure, so the code can be rescanned.
 */
export function decideScan(rawCode: string, gate: ScanGate): ScanDecision {
  const code = rawCode.trim();
  if (!code) return { kind: 'ignore', reason: 'empty' };
  if (gate.pendingCode === code) return { kind: 'ignore', reason: 'same-code' };
  if (gate.pendingCode !== null) return { kind: 'ignore', reason: 'pending' };
  if (gate.orderCompleted) return { kind: 'refuse-closed' };
  return { kind: 'send', code };
}

/**
 * A label prints its slug in groups of four ('abcd 1234 efgh 5678 jkmn'); a person may type it with or
 * without the spaces, with hyphens, or in capitals. The QR itself holds the bare lower-case slug. The slug's
 * alphabet (Crockford's) has no i, l or o, so those are read as the digits they look like, as Crockford decodes.
 */
export function normalizeTypedCode(typed: string): string {
  return typed
    .replace(/[\s-]+/g, '')
    .toLowerCase()
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
}

/** What is wrong with a code typed by hand, found before anything is sent. */
export type TypedCodeProblem =
  /** The trap's own name (TRP-201), which the QR does not hold. */
  { kind: 'trap-code'; code: string } | { kind: 'length'; count: number } | { kind: 'characters' };

/**
 * A typed code as a slug to send, or what is wrong with it: the field names what to type instead of letting the
 * server answer that a malformed code is not a QR of this order. A pasted label address (…/t/{slug}) counts.
 */
export function checkTypedCode(
  typed: string,
  trapCodes: readonly string[],
): { slug: string } | { problem: TypedCodeProblem } {
  const fromAddress = qrSlugFromLabel(typed);
  if (fromAddress) return { slug: fromAddress };
  const trimmed = typed.trim();
  const code = trapCodes.find((each) => each.trim().toLowerCase() === trimmed.toLowerCase());
  if (code) return { problem: { kind: 'trap-code', code: code.trim() } };
  const slug = normalizeTypedCode(typed);
  if (slug.length !== QR_SLUG_LENGTH) return { problem: { kind: 'length', count: slug.length } };
  if ([...slug].some((character) => !QR_SLUG_ALPHABET.includes(character))) return { problem: { kind: 'characters' } };
  return { slug };
}

export function isItemCompleted(item: Pick<SessionItem, 'status'>): boolean {
  return item.status === 'COMPLETED';
}

/**
 * A trap on the technician's screen: completed once the server has its scan; unsent while its scan waits on the
 * device (done on the phone, not on the server yet); else pending.
 */
export type ItemState = 'completed' | 'unsent' | 'pending';

/** No scan waits on the device. */
export const NO_UNSENT_SCANS: ReadonlySet<string> = new Set();

/**
 * `unsentQrHashes` holds the qrHash of each of the order's scans waiting on the device: the item whose trap
 * carries one of them is that scan's. What the server says completed stays completed.
 */
export function itemState(item: Pick<SessionItem, 'status' | 'trap'>, unsentQrHashes: ReadonlySet<string>): ItemState {
  if (isItemCompleted(item)) return 'completed';
  return unsentQrHashes.has(item.trap.qrHash) ? 'unsent' : 'pending';
}

export interface OrderProgress {
  /** Traps done: completed, or scanned and waiting on the device to be sent. */
  completed: number;
  total: number;
  /** Done over total, rounded to a whole percent. */
  percent: number;
}

/** The technician's progress counts a trap scanned without signal as done: the inspection was made. */
export function orderProgress(
  items: readonly Pick<SessionItem, 'status' | 'trap'>[],
  unsentQrHashes: ReadonlySet<string> = NO_UNSENT_SCANS,
): OrderProgress {
  const completed = items.filter((item) => itemState(item, unsentQrHashes) !== 'pending').length;
  return { completed, total: items.length, percent: progressPercent(completed, items.length) };
}

/**
 * Spec section 4, technician close: only an open order with at least one trap, every trap completed, and no
 * close request already on its way. Completed on the server: a trap whose scan waits on the device does not count.
 */
export function canCloseOrder(session: Pick<Session, 'status' | 'items'>, closePending: boolean): boolean {
  if (session.status === 'COMPLETED' || closePending) return false;
  return session.items.length > 0 && session.items.every(isItemCompleted);
}

/**
 * The devices inspected (scanned, or their printed code typed) that have no finding: the close refuses them
 * (409 FINDINGS_MISSING) unless «Sin novedad» is recorded for them.
 */
export function missingFindings(
  items: readonly Pick<SessionItem, 'id' | 'status' | 'outcome' | 'finding' | 'trap' | 'trapId'>[],
): { itemId: number; code: string }[] {
  return items
    .filter((item) => isItemCompleted(item) && item.outcome !== 'EXCEPTION' && item.finding === null)
    .map((item) => ({ itemId: item.id, code: trapName(item) }));
}

/** The :id of /tech/sessions/:id/scan as an order id: a positive whole number, else null. */
export function parseOrderId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** How a trap is named on the screen: its code, else its number (spec section 2). */
export function trapName(item: Pick<SessionItem, 'trapId' | 'trap'>): string {
  return item.trap?.code?.trim() || `Trampa #${item.trapId}`;
}
