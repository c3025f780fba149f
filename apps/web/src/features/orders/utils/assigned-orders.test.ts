import type { Session } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { makeListItem, makeSession } from '../../../testing/sessions';
import { doneOnDevice, orderAreas, sortOpenOrders } from './assigned-orders';

function order(id: number, status: Session['status'], areas: (string | null)[] = []) {
  return makeSession(
    { id, status },
    areas.map((area) => ({
      trap: { code: 'TRP', area, type: 'OTRO' as const, qrHash: 'a'.repeat(64), routeOrder: null },
    })),
  );
}

describe('orderAreas', () => {
  it('lists each area once, in order, skipping traps without one', () => {
    expect(orderAreas(order(1, 'PENDING', ['Cocina', null, 'Bodega', 'Cocina', '  ']))).toEqual(['Cocina', 'Bodega']);
  });

  it("takes a page's summary areas as the server listed them, and has none for a bare summary", () => {
    expect(
      orderAreas(
        makeListItem({ id: 2 }, [
          { trap: { code: 'A', area: 'Patio', type: 'OTRO' as const, qrHash: 'a'.repeat(64), routeOrder: null } },
        ]),
      ),
    ).toEqual(['Patio']);
    const { items: _items, ...summary } = order(2, 'COMPLETED', ['Cocina']);
    expect(orderAreas(summary)).toEqual([]);
  });
});

describe('doneOnDevice', () => {
  const hash = (letter: string) => letter.repeat(64);
  const session = makeSession({ id: 1 }, [
    {
      status: 'COMPLETED',
      trap: { code: 'A', area: null, type: 'OTRO' as const, qrHash: hash('a'), routeOrder: null },
    },
    { trap: { code: 'B', area: null, type: 'OTRO' as const, qrHash: hash('b'), routeOrder: null } },
    { trap: { code: 'C', area: null, type: 'OTRO' as const, qrHash: hash('c'), routeOrder: null } },
  ]);

  it('adds the traps whose scan waits on the phone to those completed on the server, each once', () => {
    expect(doneOnDevice(session, new Set())).toBe(1);
    expect(doneOnDevice(session, new Set([hash('b')]))).toBe(2);
    // A waiting scan of a trap the server already has, or of a trap not in this order, adds nothing.
    expect(doneOnDevice(session, new Set([hash('a'), hash('f')]))).toBe(1);
  });

  it("keeps the server's count for a summary without items", () => {
    const { items: _items, ...summary } = session;
    expect(doneOnDevice(summary, new Set([hash('b')]))).toBe(1);
  });
});

describe('sortOpenOrders', () => {
  it('orders by scheduled time, undated last in the order given', () => {
    const orders = [
      { id: 1, scheduledAt: null },
      { id: 2, scheduledAt: '2030-01-03T00:00:00.000Z' },
      { id: 3, scheduledAt: null },
      { id: 4, scheduledAt: '2020-01-01T00:00:00.000Z' },
      { id: 5, scheduledAt: '2030-01-03T00:00:00.000Z' },
    ];
    expect(sortOpenOrders(orders).map((order) => order.id)).toEqual([4, 2, 5, 1, 3]);
  });
});
