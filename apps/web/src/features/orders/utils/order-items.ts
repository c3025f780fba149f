import type { SessionItem } from '@rondin/contracts';
import { compareNatural } from './trap-groups';

/** The items as the office reads an order: by area (those without one last), then by code in natural order. */
export function sortOrderItems(items: readonly SessionItem[]): SessionItem[] {
  return [...items].sort((a, b) => {
    const areaA = a.trap.area?.trim() || null;
    const areaB = b.trap.area?.trim() || null;
    if (areaA !== areaB) {
      if (areaA === null) return 1;
      if (areaB === null) return -1;
      const byArea = compareNatural(areaA, areaB);
      if (byArea !== 0) return byArea;
    }
    return compareNatural(a.trap.code, b.trap.code);
  });
}

/** done: scanned or accounted for; activity: its finding found some; exception: completed without a scan. */
export type ItemFilter = 'all' | 'pending' | 'done' | 'activity' | 'exception';

export function isItemDone(item: Pick<SessionItem, 'status'>): boolean {
  return item.status === 'COMPLETED';
}

/** What was found there shows activity (any level above none). */
export function hasActivity(item: Pick<SessionItem, 'finding'>): boolean {
  return item.finding !== null && item.finding.activity !== 'NINGUNA';
}

/** The items a filter of the order's list keeps, in the order given. */
export function filterOrderItems(items: readonly SessionItem[], filter: ItemFilter): SessionItem[] {
  switch (filter) {
    case 'all':
      return [...items];
    case 'pending':
      return items.filter((item) => !isItemDone(item));
    case 'done':
      return items.filter(isItemDone);
    case 'activity':
      return items.filter(hasActivity);
    case 'exception':
      return items.filter((item) => item.outcome === 'EXCEPTION');
  }
}
