// No zod here: the phone imports this module alone (@rondin/contracts/walk-order) to list an order's devices as
// the server lists a site's route.

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

/**
 * The walk order (GET /sites/{id}/route, and the phone's list of an order's devices): by routeOrder, then the
 * devices without one, by code.
 */
export function byWalkOrder(a: WalkOrdered, b: WalkOrdered): number {
  const left = a.routeOrder ?? Number.POSITIVE_INFINITY;
  const right = b.routeOrder ?? Number.POSITIVE_INFINITY;
  if (left !== right) return left < right ? -1 : 1;
  return compareCodes(a.code, b.code);
}
