import type { PlanDetail, PlanDevice } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { lastScannedTrapId, orderMarkers, planProgress, startingPlanId } from './order-markers';

/** As the server sends it: numbered in code order among the plan's devices. */
function device(trapId: number, code: string, number: number): PlanDevice {
  return {
    trapId,
    planId: 1,
    x: trapId / 10,
    y: 0.5,
    placedAt: '2030-01-01T00:00:00.000Z',
    number,
    code,
    type: 'CEBADERO',
    zone: null,
    area: null,
    isActive: true,
  };
}

function plan(id: number, devices: PlanDevice[]): PlanDetail {
  return {
    id,
    siteId: 1,
    name: `Plano ${id}`,
    width: 1000,
    height: 800,
    mediaType: 'image/png',
    size: 1,
    placedCount: devices.length,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    devices,
  };
}

describe("the order's devices on its plans", () => {
  const bodega = plan(1, [device(1, 'A-1', 1), device(2, 'B-1', 2), device(3, 'C-1', 3), device(9, 'Z-9', 4)]);

  it('marks pending, done and the last scanned, with their map numbers, leaving out other devices', () => {
    const done = new Map([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(orderMarkers(bodega, done, 3).map(({ trapId, number, state }) => [trapId, number, state])).toEqual([
      [1, 1, 'done'],
      [2, 2, 'pending'],
      [3, 3, 'current'],
    ]);
    expect(planProgress(bodega, done)).toEqual({ pending: 1, total: 3 });
  });

  it('finds the last scanned device by its inspection time', () => {
    expect(
      lastScannedTrapId([
        { trapId: 1, completedAt: '2030-01-01T10:00:00.000Z' },
        { trapId: 2, completedAt: null },
        { trapId: 3, completedAt: '2030-01-01T10:05:00.000Z' },
        { trapId: 4, completedAt: '2030-01-01T09:00:00.000Z' },
      ]),
    ).toBe(3);
    expect(lastScannedTrapId([{ trapId: 2, completedAt: null }])).toBeNull();
  });

  it('opens on the plan of the last scan while it has work left, else on the one with most left', () => {
    const oficina = plan(2, [device(5, 'O-1', 1), device(6, 'O-2', 2)]);
    const plans = [bodega, oficina];
    const done = new Map([
      [1, true],
      [2, false],
      [5, false],
      [6, false],
    ]);
    expect(startingPlanId(plans, done, 1)).toBe(1);
    expect(startingPlanId(plans, done, null)).toBe(2);
    const bodegaFinished = new Map([...done, [2, true]]);
    expect(startingPlanId(plans, bodegaFinished, 1)).toBe(2);
    expect(startingPlanId([], done, null)).toBeNull();
  });
});
