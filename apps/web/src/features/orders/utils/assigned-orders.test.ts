import type { Session } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../../../testing/sessions';
import { orderAreas } from './assigned-orders';

function order(id: number, status: Session['status'], areas: (string | null)[] = []) {
  return makeSession({ id, status }, areas.map((area) => ({ trap: { code: 'TRP', area, qrHash: 'a'.repeat(64) } })));
}

describe('orderAreas', () => {
  it('lists each area once, in order, skipping traps without one', () => {
    expect(orderAreas(order(1, 'PENDING', ['Cocina', null, 'Bodega', 'Cocina', '  ']))).toEqual(['Cocina', 'Bodega']);
  });

  it('has none for an order summary read without its items', () => {
    const { items: _items, ...summary } = order(2, 'COMPLETED', ['Cocina']);
    expect(orderAreas(summary)).toEqual([]);
  });
});
