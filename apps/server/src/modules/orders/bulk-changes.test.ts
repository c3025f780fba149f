import { LICENCE_EXPIRED_CODE, SessionMessages, type Session } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sites, technicians } from '../../db/schema.js';
import { close, createOrder, scan } from '../../../test/orders.js';
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
let ana: TestUser;
let beto: TestUser;
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'America/Santiago' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  ana = await createUser(t, { fullName: 'Ana Técnica' });
  beto = await createUser(t, { fullName: 'Beto Técnico' });
});

const post = (url: string, payload: object, user: TestUser = admin) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const reassign = (payload: object, user?: TestUser) => post('/api/sessions/bulk-reassign', payload, user);
const reschedule = (payload: object, user?: TestUser) => post('/api/sessions/bulk-reschedule', payload, user);
const read = async (id: number): Promise<Session> =>
  (await t.app.inject({ url: `/api/sessions/${id}`, headers: admin.headers })).json();

/** Orders of Ana's, one device each; `slugs` holds each one's QR. */
const slugs = new Map<number, string>();
async function orders(count: number, scheduledAt?: string): Promise<Session[]> {
  const made = [];
  for (let i = 0; i < count; i++) {
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, ana.id, [trap.id], scheduledAt);
    slugs.set(order.id, trap.qrSlug);
    made.push(order);
  }
  return made;
}

describe('POST /api/sessions/bulk-reassign', () => {
  it('moves every order to the technician, in progress ones too, keeping scans with whoever made them', async () => {
    const [first, second] = await orders(2, '2026-12-01T11:00:00.000Z');
    const scanned = await scan(t, ana, first!.id, slugs.get(first!.id)!);
    expect(scanned.statusCode, scanned.body).toBe(200);

    const response = await reassign({ ids: [first!.id, second!.id], technicianId: beto.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: [first!.id, second!.id] });
    for (const order of [first!, second!]) {
      expect(await read(order.id)).toMatchObject({
        technicianId: beto.id,
        scheduledAt: '2026-12-01T11:00:00.000Z',
      });
    }
    expect((await read(first!.id)).items[0]!.completedBy?.id).toBe(ana.id);
  });

  it('changes nothing when one order is closed, naming it', async () => {
    const [open, closed, other] = await orders(3);
    await close(t, admin, closed!.id, { force: true });
    await close(t, admin, other!.id, { force: true });
    const response = await reassign({ ids: [open!.id, closed!.id, other!.id], technicianId: beto.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SessionMessages.bulkClosed([closed!.id, other!.id]));
    expect(response.json().message).toBe(
      `Las órdenes #${closed!.id} y #${other!.id} ya están cerradas y no se pueden cambiar. No se cambió ninguna orden.`,
    );
    expect((await read(open!.id)).technicianId).toBe(ana.id);
  });

  it('refuses an inactive or unknown technician, and an unknown order, changing nothing', async () => {
    const [order] = await orders(1);
    const inactive = await createUser(t, { isActive: false });
    for (const technicianId of [inactive.id, 99_999]) {
      const response = await reassign({ ids: [order!.id], technicianId });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SessionMessages.technicianUnavailable);
    }
    const missing = await reassign({ ids: [order!.id, 99_998], technicianId: beto.id });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('La orden #99998 no existe. No se cambió ninguna orden.');
    expect((await read(order!.id)).technicianId).toBe(ana.id);
  });

  it('asks before assigning to an expired licence, and assigns once confirmed', async () => {
    const [order] = await orders(1);
    await t.database.db.update(technicians).set({ licenceExpiresAt: '2020-01-31' }).where(eq(technicians.id, beto.id));
    const asked = await reassign({ ids: [order!.id], technicianId: beto.id });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().code).toBe(LICENCE_EXPIRED_CODE);
    expect((await read(order!.id)).technicianId).toBe(ana.id);
    const confirmed = await reassign({ ids: [order!.id], technicianId: beto.id, confirmExpiredLicence: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await read(order!.id)).technicianId).toBe(beto.id);
  });

  it('validates the body and is for administrators only', async () => {
    const [order] = await orders(1);
    expect((await reassign({ ids: [], technicianId: beto.id })).statusCode).toBe(400);
    expect((await reassign({ ids: [order!.id] })).statusCode).toBe(400);
    expect((await reassign({ ids: [order!.id], technicianId: beto.id }, ana)).statusCode).toBe(403);
  });
});

describe('POST /api/sessions/bulk-reschedule', () => {
  it("moves each order to the day keeping its own time, read in its site's zone", async () => {
    const [madrid] = await t.database.db
      .insert(sites)
      .values({ name: 'Planta Madrid', timeZone: 'Europe/Madrid' })
      .returning();
    // 07:30 in Madrid (UTC+1 in December) and 16:00 in Santiago (UTC-3 in December).
    const inMadrid = await createOrder(
      t,
      admin,
      ana.id,
      [(await createTrap(t, { siteId: madrid!.id })).id],
      '2026-12-01T06:30:00.000Z',
    );
    const [here] = await orders(1, '2026-12-01T19:00:00.000Z');
    // 15 July: Madrid is at UTC+2, Santiago at UTC-4.
    const response = await reschedule({ ids: [inMadrid.id, here!.id], date: '2027-07-15' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(inMadrid.id)).scheduledAt).toBe('2027-07-15T05:30:00.000Z');
    expect((await read(here!.id)).scheduledAt).toBe('2027-07-15T20:00:00.000Z');
  });

  it('sets every order to the date and time given, each in its site zone', async () => {
    const [a, b] = await orders(2);
    const response = await reschedule({ ids: [a!.id, b!.id], date: '2027-01-10', time: '08:15' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(a!.id)).scheduledAt).toBe('2027-01-10T11:15:00.000Z');
    expect((await read(b!.id)).scheduledAt).toBe('2027-01-10T11:15:00.000Z');
  });

  it('asks for a time when an order has none, and changes nothing', async () => {
    const [timed] = await orders(1, '2026-12-01T11:00:00.000Z');
    const [untimed] = await orders(1);
    const response = await reschedule({ ids: [timed!.id, untimed!.id], date: '2027-01-10' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `La orden #${untimed!.id} no tiene hora programada: indica la hora. No se cambió ninguna orden.`,
    );
    expect((await read(timed!.id)).scheduledAt).toBe('2026-12-01T11:00:00.000Z');
  });

  it('changes nothing when one order is closed, naming it', async () => {
    const [open, closed] = await orders(2, '2026-12-01T11:00:00.000Z');
    await close(t, admin, closed!.id, { force: true });
    const response = await reschedule({ ids: [open!.id, closed!.id], date: '2027-01-10', time: '09:00' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `La orden #${closed!.id} ya está cerrada y no se puede cambiar. No se cambió ninguna orden.`,
    );
    expect((await read(open!.id)).scheduledAt).toBe('2026-12-01T11:00:00.000Z');
  });

  it('validates the date and the time, and is for administrators only', async () => {
    const [order] = await orders(1);
    expect((await reschedule({ ids: [order!.id], date: '2027-02-30', time: '09:00' })).statusCode).toBe(400);
    expect((await reschedule({ ids: [order!.id], date: '2027-02-03', time: '25:00' })).statusCode).toBe(400);
    expect((await reschedule({ ids: [order!.id], date: '2027-02-03', time: '09:00' }, ana)).statusCode).toBe(403);
  });
});

describe('DELETE /api/sessions/:id: only an order nobody started', () => {
  it('refuses an order in progress with 409, naming why, and keeps it', async () => {
    const [order] = await orders(1);
    await scan(t, ana, order!.id, slugs.get(order!.id)!);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${order!.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SessionMessages.startedNotDeleted);
    expect((await read(order!.id)).status).toBe('IN_PROGRESS');
  });
});
