import type { SessionServerEvents } from '@rondin/contracts';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notFoundException, nothingFound, putFinding, recordException } from '../../test/findings.js';
import { close, createOrder, scan } from '../../test/orders.js';
import { traps } from '../db/schema.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';

let t: TestApp;
let url: string;
let admin: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sessions`;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});
afterEach(() => sockets.splice(0).forEach((socket) => socket.disconnect()));

function connect(token?: string): Socket<SessionServerEvents> {
  const socket = io(url, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refusal(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** Collects events in arrival order so a test can check what arrived, and what did not, before it. */
function record(socket: Socket<SessionServerEvents>) {
  const events: [string, number][] = [];
  const waiters: (() => void)[] = [];
  for (const name of ['session.created', 'session.updated', 'finding.recorded'] as const) {
    socket.on(name, ({ sessionId }: { sessionId: number }) => {
      events.push([name, sessionId]);
      waiters.splice(0).forEach((wake) => wake());
    });
  }
  return {
    events,
    async until(count: number) {
      while (events.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return events;
    },
  };
}

describe('realtime connection', () => {
  it('refuses a handshake without a token, with a bad one, or from an inactive account', async () => {
    expect(await refusal(connect())).toBe('Inicia sesión para continuar.');
    expect(await refusal(connect('not-a-token'))).toBe('Tu sesión expiró o no es válida. Inicia sesión nuevamente.');
    const inactive = await createUser(t, { isActive: false });
    expect(await refusal(connect(inactive.token))).toBe(
      'Tu cuenta está inactiva o ya no existe. Contacta a un administrador.',
    );
  });

  it('refuses the polling transport: websocket only', async () => {
    const tech = await createUser(t);
    const response = await fetch(url.replace('/sessions', `/socket.io/?EIO=4&transport=polling`), {
      headers: { authorization: `Bearer ${tech.token}` },
    });
    expect(response.status).toBe(400);
  });
});

describe('order events', () => {
  it('reach only the assigned technician, for create, scan, close and delete', async () => {
    const ana = await createUser(t);
    const beto = await createUser(t);
    const anaSocket = connect(ana.token);
    const betoSocket = connect(beto.token);
    await Promise.all([connected(anaSocket), connected(betoSocket)]);
    const anaEvents = record(anaSocket);
    const betoEvents = record(betoSocket);

    const trap = await createTrap(t);
    const order = await createOrder(t, admin, ana.id, [trap.id]);
    await scan(t, ana, order.id, trap.qrSlug);
    await close(t, ana, order.id);
    // A closed order is never deleted: an open one is.
    const open = await createOrder(t, admin, ana.id, [trap.id]);
    await t.app.inject({ method: 'DELETE', url: `/api/sessions/${open.id}`, headers: admin.headers });
    const betoOrder = await createOrder(t, admin, beto.id, [trap.id]);

    expect(await anaEvents.until(5)).toEqual([
      ['session.created', order.id],
      ['session.updated', order.id],
      ['session.updated', order.id],
      ['session.created', open.id],
      ['session.updated', open.id],
    ]);
    // Beto's first event is his own order's: none of Ana's reached him before it.
    expect(await betoEvents.until(1)).toEqual([['session.created', betoOrder.id]]);
  });

  it("tell both phones of a reassignment, and only the current technician's of a new time", async () => {
    const ana = await createUser(t);
    const beto = await createUser(t);
    const anaSocket = connect(ana.token);
    const betoSocket = connect(beto.token);
    await Promise.all([connected(anaSocket), connected(betoSocket)]);
    const anaEvents = record(anaSocket);
    const betoEvents = record(betoSocket);
    const patch = (id: number, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: admin.headers, payload });

    const trap = await createTrap(t);
    const order = await createOrder(t, admin, ana.id, [trap.id]);
    expect((await patch(order.id, { technicianId: beto.id })).statusCode).toBe(200);
    expect((await patch(order.id, { scheduledAt: '2027-03-01T12:00:00Z' })).statusCode).toBe(200);
    // A closing marker: once it arrives, anything meant for Ana before it has arrived too.
    const marker = await createOrder(t, admin, ana.id, [trap.id]);

    expect(await anaEvents.until(3)).toEqual([
      ['session.created', order.id],
      // The order leaves Ana's list; the new time is none of her business.
      ['session.updated', order.id],
      ['session.created', marker.id],
    ]);
    expect(await betoEvents.until(2)).toEqual([
      ['session.created', order.id],
      ['session.updated', order.id],
    ]);
  });

  it('tell the phones and the office of each order a bulk reassignment or reschedule moved', async () => {
    const ana = await createUser(t);
    const beto = await createUser(t);
    const sockets = [connect(ana.token), connect(beto.token), connect(admin.token)];
    await Promise.all(sockets.map(connected));
    const [anaEvents, betoEvents, office] = sockets.map(record);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: admin.headers, payload });

    const trap = await createTrap(t);
    const first = await createOrder(t, admin, ana.id, [trap.id]);
    const second = await createOrder(t, admin, ana.id, [trap.id]);
    const ids = [first.id, second.id];
    expect((await post('/api/sessions/bulk-reassign', { ids, technicianId: beto.id })).statusCode).toBe(200);
    expect((await post('/api/sessions/bulk-reschedule', { ids, date: '2027-03-01', time: '09:00' })).statusCode).toBe(
      200,
    );
    const marker = await createOrder(t, admin, ana.id, [trap.id]);

    expect(await anaEvents!.until(5)).toEqual([
      ['session.created', first.id],
      ['session.created', second.id],
      ['session.updated', first.id],
      ['session.updated', second.id],
      ['session.created', marker.id],
    ]);
    expect(await betoEvents!.until(4)).toEqual([
      ['session.created', first.id],
      ['session.created', second.id],
      ['session.updated', first.id],
      ['session.updated', second.id],
    ]);
    // The office's lists hear each order move too.
    expect(await office!.until(9)).toEqual([
      ['session.created', first.id],
      ['session.created', second.id],
      ['session.updated', first.id],
      ['session.created', first.id],
      ['session.updated', second.id],
      ['session.created', second.id],
      ['session.updated', first.id],
      ['session.updated', second.id],
      ['session.created', marker.id],
    ]);
  });

  it('does not announce a rescan that changed nothing', async () => {
    const ana = await createUser(t);
    const socket = connect(ana.token);
    await connected(socket);
    const events = record(socket);
    const [first, second] = [await createTrap(t), await createTrap(t)];
    const order = await createOrder(t, admin, ana.id, [first.id, second.id]);
    await scan(t, ana, order.id, first.qrSlug);
    await scan(t, ana, order.id, first.qrSlug);
    const marker = await createOrder(t, admin, ana.id, [second.id]);
    expect(await events.until(3)).toEqual([
      ['session.created', order.id],
      ['session.updated', order.id],
      ['session.created', marker.id],
    ]);
  });
});

describe('office events', () => {
  it("reach every administrator's screens, with what was found, and never a technician", async () => {
    const ana = await createUser(t);
    const beto = await createUser(t);
    const other = await createAdmin(t);
    const sockets = [connect(admin.token), connect(other.token), connect(ana.token), connect(beto.token)];
    await Promise.all(sockets.map(connected));
    const [office, otherOffice, anaEvents, betoEvents] = sockets.map(record);

    const trap = await createTrap(t);
    const order = await createOrder(t, admin, ana.id, [trap.id]);
    await scan(t, ana, order.id, trap.qrSlug);
    const itemId = order.items[0]!.id;
    const finding = await putFinding(t, ana, order.id, itemId, nothingFound());
    expect(finding.statusCode, finding.body).toBe(200);
    const marker = await createOrder(t, admin, beto.id, [trap.id]);

    const expected = [
      ['session.created', order.id],
      ['session.updated', order.id],
      ['session.updated', order.id],
      ['finding.recorded', order.id],
      ['session.created', marker.id],
    ];
    expect(await office!.until(5)).toEqual(expected);
    expect(await otherOffice!.until(5)).toEqual(expected);
    // Ana hears her order change, never the office's event; Beto's first event is his own order's.
    expect(await anaEvents!.until(3)).toEqual([
      ['session.created', order.id],
      ['session.updated', order.id],
      ['session.updated', order.id],
    ]);
    expect(await betoEvents!.until(1)).toEqual([['session.created', marker.id]]);
  });

  it('tell the office when a corrective action opens, over a threshold or by hand', async () => {
    const ana = await createUser(t);
    const [office, anaSocket] = [connect(admin.token), connect(ana.token)];
    await Promise.all([connected(office), connected(anaSocket)]);
    const opened: number[] = [];
    const heardByAna: number[] = [];
    office.on('action.opened', ({ actionId }) => opened.push(actionId));
    anaSocket.on('action.opened', ({ actionId }) => heardByAna.push(actionId));

    // A bait station indoors that cannot be found: the default thresholds open an action.
    const trap = await createTrap(t);
    await t.database.db.update(traps).set({ zone: 'INTERIOR' }).where(eq(traps.id, trap.id));
    const order = await createOrder(t, admin, ana.id, [trap.id]);
    const lost = await recordException(t, ana, order.id, order.items[0]!.id, notFoundException());
    expect(lost.statusCode, lost.body).toBe(200);
    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/actions',
      headers: admin.headers,
      payload: { siteId: order.siteId, description: 'Sellar la puerta del muelle.', dueDate: '2030-01-31' },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const actions = await t.app.inject({ url: '/api/actions', headers: admin.headers });
    const ids = actions.json<{ items: { id: number }[] }>().items.map((action) => action.id);
    expect(ids).toHaveLength(2);
    await expect.poll(() => [...opened].sort()).toEqual([...ids].sort());
    // A marker for Ana: her order's close arrives after anything sent to her before it.
    const marker = record(anaSocket);
    await createOrder(t, admin, ana.id, [trap.id]);
    await marker.until(1);
    expect(heardByAna).toEqual([]);
  });
});
