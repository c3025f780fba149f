import type { Placement } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { numberByCode, withPlacement } from './placements';

const device = (id: number, code: string) => ({ id, code });

describe('marker numbers', () => {
  it('numbers the devices on a plan 1…n in code order, ignoring case, ties by id', () => {
    const numbered = numberByCode([device(4, 'b-2'), device(1, 'A-10'), device(3, 'a-10'), device(2, 'A-1')]);
    expect(numbered.map(({ number, device }) => [number, device.id])).toEqual([
      [1, 2],
      [2, 1],
      [3, 3],
      [4, 4],
    ]);
  });

  it('ignores case: a-1 comes before B-1', () => {
    expect(numberByCode([device(1, 'B-1'), device(2, 'a-1')]).map(({ device }) => device.code)).toEqual(['a-1', 'B-1']);
  });

  it("orders codes byte by byte as the server's map does (A-10 before A-2)", () => {
    const numbered = numberByCode([device(1, 'A-2'), device(2, 'A-10')]);
    expect(numbered.map(({ device }) => device.code)).toEqual(['A-10', 'A-2']);
  });

  it('keeps the list it was given unchanged', () => {
    const list = [device(2, 'B'), device(1, 'A')];
    numberByCode(list);
    expect(list.map(({ id }) => id)).toEqual([2, 1]);
  });
});

describe("a site's placements after one change", () => {
  const at = (trapId: number, planId: number): Placement => ({
    trapId,
    planId,
    x: 0.5,
    y: 0.5,
    placedAt: '2025-01-01T00:00:00.000Z',
  });

  it('moves a device, places a new one and takes one off, leaving the others as they were', () => {
    const list = [at(1, 10), at(2, 10)];
    expect(withPlacement(list, 1, at(1, 11))).toEqual([at(2, 10), at(1, 11)]);
    expect(withPlacement(list, 3, at(3, 10))).toEqual([...list, at(3, 10)]);
    expect(withPlacement(list, 2, null)).toEqual([at(1, 10)]);
  });
});
