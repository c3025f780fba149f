// No zod here: the phone imports this module alone (@rondin/contracts/walk-order) to list an order's devices in
// the site's walk order.

/** Codes in the order a list shows them: case aside, character by character ("TRP-010" before "trp-02"). */
export function compareCodes(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

/** A device's place in its site's walk order (1 first), and its code; null or absent: not placed in the walk. */
export interface WalkOrdered {
  code: string;
  routeOrder?: number | null | undefined;
}

/** By place in the walk, the devices without one after: 0 between two of them, left to the next rule. */
export function compareRouteOrders(a: Pick<WalkOrdered, 'routeOrder'>, b: Pick<WalkOrdered, 'routeOrder'>): number {
  const left = a.routeOrder ?? Number.POSITIVE_INFINITY;
  const right = b.routeOrder ?? Number.POSITIVE_INFINITY;
  return left === right ? 0 : left < right ? -1 : 1;
}

/** The walk order (GET /sites/{id}/route): by routeOrder, then the devices without one, by code. */
export function byWalkOrder(a: WalkOrdered, b: WalkOrdered): number {
  return compareRouteOrders(a, b) || compareCodes(a.code, b.code);
}
