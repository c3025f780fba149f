import type { TrapType } from '@rondin/contracts/devices';

/** How a marker looks beside its type: the phone marks what is left to do and the last scan. */
export type MarkerState = 'normal' | 'selected' | 'pending' | 'done' | 'current';

export interface PlanMarker {
  trapId: number;
  number: number;
  code: string;
  type: TrapType;
  /** Where it stands, as fractions of the image's width and height. */
  x: number;
  y: number;
  state: MarkerState;
}
