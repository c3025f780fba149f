import type { Trap } from '@rondin/contracts';
import { NO_AREA } from './trap-groups';

/** What the order form keeps of each chosen trap: enough to count it by area and by search without the server. */
export type PickedTrap = Pick<Trap, 'id' | 'code' | 'area'>;
export type PickedTraps = ReadonlyMap<number, PickedTrap>;

/** The picker's group a trap belongs to ('Sin área' for none). */
export function areaOf(trap: Pick<Trap, 'area'>): string {
  return trap.area?.trim() || NO_AREA;
}

/** The server's search, repeated here: the start of the code or of the area, in any case. */
export function matchesSearch(trap: Pick<Trap, 'code' | 'area'>, q: string): boolean {
  if (!q) return true;
  const prefix = q.toLowerCase();
  return trap.code.toLowerCase().startsWith(prefix) || (trap.area ?? '').toLowerCase().startsWith(prefix);
}

const inScope = (q: string, area: string | undefined) => (trap: PickedTrap) =>
  matchesSearch(trap, q) && (area === undefined || areaOf(trap) === area);

/** How many chosen traps match the search (and are in `area`, when given). */
export function countPicked(picked: PickedTraps, q: string, area?: string): number {
  const test = inScope(q, area);
  let count = 0;
  for (const trap of picked.values()) if (test(trap)) count += 1;
  return count;
}

export function withTraps(picked: PickedTraps, traps: readonly PickedTrap[]): Map<number, PickedTrap> {
  const next = new Map(picked);
  for (const { id, code, area } of traps) next.set(id, { id, code, area });
  return next;
}

/** The selection less the traps that match the search (and are in `area`, when given). */
export function withoutMatching(picked: PickedTraps, q: string, area?: string): Map<number, PickedTrap> {
  const test = inScope(q, area);
  return new Map([...picked].filter(([, trap]) => !test(trap)));
}

export function togglePicked(picked: PickedTraps, trap: PickedTrap): Map<number, PickedTrap> {
  if (!picked.has(trap.id)) return withTraps(picked, [trap]);
  const next = new Map(picked);
  next.delete(trap.id);
  return next;
}
