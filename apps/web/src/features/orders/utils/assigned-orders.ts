import type { Session, SessionListItem, SessionSummary } from '@rondin/contracts';

/** An order on the technician's list: an open one with its items, or a page's summary with its areas. */
export type AssignedOrder = Session | SessionListItem | SessionSummary;

/** No scan waits on the phone. */
export const NO_UNSENT_SCANS: ReadonlySet<string> = new Set();

/**
 * The distinct areas of an order's traps, in the order they appear, for a one-line summary on its card: from its
 * items when it has them, else as the server listed them for a page. A bare summary has none to show.
 */
export function orderAreas(session: AssignedOrder): string[] {
  if ('items' in session) {
    const areas = new Set<string>();
    for (const item of session.items) if (item.trap.area?.trim()) areas.add(item.trap.area.trim());
    return [...areas];
  }
  return 'areas' in session ? session.areas : [];
}

/**
 * How many of the order's traps are done on this phone, counted as the scan screen counts them: completed on the
 * server, or scanned and waiting on the phone to be sent (`unsentQrHashes` holds those scans' qrHash, matched
 * against each item's trap). Without signal the list and the scan screen then say the same "2 de 5".
 */
export function doneOnDevice(session: AssignedOrder, unsentQrHashes: ReadonlySet<string>): number {
  if (!('items' in session) || unsentQrHashes.size === 0) return session.completedCount;
  return session.items.filter((item) => item.status === 'COMPLETED' || unsentQrHashes.has(item.trap.qrHash)).length;
}

/**
 * The technician's open orders in the order to work them: by scheduled time, so the overdue ones (their time has
 * passed) come first, the longest overdue on top, then the coming ones; undated orders last, in the order the
 * server gave them (newest first).
 */
export function sortOpenOrders<T extends Pick<Session, 'scheduledAt'>>(orders: readonly T[]): T[] {
  return orders
    .map((order, index) => ({ order, index, at: order.scheduledAt ? Date.parse(order.scheduledAt) : null }))
    .sort((a, b) => {
      if (a.at === null && b.at === null) return a.index - b.index;
      if (a.at === null) return 1;
      if (b.at === null) return -1;
      return a.at - b.at || a.index - b.index;
    })
    .map(({ order }) => order);
}
