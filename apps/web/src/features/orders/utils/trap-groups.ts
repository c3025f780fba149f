import type { Trap } from '@rondin/contracts';

export const NO_AREA = 'Sin área';

export interface TrapGroup {
  area: string;
  traps: Trap[];
}

/** Natural order: TRP-2 before TRP-10; case and accents do not split groups. */
const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

export function compareNatural(a: string, b: string): number {
  return collator.compare(a, b);
}

/**
 * Spec section 5: only active traps, grouped by area ('Sin área' when none), groups sorted by area and
 * traps by code in natural order. Traps without an area come last: they are the ones to sort out.
 */
export function groupTrapsByArea(traps: readonly Trap[]): TrapGroup[] {
  const groups = new Map<string, Trap[]>();
  for (const trap of traps) {
    if (!trap.isActive) continue;
    const area = trap.area?.trim() || NO_AREA;
    const list = groups.get(area);
    if (list) list.push(trap);
    else groups.set(area, [trap]);
  }
  return [...groups]
    .map(([area, list]) => ({ area, traps: list.sort((a, b) => compareNatural(a.code, b.code)) }))
    .sort((a, b) => {
      if (a.area === NO_AREA) return b.area === NO_AREA ? 0 : 1;
      if (b.area === NO_AREA) return -1;
      return compareNatural(a.area, b.area);
    });
}
