import { describe, expect, it } from 'vitest';
import { makeSession } from '../../../testing/sessions';
import { sortOrderItems } from './order-items';

describe('sortOrderItems', () => {
  it('orders by area, those without one last, then by code in natural order', () => {
    const { items } = makeSession({}, [
      { id: 1, trap: { code: 'TRP-10', area: 'Patio', type: 'OTRO' as const, qrHash: 'a'.repeat(64) } },
      { id: 2, trap: { code: 'TRP-3', area: null, type: 'OTRO' as const, qrHash: 'b'.repeat(64) } },
      { id: 3, trap: { code: 'TRP-2', area: 'Patio', type: 'OTRO' as const, qrHash: 'c'.repeat(64) } },
      { id: 4, trap: { code: 'TRP-1', area: 'bodega', type: 'OTRO' as const, qrHash: 'd'.repeat(64) } },
      { id: 5, trap: { code: 'TRP-9', area: '  ', type: 'OTRO' as const, qrHash: 'e'.repeat(64) } },
    ]);
    expect(sortOrderItems(items).map((item) => item.id)).toEqual([4, 3, 1, 2, 5]);
  });
});
