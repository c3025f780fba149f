import { describe, expect, it } from 'vitest';
import { gridLayout, lineLayout, walkOrder } from './bulk-layout';

describe('walkOrder', () => {
  it('follows the walk order, then codes as read (2 before 10), devices with no place in the walk last', () => {
    const devices = [
      { id: 1, code: 'GDL-10', routeOrder: null },
      { id: 2, code: 'GDL-2', routeOrder: null },
      { id: 3, code: 'GDL-7', routeOrder: 2 },
      { id: 4, code: 'GDL-9', routeOrder: 1 },
      { id: 5, code: 'gdl-1', routeOrder: null },
    ];
    expect(walkOrder(devices).map((device) => device.code)).toEqual(['GDL-9', 'GDL-7', 'gdl-1', 'GDL-2', 'GDL-10']);
  });
});

describe('lineLayout', () => {
  it('spreads the devices evenly from the first click to the second, both ends included', () => {
    expect(lineLayout(5, { x: 0, y: 0 }, { x: 100, y: 50 })).toEqual([
      { x: 0, y: 0 },
      { x: 25, y: 12.5 },
      { x: 50, y: 25 },
      { x: 75, y: 37.5 },
      { x: 100, y: 50 },
    ]);
  });

  it('puts a single device at the first click, and none for none', () => {
    expect(lineLayout(1, { x: 3, y: 4 }, { x: 9, y: 9 })).toEqual([{ x: 3, y: 4 }]);
    expect(lineLayout(0, { x: 3, y: 4 }, { x: 9, y: 9 })).toEqual([]);
  });
});

describe('gridLayout', () => {
  it('fits rows and columns to the rectangle: 12 in a square are 4 × 3, in a wide strip 6 × 2', () => {
    const square = gridLayout(12, { x: 0, y: 0 }, { x: 300, y: 300 });
    expect([square.columns, square.rows]).toEqual([4, 3]);
    const strip = gridLayout(12, { x: 0, y: 0 }, { x: 500, y: 100 });
    expect([strip.columns, strip.rows]).toEqual([6, 2]);
  });

  it('fills row by row from the first corner, the outer ones on the corners clicked', () => {
    const grid = gridLayout(6, { x: 100, y: 40 }, { x: 0, y: 0 });
    expect([grid.columns, grid.rows]).toEqual([3, 2]);
    expect(grid.points).toEqual([
      { x: 100, y: 40 },
      { x: 50, y: 40 },
      { x: 0, y: 40 },
      { x: 100, y: 0 },
      { x: 50, y: 0 },
      { x: 0, y: 0 },
    ]);
  });

  it('holds every device with no more than a row left part empty, whatever the count and shape', () => {
    for (const count of [1, 2, 7, 13, 40, 123]) {
      for (const corner of [
        { x: 400, y: 100 },
        { x: 100, y: 400 },
        { x: 250, y: 250 },
      ]) {
        const grid = gridLayout(count, { x: 0, y: 0 }, corner);
        expect(grid.points).toHaveLength(count);
        expect(grid.rows * grid.columns).toBeGreaterThanOrEqual(count);
        expect(grid.rows * grid.columns - count).toBeLessThan(grid.columns);
        for (const point of grid.points) {
          expect(point.x).toBeGreaterThanOrEqual(0);
          expect(point.x).toBeLessThanOrEqual(corner.x);
          expect(point.y).toBeLessThanOrEqual(corner.y);
        }
      }
    }
  });

  it('lays a line when the two corners share a row or a column', () => {
    expect(gridLayout(3, { x: 0, y: 10 }, { x: 20, y: 10 })).toMatchObject({ rows: 1, columns: 3 });
    expect(gridLayout(3, { x: 5, y: 0 }, { x: 5, y: 20 })).toMatchObject({ rows: 3, columns: 1 });
  });
});
