import { clamp, type Point } from './viewport';

/** One arrow press moves the cross this fraction of the plan; with Shift, five times as far. */
export const CROSSHAIR_STEP = 0.005;
export const CROSSHAIR_BIG_STEP = 0.025;

const DIRECTIONS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

export type CrosshairAction = { kind: 'move'; to: Point } | { kind: 'place'; at: Point } | { kind: 'cancel' };

/**
 * What a key does while a device waits for its place on the plan: the arrows move the cross (never off the
 * plan), Enter or Space leaves the device where the cross is, Escape gives up. Any other key is the plan's own
 * (zoom, fit), so null.
 */
export function crosshairKey(key: string, shiftKey: boolean, at: Point): CrosshairAction | null {
  if (key === 'Escape') return { kind: 'cancel' };
  if (key === 'Enter' || key === ' ') return { kind: 'place', at };
  const direction = DIRECTIONS[key];
  if (!direction) return null;
  const step = shiftKey ? CROSSHAIR_BIG_STEP : CROSSHAIR_STEP;
  return {
    kind: 'move',
    to: { x: clamp(at.x + direction.x * step, 0, 1), y: clamp(at.y + direction.y * step, 0, 1) },
  };
}
