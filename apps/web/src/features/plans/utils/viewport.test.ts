import { describe, expect, it } from 'vitest';
import { clampView, fitView, revealPoint, scaleLimits, toFraction, toImage, viewCentre, zoomAt } from './viewport';

const viewport = { width: 800, height: 600 };
const image = { width: 4000, height: 2000 };

describe('plan viewport', () => {
  it('fits the whole plan in view, centred, with its margin', () => {
    const view = fitView(viewport, image, 8);
    expect(view.scale).toBeCloseTo(784 / 4000);
    // The width is what limits it: 8 px either side, the height centred.
    expect(view.x).toBeCloseTo(8);
    expect(view.y).toBeCloseTo((600 - 2000 * view.scale) / 2);
  });

  it('keeps the image point under the pointer while zooming', () => {
    const view = fitView(viewport, image);
    const anchor = { x: 300, y: 250 };
    const before = toImage(view, anchor);
    const zoomed = zoomAt(view, 2.5, anchor, scaleLimits(viewport, image));
    expect(zoomed.scale).toBeCloseTo(view.scale * 2.5);
    const after = toImage(zoomed, anchor);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('stops zooming at its limits: half the fitted size out, 8 times in', () => {
    const view = fitView(viewport, image);
    const limits = scaleLimits(viewport, image);
    expect(zoomAt(view, 0.01, { x: 0, y: 0 }, limits).scale).toBeCloseTo(view.scale / 2);
    expect(zoomAt(view, 1000, { x: 0, y: 0 }, limits).scale).toBeCloseTo(Math.max(view.scale * 8, 2));
  });

  it('never pans the plan out of sight: 64 px of it stay in view', () => {
    const view = { scale: 0.5, x: 0, y: 0 };
    const far = clampView({ ...view, x: -100_000, y: 100_000 }, viewport, image);
    expect(far.x).toBe(64 - 2000);
    expect(far.y).toBe(600 - 64);
    expect(clampView(view, viewport, image)).toEqual(view);
  });

  it('turns a pointer position into the fractions the API keeps, and refuses points off the plan', () => {
    const view = { scale: 0.2, x: 10, y: 20 };
    expect(toFraction(toImage(view, { x: 10 + 400, y: 20 + 100 }), image)).toEqual({ x: 0.5, y: 0.25 });
    expect(toFraction(toImage(view, { x: 5, y: 100 }), image)).toBeNull();
    expect(toFraction({ x: 1333.3333333, y: 0 }, image)).toEqual({ x: 0.333333, y: 0 });
  });

  it('pans just enough to show a point near the edge, and not at all for one already in view', () => {
    const view = { scale: 1, x: 0, y: 0 };
    expect(revealPoint(view, { x: 400, y: 300 }, viewport)).toBe(view);
    const moved = revealPoint(view, { x: 1000, y: 10 }, viewport, 48);
    expect(moved).toEqual({ scale: 1, x: 800 - 48 - 1000, y: 48 - 10 });
  });

  it('finds the plan point at the centre of the view, kept on the plan', () => {
    expect(viewCentre({ scale: 0.1, x: 0, y: 0 }, viewport, image)).toEqual({ x: 4000, y: 2000 });
    expect(viewCentre({ scale: 1, x: -1000, y: -500 }, viewport, image)).toEqual({ x: 1400, y: 800 });
  });
});
