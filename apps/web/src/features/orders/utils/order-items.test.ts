import { describe, expect, it } from 'vitest';
import { makeFinding } from '../../../testing/finding';
import { makeSession } from '../../../testing/sessions';
import { filterOrderItems, sortOrderItems } from './order-items';

describe('sortOrderItems', () => {
  it('orders by area, those without one last, then by code in natural order', () => {
    const { items } = makeSession({}, [
      {
        id: 1,
        trap: { code: 'TRP-10', area: 'Patio', type: 'OTRO' as const, qrHash: 'a'.repeat(64), routeOrder: null },
      },
      { id: 2, trap: { code: 'TRP-3', area: null, type: 'OTRO' as const, qrHash: 'b'.repeat(64), routeOrder: null } },
      {
        id: 3,
        trap: { code: 'TRP-2', area: 'Patio', type: 'OTRO' as const, qrHash: 'c'.repeat(64), routeOrder: null },
      },
      {
        id: 4,
        trap: { code: 'TRP-1', area: 'bodega', type: 'OTRO' as const, qrHash: 'd'.repeat(64), routeOrder: null },
      },
      { id: 5, trap: { code: 'TRP-9', area: '  ', type: 'OTRO' as const, qrHash: 'e'.repeat(64), routeOrder: null } },
    ]);
    expect(sortOrderItems(items).map((item) => item.id)).toEqual([4, 3, 1, 2, 5]);
  });
});

describe('filterOrderItems', () => {
  const { items } = makeSession({}, [
    { id: 1 },
    { id: 2, status: 'COMPLETED', outcome: 'SCANNED', finding: makeFinding() },
    {
      id: 3,
      status: 'COMPLETED',
      outcome: 'SCANNED',
      finding: makeFinding({ activity: 'BAJA', derivedActivity: 'BAJA' }),
    },
    {
      id: 4,
      status: 'COMPLETED',
      outcome: 'EXCEPTION',
      exception: { reason: 'INACCESIBLE', reasonDetail: null, note: 'Palés.' },
    },
    { id: 5, status: 'COMPLETED', outcome: 'SCANNED' },
  ]);
  const ids = (filter: Parameters<typeof filterOrderItems>[1]) =>
    filterOrderItems(items, filter).map((item) => item.id);

  it('keeps the pending, the completed (scanned or not), and all', () => {
    expect(ids('all')).toEqual([1, 2, 3, 4, 5]);
    expect(ids('pending')).toEqual([1]);
    expect(ids('done')).toEqual([2, 3, 4, 5]);
  });

  it('keeps the devices where activity was found, not those with "sin actividad" or nothing recorded', () => {
    expect(ids('activity')).toEqual([3]);
  });

  it('keeps the devices accounted for without a scan', () => {
    expect(ids('exception')).toEqual([4]);
  });
});
