import type { Session, SessionSummary } from '@rondin/contracts';

/**
 * The distinct areas of an order's traps, in the order they appear, for a one-line summary on its card. A
 * summary without its items (a completed order read from a page) has none to show.
 */
export function orderAreas(session: Session | SessionSummary): string[] {
  if (!('items' in session)) return [];
  const areas = new Set<string>();
  for (const item of session.items) if (item.trap.area?.trim()) areas.add(item.trap.area.trim());
  return [...areas];
}
