import { LICENCE_EXPIRED_CODE, licenceStatus } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, user: TestUser = admin) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

/** A day relative to today (UTC, the test app's zone), as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function technicianWithLicence(fullName: string, licenceExpiresAt: string | null): Promise<TestUser> {
  const user = await createUser(t, { fullName });
  const response = await api('PATCH', `/api/technicians/${user.id}`, {
    licenceNumber: 'CV-APL-0042',
    licenceExpiresAt,
    qualification: 'APLICADOR',
  });
  expect(response.statusCode, response.body).toBe(200);
  return user;
}

describe('technicians’ licences', () => {
  it('are recorded on create and update, listed, and cleared with null', async () => {
    const created = await api('POST', '/api/technicians', {
      email: 'marta@planta.test',
      fullName: 'Marta Soler',
      password: 'clave-segura-1',
      licenceNumber: '  B-1234567 ',
      licenceExpiresAt: '2031-03-31',
      qualification: 'RESPONSABLE_TECNICO',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      licenceNumber: 'B-1234567',
      licenceExpiresAt: '2031-03-31',
      qualification: 'RESPONSABLE_TECNICO',
    });
    const id = created.json().id;
    const listed = (await api('GET', '/api/technicians')).json().find((each: { id: number }) => each.id === id);
    expect(listed).toMatchObject({ licenceExpiresAt: '2031-03-31', qualification: 'RESPONSABLE_TECNICO' });
    const cleared = await api('PATCH', `/api/technicians/${id}`, { licenceExpiresAt: null, qualification: 'ESPECIAL' });
    expect(cleared.json()).toMatchObject({
      licenceNumber: 'B-1234567',
      licenceExpiresAt: null,
      qualification: 'ESPECIAL',
    });
    const plain = await api('POST', '/api/technicians', {
      email: 'pau@planta.test',
      fullName: 'Pau',
      password: 'clave-segura-1',
    });
    expect(plain.json()).toMatchObject({ licenceNumber: null, licenceExpiresAt: null, qualification: null });
  });

  it('refuse an unknown qualification and a date that does not exist, in Spanish', async () => {
    const user = await createUser(t);
    const badLevel = await api('PATCH', `/api/technicians/${user.id}`, { qualification: 'EXPERTO' });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().message).toEqual(['La cualificación debe ser APLICADOR, RESPONSABLE_TECNICO o ESPECIAL.']);
    const badDate = await api('PATCH', `/api/technicians/${user.id}`, { licenceExpiresAt: '2031-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toEqual(['La fecha no existe en el calendario.']);
  });

  it('are warned of within 30 days and expire the day after their date', () => {
    expect(licenceStatus(null, '2026-05-10')).toBeNull();
    expect(licenceStatus('2026-05-09', '2026-05-10')).toBe('EXPIRED');
    expect(licenceStatus('2026-05-10', '2026-05-10')).toBe('EXPIRING');
    expect(licenceStatus('2026-06-09', '2026-05-10')).toBe('EXPIRING');
    expect(licenceStatus('2026-06-10', '2026-05-10')).toBe('VALID');
  });
});

describe('assigning an order to a technician whose licence has expired', () => {
  it('answers 409 LICENCE_EXPIRED, creates nothing, and goes ahead when confirmed', async () => {
    const tech = await technicianWithLicence('Luis Gómez', day(-1));
    const trap = await createTrap(t);
    const refused = await api('POST', '/api/sessions', { technicianId: tech.id, trapIds: [trap.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(LICENCE_EXPIRED_CODE);
    expect(refused.json().message).toMatch(/^El carné de Luis Gómez caducó el \d{2}\/\d{2}\/\d{4}\./);
    expect((await api('GET', '/api/sessions')).json()).toHaveLength(0);
    const confirmed = await api('POST', '/api/sessions', {
      technicianId: tech.id,
      trapIds: [trap.id],
      confirmExpiredLicence: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
  });

  it('lets a licence expiring today, or one without expiry, through without asking', async () => {
    const today = await technicianWithLicence('Hoy Caduca', day(0));
    const never = await technicianWithLicence('Sin Caducidad', null);
    const trap = await createTrap(t);
    for (const tech of [today, never]) {
      const response = await api('POST', '/api/sessions', { technicianId: tech.id, trapIds: [trap.id] });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('asks again when an order is moved to such a technician, and keeps it where it was until confirmed', async () => {
    const valid = await technicianWithLicence('Ana Válida', day(200));
    const expired = await technicianWithLicence('Luis Caducado', day(-30));
    const trap = await createTrap(t);
    const order = (await api('POST', '/api/sessions', { technicianId: valid.id, trapIds: [trap.id] })).json();
    const refused = await api('PATCH', `/api/sessions/${order.id}`, { technicianId: expired.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(LICENCE_EXPIRED_CODE);
    expect((await api('GET', `/api/sessions/${order.id}`)).json().technicianId).toBe(valid.id);
    // A new time alone for an order already theirs asks nothing.
    const moved = await api('PATCH', `/api/sessions/${order.id}`, {
      technicianId: expired.id,
      confirmExpiredLicence: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().technicianId).toBe(expired.id);
    const retimed = await api('PATCH', `/api/sessions/${order.id}`, { scheduledAt: '2030-01-01T08:00:00Z' });
    expect(retimed.statusCode, retimed.body).toBe(200);
  });

  it('does not stop a service plan from generating its orders', async () => {
    const expired = await technicianWithLicence('Luis Caducado', day(-3));
    await createTrap(t);
    const plan = await api('POST', '/api/service-plans', {
      siteId: DEFAULT_SITE_ID,
      name: 'Semanal',
      technicianId: expired.id,
      frequency: 'SEMANAL',
      startDate: day(0),
      time: '08:00',
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const generated = await api('POST', `/api/service-plans/${plan.json().id}/generate`);
    expect(generated.statusCode, generated.body).toBe(200);
    const orders = (await api('GET', '/api/sessions')).json();
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((order: { technicianId: number }) => order.technicianId === expired.id)).toBe(true);
  });
});
