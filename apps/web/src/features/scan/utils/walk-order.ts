import type { SessionItem } from '@rondin/contracts';
import { compareRouteOrders } from '@rondin/contracts/walk-order';
import { itemState } from './scan-flow';

/**
 * The order's devices as the technician walks them: the site's route (routeOrder), then those without a place in
 * the order the server lists them, by code (a stable sort keeps it).
 */
export function inWalkOrder<T extends Pick<SessionItem, 'trap'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareRouteOrders(a.trap, b.trap));
}

/** The first device of the walk still to do: neither completed nor scanned and waiting on the phone. */
export function nextToWalk(
  items: readonly SessionItem[],
  unsentQrHashes: ReadonlySet<string>,
): SessionItem | undefined {
  return inWalkOrder(items).find((item) => itemState(item, unsentQrHashes) === 'pending');
}
