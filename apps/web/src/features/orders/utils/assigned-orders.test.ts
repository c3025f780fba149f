import type { Session } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../../../testing/sessions';
import { orderAreas, splitAssignedOrders } from './assigned-orders';

function order(id: number, status: Session['status'], areas: (string | null)[] = []) {
  return makeSession({ id, status }, areas.map((area) => ({ trap: { code: 'TRP', area } })));
}

describe('splitAssignedOrders', () => {
  it('puts the open orders first and the completed ones after, each keeping the newest-first order', () => {
    const { open, completed } = splitAssignedOrders([order(9, 'COMPLETED'), order(8, 'PENDING'), order(7, 'IN_PROGRESS'), order(6, 'COMPLETED')]);
    expect(open.map((session) => session.id)).toEqual([8, 7]);
    expect(completed.map((session) => session.id)).toEqual([9, 6]);
  });
});

describe('orderAreas', () => {
  it('lists each area once, in order, skipping traps without one', () => {
    expect(orderAreas(order(1, 'PENDING', ['Cocina', null, 'Bodega', 'Cocina', '  ']))).toEqual(['Cocina', 'Bodega']);
  });
});
