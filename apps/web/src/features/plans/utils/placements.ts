import type { Placement } from '@rondin/contracts';
import { markNumbers } from '@rondin/contracts/devices';

/** The site's placements with `trapId` standing at `next` (or on no plan when null), the rest untouched. */
export function withPlacement(list: readonly Placement[], trapId: number, next: Placement | null): Placement[] {
  const others = list.filter((placement) => placement.trapId !== trapId);
  return next ? [...others, next] : others;
}

/**
 * Codes in the server's order (lower case, byte by byte, then id), so a marker keeps its number when the plan
 * is read again after a change.
 */
export function compareCodes(a: { code: string; id: number }, b: { code: string; id: number }): number {
  const left = a.code.toLowerCase();
  const right = b.code.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.id - b.id;
}

export interface NumberedDevice<T> {
  number: number;
  device: T;
}

/** The devices on a plan in code order with their marker numbers (markNumbers): those the map PDF and the pack use. */
export function numberByCode<T extends { code: string; id: number }>(devices: readonly T[]): NumberedDevice<T>[] {
  const sorted = [...devices].sort(compareCodes);
  const numbers = markNumbers(sorted.map((device) => device.code));
  return sorted.map((device, index) => ({ number: numbers[index]!, device }));
}
