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

export type ItemFilter = 'all' | 'pending' | 'done';

export function isItemDone(item: Pick<SessionItem, 'status'>): boolean {
  return item.status === 'COMPLETED';
}
