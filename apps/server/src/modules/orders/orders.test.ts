import {
  CertificateMessages,
  FINDINGS_MISSING_CODE,
  OFFICE_CLOSE_ABSENT_REASON,
  SessionMessages,
  SIGNATURE_REQUIRED_CODE,
  UPDATE_SESSION_EMPTY,
  type ScanResponse,
  type Session,
  type SessionPage,
} from '@rondin/contracts';
import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { certificates, findings, scanEvents, sessionItems, sessions, technicians } from '../../db/schema.js';
import { notFoundException, nothingFound, putFinding, recordException } from '../../../test/findings.js';
import { close, createOrder, scan, storeOwnSignature } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let otherTech: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t, { fullName: 'Jefa de planta' });
  tech = await createUser(t, { fullName: 'Ana Técnica', email: 'ana@planta.test' });
  otherTech = await createUser(t, { fullName: 'Otro Técnico' });
});

const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.headers });

async function trapsFor(count: number, area = 'Bodega') {
  const traps = [];
  for (let i = 0; i < count; i++) traps.push(await createTrap(t, { area }));
  return traps;
}

async function eventsOf(sessionId: number) {
  return t.database.db.select().from(scanEvents).where(eq(scanEvents.sessionId, sessionId)).orderBy(asc(scanEvents.id));
}

describe('POST /api/sessions', () => {
  it('creates a PENDING order for an active technician, merging duplicate traps', async () => {
    const [a, b] = await trapsFor(2);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: admin.headers,
      payload: { technicianId: tech.id, trapIds: [a!.id, b!.id, a!.id], scheduledAt: '2026-12-01T08:00:00-03:00' },
    });
    expect(response.statusCode).toBe(201);
    const order: Session = response.json();
    expect(order).toMatchObject({
      status: 'PENDING',
      scheduledAt: '2026-12-01T11:00:00.000Z',
      technicianId: tech.id,
      technician: { id: tech.id, fullName: 'Ana Técnica', email: 'ana@planta.test' },
      itemCount: 2,
      completedCount: 0,
      closedAt: null,
      forceClosed: false,
    });
    expect(order.items.map((item) => item.trapId).sort()).toEqual([a!.id, b!.id].sort());
    expect(order.items[0]).toMatchObject({
      status: 'PENDING',
      completedAt: null,
      trap: { code: a!.code, area: 'Bodega' },
    });
  });

  it('refuses an inactive or unknown technician', async () => {
    const [trap] = await trapsFor(1);
    const inactive = await createUser(t, { isActive: false });
    for (const technicianId of [inactive.id, 99999]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: admin.headers,
        payload: { technicianId, trapIds: [trap!.id] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SessionMessages.technicianUnavailable);
    }
  });

  it('refuses inactive or unknown traps, and leaves nothing behind', async () => {
    const [trap] = await trapsFor(1);
    const retired = await createTrap(t, { isActive: false });
    for (const trapIds of [
      [trap!.id, retired.id],
      [trap!.id, 424242],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: admin.headers,
        payload: { technicianId: tech.id, trapIds },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SessionMessages.trapsUnavailable);
    }
    expect(await t.database.db.select().from(sessions)).toEqual([]);
  });

  it('validates the body: traps required, ids numeric, date ISO', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/sessions', headers: admin.headers, payload });
    const none = await post({ technicianId: tech.id, trapIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toEqual(['Selecciona al menos una trampa.']);
    expect((await post({ technicianId: tech.id })).json().message).toEqual(['Selecciona al menos una trampa.']);
    expect((await post({ technicianId: '1', trapIds: [1] })).statusCode).toBe(400);
    expect((await post({ technicianId: tech.id, trapIds: [1], scheduledAt: 'mañana' })).statusCode).toBe(400);
    expect((await post({ technicianId: tech.id, trapIds: [-1] })).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const [trap] = await trapsFor(1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: tech.headers,
      payload: { technicianId: tech.id, trapIds: [trap!.id] },
    });
    expect(response.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/sessions', payload: {} })).statusCode).toBe(401);
  });
});

describe('reading orders', () => {
  it('lists every order for an administrator, newest first, with technician and trap details', async () => {
    const [trap] = await trapsFor(1, 'Andén de carga');
    const first = await createOrder(t, admin, tech.id, [trap!.id]);
    const second = await createOrder(t, admin, otherTech.id, [trap!.id]);
    const response = await get('/api/sessions', admin);
    expect(response.statusCode).toBe(200);
    const list: Session[] = response.json();
    expect(list.map((order) => order.id)).toEqual([second.id, first.id]);
    expect(list[1]!.technician).toEqual({ id: tech.id, fullName: 'Ana Técnica', email: 'ana@planta.test' });
    expect(list[1]!.items[0]!.trap).toMatchObject({ code: trap!.code, area: 'Andén de carga' });
    expect((await get('/api/sessions', tech)).statusCode).toBe(403);
  });

  it('shows an order to an administrator and its technician, and hides it from other technicians', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    expect((await get(`/api/sessions/${order.id}`, admin)).json().id).toBe(order.id);
    expect((await get(`/api/sessions/${order.id}`, tech)).json().id).toBe(order.id);
    const hidden = await get(`/api/sessions/${order.id}`, otherTech);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(SessionMessages.notFound);
    expect((await get('/api/sessions/987654', admin)).statusCode).toBe(404);
    expect((await get('/api/sessions/abc', admin)).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/sessions/${order.id}` })).statusCode).toBe(401);
  });

  it('gives technicians their own orders, and the open ones apart', async () => {
    const traps = await trapsFor(2);
    const done = await createOrder(t, admin, tech.id, [traps[0]!.id]);
    const open = await createOrder(t, admin, tech.id, [traps[1]!.id]);
    await createOrder(t, admin, otherTech.id, [traps[0]!.id]);
    await scan(t, tech, done.id, traps[0]!.qrSlug);
    expect((await close(t, tech, done.id)).statusCode).toBe(200);

    const mine: Session[] = (await get('/api/sessions/me', tech)).json();
    expect(mine.map((order) => order.id)).toEqual([open.id, done.id]);
    const active: Session[] = (await get('/api/sessions/me/active', tech)).json();
    expect(active.map((order) => order.id)).toEqual([open.id]);
    expect(active[0]!.items[0]!.trap.code).toBe(traps[1]!.code);
  });
});

describe('paged order lists: overdue filter and areas', () => {
  const HOUR = 3_600_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();
  const pageOf = async (query: string): Promise<SessionPage> => {
    const response = await get(`/api/sessions?${query}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('keeps, with overdue=true, only the orders not completed whose scheduled time has passed', async () => {
    const [trap] = await trapsFor(1);
    const late = await createOrder(t, admin, tech.id, [trap!.id], at(-2 * HOUR));
    const lateInProgress = await createOrder(t, admin, otherTech.id, [trap!.id], at(-48 * HOUR));
    await scan(t, otherTech, lateInProgress.id, trap!.qrSlug);
    const lateButClosed = await createOrder(t, admin, tech.id, [trap!.id], at(-HOUR));
    await close(t, admin, lateButClosed.id, { force: true });
    await createOrder(t, admin, tech.id, [trap!.id], at(HOUR));
    await createOrder(t, admin, tech.id, [trap!.id]);

    const overdue = await pageOf('overdue=true');
    expect(overdue.items.map((order) => order.id)).toEqual([lateInProgress.id, late.id]);
    expect(overdue.total).toBe(2);
    // It narrows the other filters, and agrees with the dashboard's count.
    expect((await pageOf(`overdue=true&technicianId=${tech.id}`)).items.map((order) => order.id)).toEqual([late.id]);
    const compliance = await get('/api/reports/compliance', admin);
    expect(compliance.json().overdueSessions).toBe(overdue.total);
    for (const bad of ['overdue=false', 'overdue=1', 'overdue=']) {
      const response = await get(`/api/sessions?${bad}`, admin);
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('names the areas each order covers, once each and in order, leaving out traps without one', async () => {
    const traps = [
      await createTrap(t, { area: 'Patio' }),
      await createTrap(t, { area: 'Bodega' }),
      await createTrap(t, { area: 'Patio' }),
      await createTrap(t, { area: null }),
    ];
    const mixed = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    const noArea = await createOrder(t, admin, tech.id, [traps[3]!.id]);
    const page = await pageOf('pageSize=10');
    expect(page.items.map((order) => [order.id, order.areas])).toEqual([
      [noArea.id, []],
      [mixed.id, ['Bodega', 'Patio']],
    ]);
    const own: SessionPage = (await get('/api/sessions/me?pageSize=10', tech)).json();
    expect(own.items.find((order) => order.id === mixed.id)!.areas).toEqual(['Bodega', 'Patio']);
  });
});

describe('PATCH /api/sessions/:id (reassign, reschedule)', () => {
  const patch = (id: number, payload: object, user: TestUser = admin) =>
    t.app.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: user.headers, payload });

  it('moves an open order to another technician: scans already made stay with whoever made them', async () => {
    const traps = await trapsFor(3);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
      '2026-12-01T11:00:00.000Z',
    );
    await scan(t, tech, order.id, traps[0]!.qrSlug);

    const response = await patch(order.id, { technicianId: otherTech.id });
    expect(response.statusCode, response.body).toBe(200);
    const moved: Session = response.json();
    expect(moved).toMatchObject({
      status: 'IN_PROGRESS',
      technicianId: otherTech.id,
      technician: { id: otherTech.id, fullName: 'Otro Técnico' },
      // The time is kept when only the technician changes.
      scheduledAt: '2026-12-01T11:00:00.000Z',
      completedCount: 1,
    });
    expect(moved.items.find((item) => item.trapId === traps[0]!.id)!.completedBy).toEqual({
      id: tech.id,
      fullName: 'Ana Técnica',
    });

    // The order is now the new technician's, and no longer the old one's.
    expect((await get(`/api/sessions/${order.id}`, tech)).statusCode).toBe(404);
    expect((await get('/api/sessions/me/active', tech)).json()).toEqual([]);
    expect((await scan(t, tech, order.id, traps[1]!.qrSlug)).statusCode).toBe(404);
    expect((await scan(t, otherTech, order.id, traps[1]!.qrSlug)).statusCode).toBe(200);
    const after: Session = (await get(`/api/sessions/${order.id}`, otherTech)).json();
    const creditedTo = (trapId: number) => after.items.find((item) => item.trapId === trapId)!.completedBy?.id;
    expect(traps.map((trap) => creditedTo(trap.id) ?? null)).toEqual([tech.id, otherTech.id, null]);
  });

  it('reschedules an order, and clears its date with null, keeping the technician', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    const later = await patch(order.id, { scheduledAt: '2027-01-15T09:30:00-03:00' });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ scheduledAt: '2027-01-15T12:30:00.000Z', technicianId: tech.id });
    const cleared = await patch(order.id, { scheduledAt: null });
    expect(cleared.json()).toMatchObject({ scheduledAt: null, technicianId: tech.id });
    const both = await patch(order.id, { technicianId: otherTech.id, scheduledAt: '2027-02-01T08:00:00Z' });
    expect(both.json()).toMatchObject({ scheduledAt: '2027-02-01T08:00:00.000Z', technicianId: otherTech.id });
  });

  it('refuses a closed order with 409 and changes nothing', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id], '2026-12-01T11:00:00.000Z');
    await close(t, admin, order.id, { force: true });
    for (const payload of [{ technicianId: otherTech.id }, { scheduledAt: null }]) {
      const response = await patch(order.id, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('La orden ya fue cerrada.');
    }
    expect((await get(`/api/sessions/${order.id}`, admin)).json()).toMatchObject({
      technicianId: tech.id,
      scheduledAt: '2026-12-01T11:00:00.000Z',
    });
  });

  it('refuses an inactive or unknown technician, as creating an order does, and accepts an active administrator', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    const inactive = await createUser(t, { isActive: false });
    for (const technicianId of [inactive.id, 99999]) {
      const response = await patch(order.id, { technicianId });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SessionMessages.technicianUnavailable);
    }
    expect((await get(`/api/sessions/${order.id}`, admin)).json().technicianId).toBe(tech.id);
    expect((await patch(order.id, { technicianId: admin.id })).json().technicianId).toBe(admin.id);
  });

  it('validates the body and the order: 400 for nothing to change or bad values, 404 for an unknown order', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    const empty = await patch(order.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual([UPDATE_SESSION_EMPTY]);
    for (const payload of [
      { technicianId: String(otherTech.id) },
      { technicianId: -1 },
      { scheduledAt: 'mañana' },
      { scheduledAt: '2026-12-01T11:00:00' },
      { status: 'COMPLETED' },
    ]) {
      expect((await patch(order.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknown = await patch(987654, { scheduledAt: null });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SessionMessages.notFound);
  });

  it('is for administrators only', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    expect((await patch(order.id, { technicianId: tech.id }, tech)).statusCode).toBe(403);
    expect((await get(`/api/sessions/${order.id}`, admin)).json().technicianId).toBe(tech.id);
  });

  it('loses and mis-credits no scan when scans race a reassignment', async () => {
    const traps = await trapsFor(30);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    // The move starts once the first scan is in, with half the scans still on their way and half sent after it.
    const early = traps.slice(0, 15).map((trap) => scan(t, tech, order.id, trap.qrSlug));
    await early[0];
    const moving = patch(order.id, { technicianId: otherTech.id });
    const late = traps.slice(15).map((trap) => scan(t, tech, order.id, trap.qrSlug));
    const [scanResponses, moveResponse] = await Promise.all([Promise.all([...early, ...late]), moving]);
    expect(moveResponse.statusCode).toBe(200);
    // Each scan landed before the move (accepted) or after it (refused: no longer the technician's order).
    const accepted = scanResponses.filter((response) => response.statusCode === 200).length;
    const refused = scanResponses.filter((response) => response.statusCode === 404).length;
    expect(accepted + refused).toBe(30);

    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, order.id));
    const items = await t.database.db.select().from(sessionItems).where(eq(sessionItems.sessionId, order.id));
    const completed = items.filter((item) => item.status === 'COMPLETED');
    expect(row!.technicianId).toBe(otherTech.id);
    expect(row!.completedCount).toBe(accepted);
    expect(completed).toHaveLength(accepted);
    // Every accepted scan is the old technician's, as made: none is credited to the new one.
    expect(completed.every((item) => item.completedById === tech.id)).toBe(true);
    const events = await eventsOf(order.id);
    expect(events.filter((event) => event.result === 'ACCEPTED')).toHaveLength(accepted);
    expect(events.filter((event) => event.result === 'NOT_ASSIGNED')).toHaveLength(refused);

    // The new technician finishes what is left, under their own name.
    for (const trap of traps) await scan(t, otherTech, order.id, trap.qrSlug);
    const final: Session = (await get(`/api/sessions/${order.id}`, admin)).json();
    expect(final.completedCount).toBe(30);
    expect(final.items.filter((item) => item.completedBy?.id === otherTech.id)).toHaveLength(refused);
  });

  it('leaves one consistent result when a close races a reassignment', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    await scan(t, tech, order.id, trap!.qrSlug);
    const [closing, moving] = await Promise.all([
      close(t, tech, order.id),
      patch(order.id, { technicianId: otherTech.id }),
    ]);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, order.id));
    if (moving.statusCode === 200) {
      // Moved first: the old technician's close then found an order no longer theirs, still open.
      expect(closing.statusCode).toBe(404);
      expect(row).toMatchObject({ technicianId: otherTech.id, status: 'IN_PROGRESS', closedAt: null });
    } else {
      // Closed first: the move is refused and the order stays with who closed it.
      expect(closing.statusCode).toBe(200);
      expect(moving.statusCode).toBe(409);
      expect(row).toMatchObject({ technicianId: tech.id, status: 'COMPLETED', closedById: tech.id });
    }
  });
});

describe('POST /api/sessions/:id/scan', () => {
  it('completes the item, moves the order to IN_PROGRESS and answers the order and the item', async () => {
    const traps = await trapsFor(2);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    const response = await scan(t, tech, order.id, traps[0]!.qrSlug);
    expect(response.statusCode).toBe(200);
    const { session, item }: ScanResponse = response.json();
    expect(session).toMatchObject({ id: order.id, status: 'IN_PROGRESS', completedCount: 1, itemCount: 2 });
    expect(session).not.toHaveProperty('items');
    expect(session.startedAt).not.toBeNull();
    expect(item).toMatchObject({
      trapId: traps[0]!.id,
      status: 'COMPLETED',
      completedBy: { id: tech.id, fullName: 'Ana Técnica' },
      trap: { code: traps[0]!.code, area: 'Bodega' },
    });
    expect(Date.now() - Date.parse(item.completedAt!)).toBeLessThan(60_000);
    const stored: Session = (await get(`/api/sessions/${order.id}`, tech)).json();
    expect(stored.items.find((entry) => entry.trapId === traps[0]!.id)).toEqual(item);
    expect(stored.items.find((entry) => entry.trapId === traps[1]!.id)!.status).toBe('PENDING');
  });

  it('refuses the scan of an account deactivated after signing in', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/technicians/${tech.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    const response = await scan(t, tech, order.id, trap!.qrSlug);
    expect(response.statusCode).toBe(401);
    expect((await get(`/api/sessions/${order.id}`, admin)).json().completedCount).toBe(0);
  });

  it('reads the role from the account, not from the token, when a technician becomes admin', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    // otherTech's token says TECH; once promoted, the scan treats them as the administrator they are.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/technicians/${otherTech.id}`,
      headers: admin.headers,
      payload: { role: 'ADMIN' },
    });
    expect((await scan(t, otherTech, order.id, trap!.qrSlug)).statusCode).toBe(200);
  });

  it('accepts a slug with surrounding spaces, as a hand-typed one would have', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    expect((await scan(t, tech, order.id, `  ${trap!.qrSlug} `)).statusCode).toBe(200);
  });

  it('is idempotent: a rescan succeeds and changes nothing', async () => {
    const traps = await trapsFor(2);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    const first: ScanResponse = (await scan(t, tech, order.id, traps[0]!.qrSlug)).json();
    const again = await scan(t, tech, order.id, traps[0]!.qrSlug);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect((await eventsOf(order.id)).map((event) => event.result)).toEqual(['ACCEPTED', 'ALREADY_COMPLETED']);
  });

  it('answers 404 for a code that is not in the order, naming what it is, and logs the attempt', async () => {
    const [inOrder, elsewhere] = await trapsFor(2);
    const order = await createOrder(t, admin, tech.id, [inOrder!.id]);
    const notInOrder = await scan(t, tech, order.id, elsewhere!.qrSlug);
    expect(notInOrder.statusCode).toBe(404);
    expect(notInOrder.json()).toMatchObject({
      code: 'TRAP_NOT_IN_ORDER',
      message: SessionMessages.trapNotInThisOrder(`${elsewhere!.code} (Bodega)`),
      device: { id: elsewhere!.id, code: elsewhere!.code, area: 'Bodega' },
    });
    const unknown = await scan(t, tech, order.id, 'no-es-un-qr-de-rondin');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'UNKNOWN_CODE',
      message: SessionMessages.unknownCode('no-es-un-qr-de-rondin'),
    });
    expect(unknown.json()).not.toHaveProperty('device');
    const events = await eventsOf(order.id);
    expect(events.map((event) => [event.result, event.qrSlug])).toEqual([
      ['NOT_IN_ORDER', elsewhere!.qrSlug],
      ['NOT_IN_ORDER', 'no-es-un-qr-de-rondin'],
    ]);
    expect((await get(`/api/sessions/${order.id}`, admin)).json().completedCount).toBe(0);
  });

  it("answers 404 to a technician scanning another technician's order, and changes nothing", async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    const response = await scan(t, otherTech, order.id, trap!.qrSlug);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(SessionMessages.notFound);
    expect((await get(`/api/sessions/${order.id}`, admin)).json().status).toBe('PENDING');
    expect((await eventsOf(order.id)).map((event) => [event.result, event.technicianId])).toEqual([
      ['NOT_ASSIGNED', otherTech.id],
    ]);
  });

  it('lets an administrator scan on behalf of the technician', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    const { item }: ScanResponse = (await scan(t, admin, order.id, trap!.qrSlug)).json();
    expect(item.completedBy).toEqual({ id: admin.id, fullName: 'Jefa de planta' });
  });

  it('answers 409 on a completed order and logs the refusal', async () => {
    const traps = await trapsFor(2);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    await close(t, admin, order.id, { force: true });
    const response = await scan(t, tech, order.id, traps[0]!.qrSlug);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('La orden ya fue cerrada.');
    expect((await eventsOf(order.id)).map((event) => event.result)).toEqual(['ORDER_CLOSED']);
    expect((await get(`/api/sessions/${order.id}`, admin)).json().completedCount).toBe(0);
  });

  it('validates the slug', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    const empty = await scan(t, tech, order.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual(['El código QR es obligatorio.']);
    expect((await scan(t, tech, order.id, 'x'.repeat(500))).statusCode).toBe(400);
  });

  it('records 50 concurrent scans, each sent twice, exactly once each', async () => {
    const traps = await trapsFor(50);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    const responses = await Promise.all([...traps, ...traps].map((trap) => scan(t, tech, order.id, trap.qrSlug)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const final: Session = (await get(`/api/sessions/${order.id}`, admin)).json();
    expect(final.completedCount).toBe(50);
    expect(final.items.every((item) => item.status === 'COMPLETED')).toBe(true);
    const events = await eventsOf(order.id);
    expect(events.filter((event) => event.result === 'ACCEPTED')).toHaveLength(50);
    expect(events.filter((event) => event.result === 'ALREADY_COMPLETED')).toHaveLength(50);
    expect(new Set(events.filter((event) => event.result === 'ACCEPTED').map((event) => event.itemId)).size).toBe(50);
  });

  it('leaves one consistent result when a forced close races scans', async () => {
    const traps = await trapsFor(30);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    const scans = traps.map((trap) => scan(t, tech, order.id, trap.qrSlug));
    const closing = close(t, admin, order.id, { force: true });
    const [scanResponses, closeResponse] = await Promise.all([Promise.all(scans), closing]);
    expect(closeResponse.statusCode).toBe(200);
    const accepted = scanResponses.filter((response) => response.statusCode === 200).length;
    const refused = scanResponses.filter((response) => response.statusCode === 409).length;
    expect(accepted + refused).toBe(30);

    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, order.id));
    const items = await t.database.db.select().from(sessionItems).where(eq(sessionItems.sessionId, order.id));
    const completed = items.filter((item) => item.status === 'COMPLETED');
    expect(row!.status).toBe('COMPLETED');
    expect(row!.completedCount).toBe(accepted);
    expect(completed).toHaveLength(accepted);
    expect(row!.forceClosed).toBe(accepted < 30);
    // No scan is recorded after the close.
    for (const item of completed) expect(item.receivedAt!.getTime()).toBeLessThanOrEqual(row!.closedAt!.getTime());
    const events = await eventsOf(order.id);
    expect(events.filter((event) => event.result === 'ACCEPTED')).toHaveLength(accepted);
    expect(events.filter((event) => event.result === 'ORDER_CLOSED')).toHaveLength(refused);
  });
});

describe('scans queued offline (clientScanId, scannedAt)', () => {
  const offlineScan = (sessionId: number, payload: object, user: TestUser = tech) =>
    t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/scan`, headers: user.headers, payload });
  const itemRow = async (sessionId: number) =>
    (await t.database.db.select().from(sessionItems).where(eq(sessionItems.sessionId, sessionId)))[0]!;

  it("lets the phone match a queued scan to its item: each item carries the SHA-256 of its trap's code, never the code", async () => {
    const traps = await trapsFor(2);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    const read: Session = (await get(`/api/sessions/${order.id}`, tech)).json();
    const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    for (const trap of traps) {
      const item = read.items.find((candidate) => candidate.trapId === trap.id)!;
      expect(item.trap.qrHash).toBe(sha256(trap.qrSlug));
      expect(JSON.stringify(item)).not.toContain(trap.qrSlug);
    }
    const answer: ScanResponse = (await scan(t, tech, order.id, traps[0]!.qrSlug)).json();
    expect(answer.item.trap.qrHash).toBe(sha256(traps[0]!.qrSlug));
  });

  it('answers a replayed scan as a success without recording it twice, even once the order is closed', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    const payload = { qrSlug: trap!.qrSlug, clientScanId: crypto.randomUUID(), scannedAt: new Date().toISOString() };
    expect((await offlineScan(order.id, payload)).statusCode).toBe(200);
    // Its finding first: a close records none for it (defaultNoActivity), so the item's row stays as it was.
    expect((await putFinding(t, tech, order.id, order.items[0]!.id, nothingFound())).statusCode).toBe(200);
    const first = await itemRow(order.id);
    expect((await offlineScan(order.id, payload)).statusCode).toBe(200);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const late = await offlineScan(order.id, payload);
    expect(late.statusCode).toBe(200);
    expect(late.json().session).toMatchObject({ status: 'COMPLETED', completedCount: 1 });
    expect(await itemRow(order.id)).toEqual(first);
    expect((await eventsOf(order.id)).map((event) => event.result)).toEqual(['ACCEPTED', 'REPLAYED', 'REPLAYED']);
  });

  it('keeps the device time as the inspection time, and the receive time apart', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    // Made right when the order arrived on the phone, sent later.
    const scannedAt = order.createdAt;
    const response = await offlineScan(order.id, {
      qrSlug: trap!.qrSlug,
      clientScanId: crypto.randomUUID(),
      scannedAt,
    });
    expect(response.json().item.completedAt).toBe(scannedAt);
    const row = await itemRow(order.id);
    expect(row.completedAt!.toISOString()).toBe(scannedAt);
    expect(row.receivedAt!.getTime()).toBeGreaterThan(row.completedAt!.getTime());
  });

  it('uses the receive time when the device time is implausible, and logs what the device said', async () => {
    const traps = await trapsFor(2);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const beforeOrder = new Date(Date.parse(order.createdAt) - 3_600_000).toISOString();
    await offlineScan(order.id, { qrSlug: traps[0]!.qrSlug, scannedAt: future });
    await offlineScan(order.id, { qrSlug: traps[1]!.qrSlug, scannedAt: beforeOrder });
    const items = await t.database.db.select().from(sessionItems).where(eq(sessionItems.sessionId, order.id));
    for (const item of items) expect(item.completedAt!.getTime()).toBe(item.receivedAt!.getTime());
    expect((await eventsOf(order.id)).map((event) => event.scannedAt!.toISOString())).toEqual([future, beforeOrder]);
  });

  it('refuses a malformed client id or time, and an id already accepted on another order', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    const other = await createOrder(t, admin, tech.id, [trap!.id]);
    expect((await offlineScan(order.id, { qrSlug: trap!.qrSlug, clientScanId: 'abc' })).statusCode).toBe(400);
    expect((await offlineScan(order.id, { qrSlug: trap!.qrSlug, scannedAt: 'ayer' })).statusCode).toBe(400);
    const clientScanId = crypto.randomUUID();
    expect((await offlineScan(order.id, { qrSlug: trap!.qrSlug, clientScanId })).statusCode).toBe(200);
    const reused = await offlineScan(other.id, { qrSlug: trap!.qrSlug, clientScanId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(SessionMessages.clientScanIdReused);
    expect((await get(`/api/sessions/${other.id}`, admin)).json().completedCount).toBe(0);
  });
});

describe('scans arriving together', () => {
  // On PGlite, concurrent scans are stored as one statement (rondin_scan_batch); on PostgreSQL side by side.
  it('answers each scan of a burst on its own: a refused one changes nothing, the others are all stored', async () => {
    const traps = await trapsFor(12);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    const elsewhere = await createOrder(t, admin, tech.id, [traps[0]!.id]);
    const usedId = crypto.randomUUID();
    const scanWith = (sessionId: number, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/scan`, headers: tech.headers, payload });
    expect((await scanWith(elsewhere.id, { qrSlug: traps[0]!.qrSlug, clientScanId: usedId })).statusCode).toBe(200);

    const burst = await Promise.all([
      ...traps
        .slice(0, 6)
        .map((trap) => scanWith(order.id, { qrSlug: trap.qrSlug, clientScanId: crypto.randomUUID() })),
      scanWith(order.id, { qrSlug: traps[6]!.qrSlug, clientScanId: usedId }),
      scanWith(order.id, { qrSlug: 'NO-ES-DE-ESTA-ORDEN' }),
      scanWith(elsewhere.id, { qrSlug: traps[7]!.qrSlug }),
      ...traps.slice(8).map((trap) => scanWith(order.id, { qrSlug: trap.qrSlug })),
    ]);
    expect(burst.map((response) => response.statusCode)).toEqual([
      200, 200, 200, 200, 200, 200, 409, 404, 404, 200, 200, 200, 200,
    ]);
    burst.slice(0, 6).forEach((response, index) => expect(response.json().item.trapId).toBe(traps[index]!.id));

    const stored: Session = (await get(`/api/sessions/${order.id}`, admin)).json();
    const done = stored.items.filter((item) => item.status === 'COMPLETED').map((item) => item.trapId);
    expect(done.sort()).toEqual([...traps.slice(0, 6), ...traps.slice(8)].map((trap) => trap.id).sort());
    expect(stored.completedCount).toBe(10);
    const results = (await eventsOf(order.id)).map((event) => event.result).sort();
    expect(results).toEqual([...Array(10).fill('ACCEPTED'), 'NOT_IN_ORDER'].sort());
  });
});

describe('POST /api/sessions/:id/close', () => {
  it('lets the technician close once every trap is done, recording who and when', async () => {
    const traps = await trapsFor(2);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    await scan(t, tech, order.id, traps[0]!.qrSlug);
    const early = await close(t, tech, order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SessionMessages.pendingTraps);
    // Forcing is an administrator's decision, not a technician's.
    expect((await close(t, tech, order.id, { force: true })).statusCode).toBe(409);

    await scan(t, tech, order.id, traps[1]!.qrSlug);
    const response = await close(t, tech, order.id);
    expect(response.statusCode).toBe(200);
    const closed: Session = response.json();
    expect(closed).toMatchObject({
      status: 'COMPLETED',
      forceClosed: false,
      closedBy: { id: tech.id, fullName: 'Ana Técnica' },
    });
    expect(Date.now() - Date.parse(closed.closedAt!)).toBeLessThan(60_000);
  });

  it('requires force from an administrator closing with pending traps, and marks the order', async () => {
    const traps = await trapsFor(3);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    await scan(t, tech, order.id, traps[0]!.qrSlug);
    const unforced = await close(t, admin, order.id, { force: false });
    expect(unforced.statusCode).toBe(409);
    expect(unforced.json().message).toBe(SessionMessages.forceRequired);
    const forced = await close(t, admin, order.id, { force: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({ status: 'COMPLETED', forceClosed: true, completedCount: 1, itemCount: 3 });
  });

  it('lets an administrator close a finished order without force', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    await scan(t, tech, order.id, trap!.qrSlug);
    expect((await close(t, admin, order.id, { force: false })).json()).toMatchObject({
      status: 'COMPLETED',
      forceClosed: false,
    });
  });

  it('refuses to close twice, and hides other technicians’ orders', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    await scan(t, tech, order.id, trap!.qrSlug);
    expect((await close(t, otherTech, order.id)).statusCode).toBe(404);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const again = await close(t, tech, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('La orden ya fue cerrada.');
    expect((await close(t, admin, order.id, { force: 'yes' } as never)).statusCode).toBe(400);
  });
});

describe('POST /api/sessions/:id/close: findings, signatures and the client', () => {
  const closeRaw = (user: TestUser, sessionId: number, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/close`, headers: user.headers, payload: body });
  const findingCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(findings))[0];
  const certificateRow = async (sessionId: number) =>
    (await t.database.db.select().from(certificates).where(eq(certificates.sessionId, sessionId)))[0]!;

  /**
   * An order of four devices: a bait station scanned without a finding, a glue board scanned with one, a light trap
   * whose code was typed (MANUAL) without a finding, and one not found (an exception takes no finding).
   */
  async function mixedOrder(technician: TestUser = tech) {
    const bait = await createTrap(t, { code: 'CEB-02', area: 'Muelle', type: 'CEBADERO' });
    const board = await createTrap(t, { code: 'LAM-01', area: 'Bodega', type: 'LAMINA' });
    const light = await createTrap(t, { code: 'LUZ-01', area: 'Sala', type: 'LUZ_UV' });
    const lost = await createTrap(t, { code: 'CEB-01', area: 'Muelle', type: 'CEBADERO' });
    const order = await createOrder(t, admin, technician.id, [bait.id, board.id, light.id, lost.id]);
    const item = (trapId: number) => order.items.find((each) => each.trapId === trapId)!;
    for (const trap of [bait, board, light]) expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
    // The light trap's label could not be read: its printed code was typed (outcome MANUAL).
    await t.database.db
      .update(sessionItems)
      .set({ manualReason: 'ETIQUETA_DANADA', manualCode: 'LUZ-01' })
      .where(eq(sessionItems.id, item(light.id).id));
    const recorded = await putFinding(t, tech, order.id, item(board.id).id, nothingFound());
    expect(recorded.statusCode, recorded.body).toBe(200);
    const excepted = await recordException(t, tech, order.id, item(lost.id).id, notFoundException());
    expect(excepted.statusCode, excepted.body).toBe(200);
    return { order, bait: item(bait.id), board: item(board.id), light: item(light.id), lost: item(lost.id) };
  }

  it('refuses a close while inspected devices lack a finding, naming each, and records nothing', async () => {
    const { order, bait, light } = await mixedOrder();
    const refused = await close(t, tech, order.id, { defaultNoActivity: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: SessionMessages.findingsMissing(['CEB-02', 'LUZ-01']),
      code: FINDINGS_MISSING_CODE,
      items: [
        { itemId: bait.id, code: 'CEB-02' },
        { itemId: light.id, code: 'LUZ-01' },
      ],
    });
    expect(refused.json().message).toBe('Faltan hallazgos en 2 dispositivos escaneados: CEB-02, LUZ-01.');
    expect((await get(`/api/sessions/${order.id}`, tech)).json().status).toBe('IN_PROGRESS');
    // An administrator's close, forced or not, is held to the same rule.
    const office = await close(t, admin, order.id, { force: true, defaultNoActivity: false });
    expect(office.statusCode).toBe(409);
    expect(office.json().code).toBe(FINDINGS_MISSING_CODE);
    expect(await findingCount()).toEqual({ n: 1 });
  });

  it('records «Sin novedad» for each of them with defaultNoActivity, by the closer, in the close itself', async () => {
    const { order, bait, board, light, lost } = await mixedOrder();
    const before = (await get(`/api/sessions/${order.id}`, tech)).json() as Session;
    const closed = await close(t, tech, order.id, { defaultNoActivity: true });
    expect(closed.statusCode, closed.body).toBe(200);
    const items = new Map((closed.json() as Session).items.map((item) => [item.id, item]));
    // A bait station's «Sin novedad» says its bait was looked at and nothing eaten; a light trap takes no bait.
    expect(items.get(bait.id)!.finding).toMatchObject({
      deviceStatus: 'OK',
      activity: 'NINGUNA',
      derivedActivity: 'NINGUNA',
      baitConsumption: 0,
      baitState: null,
      captures: [],
      evidence: [],
      actions: [],
      notes: null,
      reason: null,
      isCorrection: false,
      flags: [],
      isCurrent: true,
      versionCount: 1,
      recordedBy: { id: tech.id, fullName: 'Ana Técnica' },
    });
    expect(items.get(light.id)!.finding).toMatchObject({
      deviceStatus: 'OK',
      activity: 'NINGUNA',
      baitConsumption: null,
    });
    // What was recorded stays as it was; the exception takes no finding.
    expect(items.get(board.id)!.finding).toEqual(before.items.find((item) => item.id === board.id)!.finding);
    expect(items.get(lost.id)!.finding).toBeNull();
    expect(await findingCount()).toEqual({ n: 3 });
  });

  it('records them as the administrator who closes, on a forced close too', async () => {
    const { order, bait } = await mixedOrder();
    const closed = await close(t, admin, order.id, { force: true, defaultNoActivity: true });
    expect(closed.statusCode, closed.body).toBe(200);
    const item = (closed.json() as Session).items.find((each) => each.id === bait.id)!;
    expect(item.finding!.recordedBy).toEqual({ id: admin.id, fullName: 'Jefa de planta' });
  });

  it("needs the closer's stored signature (409 SIGNATURE_REQUIRED) after the findings, and writes nothing without it", async () => {
    const { order } = await mixedOrder();
    const unsigned = { sign: false } as const;
    // The findings are checked first.
    expect((await close(t, tech, order.id, { ...unsigned, defaultNoActivity: false })).json().code).toBe(
      FINDINGS_MISSING_CODE,
    );
    const refused = await close(t, tech, order.id, { ...unsigned, defaultNoActivity: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: SessionMessages.signatureRequired, code: SIGNATURE_REQUIRED_CODE });
    // The «Sin novedad» it would have recorded went with the refused close.
    expect(await findingCount()).toEqual({ n: 1 });
    expect((await get(`/api/sessions/${order.id}`, tech)).json().status).toBe('IN_PROGRESS');
    // An administrator's close needs the administrator's own signature, not the technician's.
    await storeOwnSignature(t, tech);
    const office = await close(t, admin, order.id, { ...unsigned, defaultNoActivity: true });
    expect(office.json()).toMatchObject({ message: SessionMessages.signatureRequired, code: SIGNATURE_REQUIRED_CODE });
    expect((await close(t, tech, order.id, { ...unsigned, defaultNoActivity: true })).statusCode).toBe(200);
  });

  it("signs the certificate with the closer's signature: the administrator's when the office closes", async () => {
    const signatureOf = async (user: TestUser) =>
      (await t.database.db.select().from(technicians).where(eq(technicians.id, user.id)))[0]!.signatureFileId;
    const [first, second] = await trapsFor(2);
    const byTech = await createOrder(t, admin, tech.id, [first!.id]);
    const byOffice = await createOrder(t, admin, tech.id, [second!.id]);
    await scan(t, tech, byTech.id, first!.qrSlug);
    await storeOwnSignature(t, tech);
    expect((await close(t, tech, byTech.id)).statusCode).toBe(200);
    expect((await certificateRow(byTech.id)).technicianSignatureFileId).toBe(await signatureOf(tech));
    const forced = await close(t, admin, byOffice.id, { force: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().closedBy).toEqual({ id: admin.id, fullName: 'Jefa de planta' });
    const signed = (await certificateRow(byOffice.id)).technicianSignatureFileId;
    expect(signed).toBe(await signatureOf(admin));
    expect(signed).not.toBe(await signatureOf(tech));
  });

  it("needs a technician's close to bring the client's signature, or the client's absence with its reason", async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    await scan(t, tech, order.id, trap!.qrSlug);
    const without = await close(t, tech, order.id, { clientSignature: undefined });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(SessionMessages.clientSignatureRequired);
    const noReason = await closeRaw(tech, order.id, { defaultNoActivity: true, clientSignature: { absent: true } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(CertificateMessages.absentReason);
    expect((await get(`/api/sessions/${order.id}`, tech)).json().status).toBe('IN_PROGRESS');
    const absent = await close(t, tech, order.id, {
      clientSignature: { absent: true, reason: '  Planta en inventario ' },
    });
    expect(absent.statusCode, absent.body).toBe(200);
    const summary = await get(`/api/sessions/${order.id}/certificate`, tech);
    expect(summary.json()).toMatchObject({
      clientAbsent: true,
      clientAbsentReason: 'Planta en inventario',
      clientName: null,
    });
  });

  it('records the client absent, «Cierre desde la oficina», when an administrator closes without a signature', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    await scan(t, tech, order.id, trap!.qrSlug);
    expect((await close(t, admin, order.id)).statusCode).toBe(200);
    const summary = await get(`/api/sessions/${order.id}/certificate`, admin);
    expect(summary.json()).toMatchObject({
      clientAbsent: true,
      clientAbsentReason: OFFICE_CLOSE_ABSENT_REASON,
      clientName: null,
    });
    expect(OFFICE_CLOSE_ABSENT_REASON).toBe('Cierre desde la oficina');
  });
});

describe('DELETE /api/sessions/:id', () => {
  it('removes an order nobody started, and its items', async () => {
    const traps = await trapsFor(2);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    // A refused scan is logged without starting the order.
    expect((await scan(t, tech, order.id, 'not-a-code')).statusCode).toBe(404);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${order.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(204);
    expect(await t.database.db.select().from(sessionItems)).toEqual([]);
    expect((await get(`/api/sessions/${order.id}`, admin)).statusCode).toBe(404);
    // The audit log outlives the order.
    expect(await eventsOf(order.id)).toHaveLength(1);
    // With the order gone, its trap may now be deleted.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/traps/${traps[1]!.id}`, headers: admin.headers })).statusCode,
    ).toBe(204);
  });

  it('keeps a closed order: its certificate was issued, so the record stays (409)', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    await scan(t, tech, order.id, trap!.qrSlug);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${order.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SessionMessages.closedNotDeleted);
    expect((await get(`/api/sessions/${order.id}`, admin)).json().status).toBe('COMPLETED');
  });

  it('is for administrators only, and 404 for an unknown order', async () => {
    const [trap] = await trapsFor(1);
    const order = await createOrder(t, admin, tech.id, [trap!.id]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/sessions/${order.id}`, headers: tech.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/sessions/99999', headers: admin.headers })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/sessions/:id/report', () => {
  it('is available once the order is closed, with every trap, who scanned it and the totals', async () => {
    const traps = [
      await createTrap(t, { code: 'TRP-001', area: 'Bodega' }),
      await createTrap(t, { code: 'TRP-002', area: null }),
    ];
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    const early = await get(`/api/sessions/${order.id}/report`, tech);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SessionMessages.reportNotReady);

    for (const trap of traps) await scan(t, tech, order.id, trap.qrSlug);
    await close(t, tech, order.id);
    const response = await get(`/api/sessions/${order.id}/report`, tech);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(response.rawPayload)).map((page) => page.text).join(' ');
    for (const expected of [
      `Orden #${order.id}`,
      'Ana Técnica',
      'TRP-001',
      'TRP-002',
      'Bodega',
      'Sin área',
      'Certificado de servicio',
      `Folio ${new Date().getFullYear()}-000001`,
      'Trampas inspeccionadas: 2 de 2 (100 %)',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CIERRE FORZADO');
    expect((await get(`/api/sessions/${order.id}/report`, otherTech)).statusCode).toBe(404);
  });

  it('marks an order force-closed with pending traps', async () => {
    const traps = await trapsFor(3);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    await scan(t, tech, order.id, traps[0]!.qrSlug);
    await close(t, admin, order.id, { force: true });
    const text = (await readPdf((await get(`/api/sessions/${order.id}/report`, admin)).rawPayload))
      .map((page) => page.text)
      .join(' ');
    expect(text).toContain('CIERRE FORZADO: la orden se cerró con 2 trampas sin inspeccionar.');
    expect(text).toContain('Pendiente');
    expect(text).toContain('Trampas inspeccionadas: 1 de 3 (33 %)');
  });

  it('paginates a long order with the headings on every page', async () => {
    const traps = await trapsFor(80);
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    await close(t, admin, order.id, { force: true });
    const pages = await readPdf((await get(`/api/sessions/${order.id}/report`, admin)).rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page.text).toContain(`Orden #${order.id}`);
      expect(page.text).toContain('Código');
    }
  });
});
