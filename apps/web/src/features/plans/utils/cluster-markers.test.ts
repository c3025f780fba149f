import { describe, expect, it } from 'vitest';
import { type Clusterable, type Clustered, clusterPoints } from './cluster-markers';

const point = (id: number, x: number, y: number): Clusterable => ({ id, x, y });

/** Each result as the ids it holds, for comparing groups. */
const ids = (result: Clustered<Clusterable>[]) =>
  result.map((each) => (each.kind === 'single' ? [each.item.id] : each.items.map((item) => item.id)));

describe('clusterPoints', () => {
  it('keeps points apart when none is closer than the distance to another', () => {
    const points = [point(1, 0, 0), point(2, 30, 0), point(3, 0, 30), point(4, 30, 30)];
    expect(clusterPoints(points, 24).every((each) => each.kind === 'single')).toBe(true);
  });

  it('groups points closer than the distance into one bubble at their mean point, keyed by its smallest id', () => {
    const result = clusterPoints([point(7, 100, 100), point(3, 110, 100), point(5, 105, 108), point(9, 400, 0)], 24);
    expect(ids(result)).toEqual([[3, 5, 7], [9]]);
    expect(result[0]).toMatchObject({ kind: 'cluster', key: 3, x: 105, y: (100 + 100 + 108) / 3 });
  });

  it('merges bubbles until no two results are closer than the distance', () => {
    // 1 takes 2 (23 away) but not 3 (30 away); the bubble of 1 and 2, at 11.5, would then cover 3.
    expect(ids(clusterPoints([point(1, 0, 0), point(2, 23, 0), point(3, 30, 0)], 24))).toEqual([[1, 2, 3]]);
    // A row along a wall, 9 apart: whatever the seeds take, what is left stands apart.
    const row = Array.from({ length: 40 }, (_, index) => point(index + 1, index * 9, (index % 3) * 7));
    const result = clusterPoints(row, 24);
    const centres = result.map((each) => (each.kind === 'single' ? each.item : each));
    for (const [index, a] of centres.entries()) {
      for (const b of centres.slice(index + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(24);
    }
    expect(
      ids(result)
        .flat()
        .sort((a, b) => a - b),
    ).toEqual(row.map((each) => each.id));
  });

  it('gathers a crowded wall into a few bubbles, not a string of pairs', () => {
    // 37 devices along a wall, 14 px apart on screen where a marker is 28 px across.
    const wall = Array.from({ length: 37 }, (_, index) => point(index + 1, index * 14, 0));
    const result = clusterPoints(wall, 24);
    expect(result.length).toBeLessThanOrEqual(10);
    const bubbles = result.filter((each) => each.kind === 'cluster');
    expect(result.length - bubbles.length).toBeLessThanOrEqual(1);
    for (const bubble of bubbles) expect(bubble.items.length).toBeGreaterThanOrEqual(3);
  });

  it("leaves a point alone when nothing comes closer than the distance, even within a bubble's reach", () => {
    const result = clusterPoints([point(1, 0, 0), point(2, 30, 0), point(3, 60, 0)], 24);
    expect(ids(result)).toEqual([[1], [2], [3]]);
  });

  it("never leaves a device alone beside its room's bubble, whatever order the devices were numbered in", () => {
    // Two rooms of twelve side by side as a phone shows a whole plan: 14 × 15 px apart within a room, 28 px
    // between rooms. Numbered in random order (devices are created in any order), a seed at a room's edge took
    // the next room's nearest devices and a seat of its own was left alone beside the bubbles.
    const seats = Array.from({ length: 24 }, (_, seat) => ({
      x: Math.floor(seat / 12) * 70 + (seat % 4) * 14,
      y: Math.floor((seat % 12) / 4) * 15,
    }));
    let state = 7;
    const random = () => {
      state = (state * 48271) % 2147483647;
      return state / 2147483647;
    };
    for (let round = 0; round < 200; round += 1) {
      const numbers = seats.map((_, seat) => seat + 1).sort(() => random() - 0.5);
      const result = clusterPoints(
        seats.map((seat, index) => point(numbers[index]!, seat.x, seat.y)),
        24,
      );
      expect(result.filter((each) => each.kind === 'single')).toEqual([]);
    }
  });

  it('gives the same groups whatever order the points come in', () => {
    const points = Array.from({ length: 120 }, (_, index) =>
      point(index + 1, (index * 37) % 300, Math.floor((index * 53) % 211)),
    );
    const shuffled = [...points].reverse();
    expect(ids(clusterPoints(shuffled, 24))).toEqual(ids(clusterPoints(points, 24)));
  });

  it('spreads as the distance shrinks: the same points zoomed in show one by one', () => {
    // 123 markers on a plan 1,000 units wide: at the phone's fit zoom (0.37 px a unit) a marker's 24 px are 65
    // units, and zoomed 4× they are 16.
    const points = Array.from({ length: 123 }, (_, index) =>
      point(index + 1, 40 + (index % 41) * 23, 300 + Math.floor(index / 41) * 120),
    );
    const fitted = clusterPoints(points, 24 / 0.37);
    const zoomed = clusterPoints(points, 24 / (0.37 * 4));
    expect(fitted.length).toBeLessThan(40);
    expect(zoomed.every((each) => each.kind === 'single')).toBe(true);
  });

  it('takes points at the same spot together, and none when the distance is zero', () => {
    expect(ids(clusterPoints([point(1, 5, 5), point(2, 5, 5)], 24))).toEqual([[1, 2]]);
    expect(ids(clusterPoints([point(1, 5, 5), point(2, 5, 5)], 0))).toEqual([[1], [2]]);
  });
});
