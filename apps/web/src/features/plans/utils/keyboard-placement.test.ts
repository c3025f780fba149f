import { describe, expect, it } from 'vitest';
import { CROSSHAIR_BIG_STEP, CROSSHAIR_STEP, crosshairKey } from './keyboard-placement';

describe('placing a device with the keys', () => {
  const at = { x: 0.5, y: 0.5 };

  it('moves the cross a small step with an arrow, a big one with Shift', () => {
    expect(crosshairKey('ArrowRight', false, at)).toEqual({ kind: 'move', to: { x: 0.5 + CROSSHAIR_STEP, y: 0.5 } });
    expect(crosshairKey('ArrowUp', true, at)).toEqual({ kind: 'move', to: { x: 0.5, y: 0.5 - CROSSHAIR_BIG_STEP } });
    expect(crosshairKey('ArrowLeft', false, at)).toEqual({ kind: 'move', to: { x: 0.5 - CROSSHAIR_STEP, y: 0.5 } });
    expect(crosshairKey('ArrowDown', false, at)).toEqual({ kind: 'move', to: { x: 0.5, y: 0.5 + CROSSHAIR_STEP } });
  });

  it('never moves the cross off the plan', () => {
    expect(crosshairKey('ArrowLeft', true, { x: 0.01, y: 0 })).toEqual({ kind: 'move', to: { x: 0, y: 0 } });
    expect(crosshairKey('ArrowDown', true, { x: 1, y: 0.99 })).toEqual({ kind: 'move', to: { x: 1, y: 1 } });
  });

  it('places with Enter or Space where the cross is, and cancels with Escape', () => {
    expect(crosshairKey('Enter', false, at)).toEqual({ kind: 'place', at });
    expect(crosshairKey(' ', false, at)).toEqual({ kind: 'place', at });
    expect(crosshairKey('Escape', false, at)).toEqual({ kind: 'cancel' });
  });

  it("leaves the plan's own keys (zoom, fit) alone", () => {
    for (const key of ['+', '-', '0', 'a', 'Tab']) expect(crosshairKey(key, false, at)).toBeNull();
  });
});
