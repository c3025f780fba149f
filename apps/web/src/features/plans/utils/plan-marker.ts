import type { HeatClass } from '@rondin/contracts/heat';
import type { TrapType } from '@rondin/contracts/devices';

/**
 * How a marker looks beside its type: the phone marks what is left to do and the last scan; the editor, where
 * devices placed many at once will go before they are saved.
 */
export type MarkerState = 'normal' | 'selected' | 'pending' | 'done' | 'current' | 'preview';

export interface PlanMarker {
  trapId: number;
  number: number;
  code: string;
  type: TrapType;
  /** Where it stands, as fractions of the image's width and height. */
  x: number;
  y: number;
  state: MarkerState;
  /** On the heat map: filled with its class's colour instead of its type's, and named with it on hover. */
  heat?: HeatClass | undefined;
}
