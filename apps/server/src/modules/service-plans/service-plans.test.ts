import { ServicePlanMessages, type ServicePlan, type Session } from '@rondin/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { close } from '../../../test/orders.js';
import { connectToMainDatabase } from '../../../test/test-app.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import type { Database } from '../../db/database.js';
import { servicePlans, sessionItems, sessions, traps } from '../../db/schema.js';
import { formatDateTime, localDate } from '../../lib/time-zone.js';
import { createFileStorage } from '../../files/create-storage.js';
import { ordersWithCertificates } from '../orders/orders-with-certificates.js';
import { startServicePlanJob } from './service-plans.job.js';
import { ServicePlansRepository } from './service-plans.repository.js';
import { ServicePlansService, type ServicePlansOptions } from './service-plans.service.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let siteId: number;
const ZONE = 'America/Santiago';

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'UTC' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t);
  const site = await api('POST', '/api/sites', { name: 'Planta Maipú', timeZone: ZONE });
  siteId = site.json().id;
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, user: TestUser = admin) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

/** A plan's body the server accepts, with `change` over it. */
const planBody = (change: Record<string, unknown> = {}) => ({
  siteId,
  name: 'Control mensual',
  technicianId: tech.id,
  frequency: 'SEMANAL',
  startDate: '2030-01-01',
  time: '08:00',
  ...change,
});

async function newPlan(body: Record<string, unknown> = {}): Promise<ServicePlan> {
  const response = await api('POST', '/api/service-plans', planBody(body));
  if (response.statusCode !== 201) throw new Error(`plan not created: ${response.body}`);
  return response.json();
}

/** Each change made to an acceptable plan is refused with a 400 whose message holds the words given. */
async function expectRefused(cases: [Record<string, unknown>, string][]): Promise<void> {
  for (const [change, message] of cases) {
    const response = await api('POST', '/api/service-plans', planBody(change));
    expect(response.statusCode, JSON.stringify(change)).toBe(400);
    expect(response.json().message, JSON.stringify(change)).toContain(message);
  }
}

/** The generator as a server process runs it, with its clock set to `now`. */
function generatorAt(now: string, options: Partial<ServicePlansOptions> = {}, db: Database = t.database.db) {
  const files = createFileStorage(t.config, db).files;
  const { orders } = ordersWithCertificates(db, t.app.orderEvents, files, { timeZone: 'UTC' });
  return new ServicePlansService(new ServicePlansRepository(db), orders, {
    timeZone: 'UTC',
    now: () => new Date(now),
    ...options,
  });
}

/** The plan's orders by date: planned date, and the site's wall clock at the scheduled time. */
async function ordersOf(planId: number) {
  const rows = await t.database.db
    .select({ id: sessions.id, plannedDate: sessions.plannedDate, scheduledAt: sessions.scheduledAt })
    .from(sessions)
    .where(eq(sessions.servicePlanId, planId))
    .orderBy(asc(sessions.plannedDate));
  return rows.map((row) => ({ ...row, local: formatDateTime(row.scheduledAt, ZONE) }));
}

const itemCount = async (sessionId: number) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessionItems)
      .where(eq(sessionItems.sessionId, sessionId))
  )[0]!.n;

describe('/api/service-plans', () => {
  it('creates a plan that fills its next two weeks at once, each order carrying the plan', async () => {
    const traps = [await createTrap(t, { siteId }), await createTrap(t, { siteId })];
    const today = localDate(new Date(), ZONE);
    const plan = await newPlan({ name: 'Semanal bodega', startDate: today, time: '23:59' });
    expect(plan).toMatchObject({
      siteId,
      name: 'Semanal bodega',
      technicianId: tech.id,
      technician: { id: tech.id, fullName: tech.fullName },
      frequency: 'SEMANAL',
      startDate: today,
      time: '23:59',
      horizonDays: 14,
      endDate: null,
      areas: null,
      types: null,
      isActive: true,
    });
    const orders = await ordersOf(plan.id);
    // Today, in a week and in two weeks (the horizon's last day included).
    expect(orders.map((order) => order.plannedDate)).toHaveLength(3);
    expect(orders[0]!.plannedDate).toBe(today);
    expect(plan.generatedUntil).toBe(orders[2]!.plannedDate);
    const order: Session = (await api('GET', `/api/sessions/${orders[0]!.id}`)).json();
    expect(order).toMatchObject({ servicePlanId: plan.id, siteId, technicianId: tech.id, itemCount: 2 });
    expect(order.items.map((item) => item.trapId).sort()).toEqual(traps.map((trap) => trap.id).sort());
    // The technician's phone lists them.
    const own: Session[] = (await api('GET', '/api/sessions/me/active', undefined, tech)).json();
    expect(own.map((session) => session.id).sort()).toEqual(orders.map((o) => o.id).sort());
    // Orders made by hand carry no plan.
    const byHand = await api('POST', '/api/sessions', { technicianId: tech.id, trapIds: [traps[0]!.id] });
    expect(byHand.json().servicePlanId).toBeNull();

    expect((await api('GET', `/api/service-plans?siteId=${siteId}`)).json()).toEqual([
      { ...plan, generatedUntil: orders[2]!.plannedDate },
    ]);
  });

  it('refuses bad plans with Spanish 400s, and anyone but an administrator', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ frequency: 'DIARIA' }, 'La frecuencia debe ser una de: SEMANAL, QUINCENAL, MENSUAL, BIMESTRAL, TRIMESTRAL.'],
      [{ startDate: '2027-02-29' }, 'La fecha no existe en el calendario.'],
      [{ startDate: '1/2/2027' }, 'La fecha debe tener el formato AAAA-MM-DD.'],
      [{ time: '24:00' }, 'La hora debe tener el formato HH:MM (00:00 a 23:59).'],
      [{ endDate: '2029-12-31' }, ServicePlanMessages.endBeforeStart],
      [{ name: '  ' }, ServicePlanMessages.nameRequired],
      [{ horizonDays: 0 }, 'Los días de anticipación deben ser al menos 1.'],
      [{ types: ['TRAMPA'] }, 'El tipo debe ser uno de: CEBADERO, CAPTURA, LAMINA, LUZ_UV, FEROMONA, OTRO.'],
    ];
    await expectRefused(cases);
    const unknownTechnician = await api('POST', '/api/service-plans', {
      siteId,
      name: 'Plan',
      technicianId: 999_999,
      frequency: 'SEMANAL',
      startDate: '2030-01-01',
      time: '08:00',
    });
    expect(unknownTechnician.statusCode).toBe(400);
    expect(unknownTechnician.json().message).toBe(ServicePlanMessages.technicianUnavailable);
    const plan = await newPlan();
    const badEdit = await api('PATCH', `/api/service-plans/${plan.id}`, { endDate: '2029-01-01' });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().message).toBe(ServicePlanMessages.endBeforeStart);
    expect((await api('GET', '/api/service-plans', undefined, tech)).statusCode).toBe(403);
    expect((await api('POST', `/api/service-plans/${plan.id}/generate`, undefined, tech)).statusCode).toBe(403);
    expect((await api('GET', '/api/service-plans/999999')).statusCode).toBe(404);
  });

  it('deletes a plan with no orders only; one with orders is deactivated instead', async () => {
    await createTrap(t, { siteId });
    const unused = await newPlan();
    expect((await api('DELETE', `/api/service-plans/${unused.id}`)).statusCode).toBe(204);
    const used = await newPlan({ startDate: localDate(new Date(), ZONE) });
    const refused = await api('DELETE', `/api/service-plans/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ServicePlanMessages.hasOrders);
    const off = await api('PATCH', `/api/service-plans/${used.id}`, { isActive: false });
    expect(off.json().isActive).toBe(false);
    const generate = await api('POST', `/api/service-plans/${used.id}/generate`);
    expect(generate.statusCode).toBe(409);
    expect(generate.json().message).toBe(ServicePlanMessages.inactive);
  });
});

describe("what a plan covers: the site's areas and types, and its next two visits", () => {
  it("offers the areas and types of the site's active devices, and refuses others naming them", async () => {
    await createTrap(t, { siteId, area: 'Bodega', type: 'LAMINA' });
    await createTrap(t, { siteId, area: 'Andén', type: 'CEBADERO' });
    await createTrap(t, { siteId, area: 'Oficinas', type: 'LUZ_UV', isActive: false });
    // Another site's area is not this site's.
    await createTrap(t, { area: 'Casino', type: 'LAMINA' });
    const options = await api('GET', `/api/service-plans/options?siteId=${siteId}`);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toEqual({ areas: ['Andén', 'Bodega'], types: ['CEBADERO', 'LAMINA'] });

    const body = {
      siteId,
      name: 'Mensual',
      technicianId: tech.id,
      frequency: 'MENSUAL',
      startDate: '2030-01-01',
      time: '08:00',
    };
    const badArea = await api('POST', '/api/service-plans', { ...body, areas: ['Bodega', 'Casino', 'bodega'] });
    expect(badArea.statusCode).toBe(400);
    expect(badArea.json().message).toBe(
      'El sitio no tiene las áreas «Casino», «bodega»: elige entre las áreas de sus dispositivos.',
    );
    const badType = await api('POST', '/api/service-plans', { ...body, types: ['LUZ_UV'] });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe('El sitio no tiene dispositivos de tipo «Lámpara UV atrapa insectos».');
    expect(await t.database.db.select().from(servicePlans)).toEqual([]);

    const plan = await newPlan({ areas: ['Bodega'], types: ['LAMINA'] });
    expect(plan).toMatchObject({ areas: ['Bodega'], types: ['LAMINA'] });
    const edit = await api('PATCH', `/api/service-plans/${plan.id}`, { areas: ['Oficinas'] });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(ServicePlanMessages.areaNotInSite(['Oficinas']));
  });

  it('looks two periods ahead by default, so the next two visits of any frequency are in sight', async () => {
    await createTrap(t, { siteId });
    const expected = { SEMANAL: 14, QUINCENAL: 28, MENSUAL: 62, BIMESTRAL: 124, TRIMESTRAL: 184 };
    // From any day of the year the default horizon reaches two visits: the plans start on the 31st, and the
    // clock is put on the day after a visit, the farthest point from the next one.
    for (const [frequency, days] of Object.entries(expected)) {
      const plan = await newPlan({ frequency, startDate: '2027-01-31', isActive: false });
      expect(plan.horizonDays).toBe(days);
      await api('PATCH', `/api/service-plans/${plan.id}`, { isActive: true });
      await generatorAt('2027-02-01T12:00:00Z').generate(plan.id);
      expect((await ordersOf(plan.id)).length, frequency).toBeGreaterThanOrEqual(2);
    }
    // A plan on its default follows its new frequency; a horizon chosen by hand stays.
    const weekly = await newPlan({ frequency: 'SEMANAL', isActive: false });
    const quarterly = await api('PATCH', `/api/service-plans/${weekly.id}`, { frequency: 'TRIMESTRAL' });
    expect(quarterly.json().horizonDays).toBe(184);
    const chosen = await newPlan({ frequency: 'SEMANAL', horizonDays: 30, isActive: false });
    expect((await api('PATCH', `/api/service-plans/${chosen.id}`, { frequency: 'MENSUAL' })).json().horizonDays).toBe(
      30,
    );
  });
});

describe('the generator', () => {
  it('keeps monthly visits on the start day, or the month’s last day, leap years included', async () => {
    await createTrap(t, { siteId });
    // Two weeks ahead, whatever the frequency: each run below creates the one visit it reaches.
    const dated = { time: '09:00', horizonDays: 14 };
    const monthly = await newPlan({ frequency: 'MENSUAL', startDate: '2027-01-31', ...dated });
    const bimonthly = await newPlan({ frequency: 'BIMESTRAL', startDate: '2027-12-31', ...dated });
    const quarterly = await newPlan({ frequency: 'TRIMESTRAL', startDate: '2027-11-30', ...dated });
    await generatorAt('2027-02-20T12:00:00Z').generateAll();
    expect((await ordersOf(monthly.id)).map((o) => o.local)).toEqual(['28-02-2027 09:00']);
    await generatorAt('2027-03-25T12:00:00Z').generateAll();
    expect((await ordersOf(monthly.id)).map((o) => o.local)).toEqual(['28-02-2027 09:00', '31-03-2027 09:00']);
    await generatorAt('2028-02-20T12:00:00Z').generateAll();
    expect((await ordersOf(monthly.id)).map((o) => o.plannedDate).slice(-1)).toEqual(['2028-02-29']);
    expect((await ordersOf(bimonthly.id)).map((o) => o.local)).toEqual(['29-02-2028 09:00']);
    expect((await ordersOf(quarterly.id)).map((o) => o.local)).toEqual(['29-02-2028 09:00']);
  });

  it('keeps the wall-clock time across daylight-saving changes in the site’s zone', async () => {
    await createTrap(t, { siteId });
    // Chile moves its clocks forward at 00:00 on 5 September 2027 (to 01:00) and back on 4 April 2027.
    const weekly = await newPlan({ frequency: 'SEMANAL', startDate: '2027-08-29', time: '08:00', horizonDays: 20 });
    const fortnightly = await newPlan({
      frequency: 'QUINCENAL',
      startDate: '2027-08-22',
      time: '00:30',
      horizonDays: 20,
    });
    const autumn = await newPlan({ frequency: 'SEMANAL', startDate: '2027-03-27', time: '23:30', horizonDays: 10 });
    const summer = generatorAt('2027-08-28T12:00:00Z');
    await summer.generate(weekly.id);
    await summer.generate(fortnightly.id);
    expect(await ordersOf(weekly.id)).toMatchObject([
      { plannedDate: '2027-08-29', scheduledAt: new Date('2027-08-29T12:00:00Z'), local: '29-08-2027 08:00' },
      { plannedDate: '2027-09-05', scheduledAt: new Date('2027-09-05T11:00:00Z'), local: '05-09-2027 08:00' },
      { plannedDate: '2027-09-12', scheduledAt: new Date('2027-09-12T11:00:00Z'), local: '12-09-2027 08:00' },
    ]);
    // 00:30 does not exist on 5 September: the visit is at 01:30, right after the change.
    expect((await ordersOf(fortnightly.id)).map((o) => o.local)).toEqual(['05-09-2027 01:30']);
    await generatorAt('2027-03-26T12:00:00Z').generate(autumn.id);
    // 23:30 on 3 April happens twice: the first one (still summer time, UTC−3).
    expect(await ordersOf(autumn.id)).toMatchObject([
      { plannedDate: '2027-03-27', scheduledAt: new Date('2027-03-28T02:30:00Z') },
      { plannedDate: '2027-04-03', scheduledAt: new Date('2027-04-04T02:30:00Z') },
    ]);
  });

  it('skips dates already generated, stops at the end date, and lets new devices join', async () => {
    const first = await createTrap(t, { siteId, area: 'Bodega' });
    await createTrap(t, { siteId, area: 'Oficinas' });
    await createTrap(t, { siteId, area: 'Bodega', type: 'LAMINA' });
    const plan = await newPlan({ startDate: '2027-06-07', endDate: '2027-06-28', areas: ['Bodega'], types: ['OTRO'] });
    expect(await generatorAt('2027-06-06T12:00:00Z').generate(plan.id)).toEqual({
      created: 2,
      skippedWithoutDevices: [],
    });
    expect(await generatorAt('2027-06-06T18:00:00Z').generate(plan.id)).toEqual({
      created: 0,
      skippedWithoutDevices: [],
    });
    const added = await createTrap(t, { siteId, area: 'Bodega' });
    await generatorAt('2027-06-20T12:00:00Z').generateAll();
    await generatorAt('2027-08-01T12:00:00Z').generateAll();
    const orders = await ordersOf(plan.id);
    expect(orders.map((o) => o.plannedDate)).toEqual(['2027-06-07', '2027-06-14', '2027-06-21', '2027-06-28']);
    const items = async (id: number) =>
      (
        await t.database.db
          .select({ trapId: sessionItems.trapId })
          .from(sessionItems)
          .where(eq(sessionItems.sessionId, id))
      ).map((row) => row.trapId);
    expect(await items(orders[0]!.id)).toEqual([first.id]);
    expect((await items(orders[3]!.id)).sort()).toEqual([first.id, added.id].sort());
  });

  it('passes over a date with no matching device and tries it again later', async () => {
    const plan = await newPlan({ startDate: '2027-06-07', horizonDays: 7 });
    expect(await generatorAt('2027-06-06T12:00:00Z').generate(plan.id)).toEqual({
      created: 0,
      skippedWithoutDevices: ['2027-06-07'],
    });
    await createTrap(t, { siteId });
    expect(await generatorAt('2027-06-06T13:00:00Z').generate(plan.id)).toEqual({
      created: 1,
      skippedWithoutDevices: [],
    });
  });

  it('applies an edit to orders not yet created, or on request to open future ones nobody started', async () => {
    const trap = await createTrap(t, { siteId });
    const plan = await newPlan({ startDate: '2027-06-07', time: '08:00' });
    await generatorAt('2027-06-06T12:00:00Z').generate(plan.id);
    expect((await ordersOf(plan.id)).map((o) => o.local)).toEqual(['07-06-2027 08:00', '14-06-2027 08:00']);

    // The API's clock is today's: the plan's 2027 dates are all in its future.
    const edited = await api('PATCH', `/api/service-plans/${plan.id}`, { time: '10:00' });
    expect(edited.statusCode).toBe(200);
    await generatorAt('2027-06-13T12:00:00Z').generate(plan.id);
    expect((await ordersOf(plan.id)).map((o) => o.local)).toEqual([
      '07-06-2027 08:00',
      '14-06-2027 08:00',
      '21-06-2027 10:00',
    ]);

    // Started: the technician scanned a device of the 7 June order. It stays as it was.
    const [started] = await ordersOf(plan.id);
    const scan = await api('POST', `/api/sessions/${started!.id}/scan`, { qrSlug: trap.qrSlug }, tech);
    expect(scan.statusCode).toBe(200);
    const other = await createUser(t);
    // On 8 June, the office moves the plan to another technician and time for the open orders too.
    const reapplied = await generatorAt('2027-06-08T12:00:00Z').update(plan.id, {
      technicianId: other.id,
      time: '07:15',
      applyToOpen: true,
    });
    expect(reapplied.technicianId).toBe(other.id);
    const after = await t.database.db
      .select({ date: sessions.plannedDate, technicianId: sessions.technicianId, at: sessions.scheduledAt })
      .from(sessions)
      .where(eq(sessions.servicePlanId, plan.id))
      .orderBy(asc(sessions.plannedDate));
    expect(after.map((row) => [row.date, row.technicianId, formatDateTime(row.at, ZONE)])).toEqual([
      ['2027-06-07', tech.id, '07-06-2027 08:00'],
      ['2027-06-14', other.id, '14-06-2027 07:15'],
      ['2027-06-21', other.id, '21-06-2027 07:15'],
    ]);
    expect(after).toHaveLength(3);
  });

  it('runs at start-up and again at each interval, as the server schedules it', async () => {
    await createTrap(t, { siteId });
    // Plans written straight to the table: nothing generated them yet.
    const insertPlan = async (name: string) =>
      (
        await t.database.db
          .insert(servicePlans)
          .values({ siteId, name, technicianId: tech.id, frequency: 'SEMANAL', startDate: '2027-06-07', time: '08:00' })
          .returning()
      )[0]!;
    const first = await insertPlan('Antes de arrancar');
    const stop = startServicePlanJob(generatorAt('2027-06-06T12:00:00Z'), t.app.log, 200);
    try {
      await vi.waitFor(async () => expect(await ordersOf(first.id)).toHaveLength(2), { timeout: 10_000 });
      const later = await insertPlan('Creado después');
      await vi.waitFor(async () => expect(await ordersOf(later.id)).toHaveLength(2), { timeout: 10_000 });
    } finally {
      await stop();
    }
    expect(await ordersOf(first.id)).toHaveLength(2);
  });

  it('carries on after a run cut midway, creating each date once', async () => {
    await createTrap(t, { siteId });
    const plans = [await newPlan({ startDate: '2027-06-07' }), await newPlan({ startDate: '2027-06-08' })];
    let created = 0;
    const crashing = generatorAt('2027-06-06T12:00:00Z', {
      onOrderCreated: () => {
        if (++created === 3) throw new Error('el proceso se detuvo');
      },
    });
    await expect(crashing.generateAll()).rejects.toThrow('el proceso se detuvo');
    // Restarted: a new process, the same database.
    expect(await generatorAt('2027-06-06T12:05:00Z').generateAll()).toEqual({ created: 1, skippedWithoutDevices: [] });
    for (const plan of plans) expect(await ordersOf(plan.id)).toHaveLength(2);
  });

  it('counts a month with a planned visit due and no completed order as a compliance gap', async () => {
    const trap = await createTrap(t, { siteId });
    // Saved inactive (nothing generated with today's clock), then switched on on 4 January 2026.
    const plan = await newPlan({ frequency: 'QUINCENAL', startDate: '2026-01-05', horizonDays: 60, isActive: false });
    await generatorAt('2026-01-04T12:00:00Z').update(plan.id, { isActive: true, applyToOpen: false });
    const orders = await ordersOf(plan.id);
    expect(orders.map((o) => o.plannedDate)).toEqual([
      '2026-01-05',
      '2026-01-19',
      '2026-02-02',
      '2026-02-16',
      '2026-03-02',
    ]);
    const gaps = async () =>
      (
        await api('GET', `/api/reports/compliance?siteId=${siteId}&from=2026-01-01T00:00:00Z&to=2026-04-01T00:00:00Z`)
      ).json().planGaps;
    expect(await gaps()).toBe(3);
    // One January visit done: January is covered, February and March are still gaps.
    expect((await api('POST', `/api/sessions/${orders[1]!.id}/scan`, { qrSlug: trap.qrSlug }, tech)).statusCode).toBe(
      200,
    );
    expect((await close(t, tech, orders[1]!.id)).statusCode).toBe(200);
    expect(await gaps()).toBe(2);
    // A forced close with devices pending is no visit.
    expect((await close(t, admin, orders[2]!.id, { force: true })).statusCode).toBe(200);
    expect(await gaps()).toBe(2);
  });

  it('creates each order once when two server processes generate at the same time', async () => {
    await createTrap(t, { siteId });
    await createTrap(t, { siteId });
    const plans = await Promise.all(
      Array.from({ length: 12 }, (_, index) => newPlan({ name: `Plan ${index}`, startDate: '2027-06-07' })),
    );
    // A second process: its own connections to the same database (on PGlite, the one process's).
    const second = process.env.DATABASE_URL ? await connectToMainDatabase() : undefined;
    try {
      const now = '2027-06-06T12:00:00Z';
      const runs = await Promise.all([
        generatorAt(now).generateAll(),
        generatorAt(now, {}, second?.db ?? t.database.db).generateAll(),
        generatorAt(now).generate(plans[0]!.id),
        generatorAt(now, {}, second?.db ?? t.database.db).generate(plans[5]!.id),
      ]);
      const total = runs.reduce((sum, run) => sum + run.created, 0);
      expect(total).toBe(24);
      for (const plan of plans) {
        const orders = await ordersOf(plan.id);
        expect(orders.map((o) => o.plannedDate)).toEqual(['2027-06-07', '2027-06-14']);
        for (const order of orders) expect(await itemCount(order.id)).toBe(2);
      }
    } finally {
      await second?.close();
    }
  });
});

describe('several technicians', () => {
  /** The plan's orders by date: planned date, technician, and the areas of its devices. */
  async function visitsOf(planId: number) {
    const rows = await t.database.db
      .select({ id: sessions.id, date: sessions.plannedDate, technicianId: sessions.technicianId })
      .from(sessions)
      .where(eq(sessions.servicePlanId, planId))
      .orderBy(asc(sessions.plannedDate), asc(sessions.planSlot));
    return Promise.all(
      rows.map(async (row) => {
        const areas = await t.database.db
          .selectDistinct({ area: traps.area })
          .from(sessionItems)
          .innerJoin(traps, eq(traps.id, sessionItems.trapId))
          .where(eq(sessionItems.sessionId, row.id))
          .orderBy(asc(traps.area));
        return [row.date, row.technicianId, areas.map((a) => a.area).join('+')];
      }),
    );
  }

  it('rotates the visits among the technicians in order, counted from the start date across runs', async () => {
    await createTrap(t, { siteId });
    const second = await createUser(t);
    const plan = await newPlan({
      technicianId: undefined,
      technicians: [{ technicianId: tech.id }, { technicianId: second.id }],
      startDate: '2027-06-07',
    });
    expect(plan).toMatchObject({
      assignment: 'ROTATING',
      technicianId: tech.id,
      technician: { id: tech.id, fullName: tech.fullName },
      technicians: [
        { id: tech.id, fullName: tech.fullName, isActive: true, areas: null },
        { id: second.id, fullName: second.fullName, isActive: true, areas: null },
      ],
    });
    await generatorAt('2027-06-06T12:00:00Z').generate(plan.id);
    // Two weeks later, the horizon moved: visits 2 and 3 go to the first and second again, whichever run.
    await generatorAt('2027-06-20T12:00:00Z').generate(plan.id);
    await generatorAt('2027-06-20T13:00:00Z').generateAll();
    await generatorAt('2027-06-27T13:00:00Z').generateAll();
    expect((await visitsOf(plan.id)).map(([date, technicianId]) => [date, technicianId])).toEqual([
      ['2027-06-07', tech.id],
      ['2027-06-14', second.id],
      ['2027-06-21', tech.id],
      ['2027-06-28', second.id],
      ['2027-07-05', tech.id],
    ]);
    // An old caller's technicianId: that technician alone from now on.
    const alone = await api('PATCH', `/api/service-plans/${plan.id}`, { technicianId: second.id });
    expect(alone.json()).toMatchObject({ technicianId: second.id, technicians: [{ id: second.id, areas: null }] });
  });

  it('sends each technician to their areas, one order each a visit, each made once', async () => {
    await createTrap(t, { siteId, area: 'Bodega' });
    await createTrap(t, { siteId, area: 'Bodega' });
    const anden = await createTrap(t, { siteId, area: 'Andén' });
    await createTrap(t, { siteId, area: 'Oficinas' });
    await createTrap(t, { siteId, area: 'Casino' });
    const second = await createUser(t);
    const plan = await newPlan({
      technicianId: undefined,
      assignment: 'BY_AREA',
      technicians: [
        { technicianId: tech.id, areas: ['Bodega'] },
        { technicianId: second.id, areas: ['Andén', 'Oficinas'] },
      ],
      startDate: '2027-06-07',
    });
    expect(plan).toMatchObject({
      assignment: 'BY_AREA',
      // The plan visits its technicians' areas: Casino is left out.
      areas: ['Bodega', 'Andén', 'Oficinas'],
      technicians: [
        { id: tech.id, areas: ['Bodega'] },
        { id: second.id, areas: ['Andén', 'Oficinas'] },
      ],
    });
    // Two processes at once, then again: every order once.
    const now = '2027-06-06T12:00:00Z';
    const runs = await Promise.all([generatorAt(now).generate(plan.id), generatorAt(now).generateAll()]);
    expect(runs.reduce((sum, run) => sum + run.created, 0)).toBe(4);
    expect(await generatorAt('2027-06-06T18:00:00Z').generate(plan.id)).toEqual({
      created: 0,
      skippedWithoutDevices: [],
    });
    expect(await visitsOf(plan.id)).toEqual([
      ['2027-06-07', tech.id, 'Bodega'],
      ['2027-06-07', second.id, 'Andén+Oficinas'],
      ['2027-06-14', tech.id, 'Bodega'],
      ['2027-06-14', second.id, 'Andén+Oficinas'],
    ]);
    // The second technician started the 14 June visit: all of it stays as it was, their partner's order too.
    const [, , , started] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.servicePlanId, plan.id))
      .orderBy(asc(sessions.plannedDate), asc(sessions.planSlot));
    const scan = await api('POST', `/api/sessions/${started!.id}/scan`, { qrSlug: anden.qrSlug }, second);
    expect(scan.statusCode, scan.body).toBe(200);
    // Back to one rotation for the open visits: the plan keeps its areas, each visit one order of all of them.
    const rotating = await generatorAt('2027-06-13T12:00:00Z').update(plan.id, {
      assignment: 'ROTATING',
      applyToOpen: true,
    });
    expect(rotating).toMatchObject({ assignment: 'ROTATING', technicians: [{ areas: null }, { areas: null }] });
    expect((await visitsOf(plan.id)).slice(2)).toEqual([
      ['2027-06-14', tech.id, 'Bodega'],
      ['2027-06-14', second.id, 'Andén+Oficinas'],
      ['2027-06-21', tech.id, 'Andén+Bodega+Oficinas'],
    ]);
  });

  it('refuses technicians and areas that do not make a plan, in Spanish', async () => {
    await createTrap(t, { siteId, area: 'Bodega' });
    await createTrap(t, { siteId, area: 'Andén' });
    const second = await createUser(t);
    const gone = await createUser(t, { isActive: false, fullName: 'Rosa Inactiva' });
    const byArea = (technicians: object[], extra: object = {}) => ({
      technicianId: undefined,
      assignment: 'BY_AREA',
      technicians,
      ...extra,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ technicianId: undefined }, ServicePlanMessages.technicianRequired],
      [{ technicians: [{ technicianId: second.id }] }, ServicePlanMessages.technicianTwice],
      [
        { technicianId: undefined, technicians: [{ technicianId: tech.id }, { technicianId: tech.id }] },
        ServicePlanMessages.technicianRepeated,
      ],
      [
        { technicianId: undefined, technicians: [{ technicianId: tech.id, areas: ['Bodega'] }] },
        ServicePlanMessages.rotatingWithAreas,
      ],
      [
        { technicianId: undefined, technicians: [{ technicianId: tech.id }, { technicianId: gone.id }] },
        ServicePlanMessages.technicianNamed('Rosa Inactiva'),
      ],
      [
        byArea([{ technicianId: tech.id, areas: ['Bodega'] }, { technicianId: second.id }]),
        ServicePlanMessages.technicianWithoutAreas(second.fullName),
      ],
      [
        byArea([
          { technicianId: tech.id, areas: ['Bodega'] },
          { technicianId: second.id, areas: ['Bodega', 'Andén'] },
        ]),
        ServicePlanMessages.areaTwice('Bodega'),
      ],
      [
        byArea([{ technicianId: tech.id, areas: ['Bodega'] }], { areas: ['Bodega', 'Andén'] }),
        ServicePlanMessages.areaUnassigned('Andén'),
      ],
      [
        byArea([{ technicianId: tech.id, areas: ['Bodega', 'Andén'] }], { areas: ['Bodega'] }),
        ServicePlanMessages.areaOutsidePlan('Andén'),
      ],
      [byArea([{ technicianId: tech.id, areas: ['Casino'] }]), ServicePlanMessages.areaNotInSite(['Casino'])],
      [{ assignment: 'ZONA' }, 'La asignación debe ser ROTATING (rotativo) o BY_AREA (por zona).'],
    ];
    await expectRefused(cases);
    expect(await t.database.db.select().from(servicePlans)).toEqual([]);
    // A rotating plan turned BY_AREA must give its technicians areas.
    const plan = await newPlan({ technicianId: undefined, technicians: [{ technicianId: tech.id }] });
    const switched = await api('PATCH', `/api/service-plans/${plan.id}`, { assignment: 'BY_AREA' });
    expect(switched.statusCode).toBe(400);
    expect(switched.json().message).toBe(ServicePlanMessages.technicianWithoutAreas(tech.fullName));
  });

  it('waits at the turn of a technician deactivated since, until the office replaces them', async () => {
    await createTrap(t, { siteId });
    const second = await createUser(t);
    const third = await createUser(t);
    const plan = await newPlan({
      technicianId: undefined,
      technicians: [{ technicianId: tech.id }, { technicianId: second.id }],
      startDate: '2027-06-07',
      isActive: false,
    });
    const off = await api('PATCH', `/api/technicians/${second.id}`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    // Still in the plan, shown as inactive; editing something else keeps them.
    const renamed = await api('PATCH', `/api/service-plans/${plan.id}`, { name: 'Semanal', isActive: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().technicians[1]).toMatchObject({ id: second.id, isActive: false });
    // The first visit is made; the second technician's turn waits for the office, as a plan of one does.
    await generatorAt('2027-06-06T12:00:00Z').generateAll();
    expect((await visitsOf(plan.id)).map(([date, id]) => [date, id])).toEqual([['2027-06-07', tech.id]]);
    await generatorAt('2027-06-06T12:00:00Z').update(plan.id, {
      technicians: [{ technicianId: tech.id }, { technicianId: third.id }],
      applyToOpen: false,
    });
    expect((await visitsOf(plan.id)).map(([date, id]) => [date, id])).toEqual([
      ['2027-06-07', tech.id],
      ['2027-06-14', third.id],
    ]);
  });

  it('counts a visit by area as made only when every technician completed their order', async () => {
    const bodega = await createTrap(t, { siteId, area: 'Bodega' });
    const anden = await createTrap(t, { siteId, area: 'Andén' });
    const second = await createUser(t);
    const plan = await newPlan({
      technicianId: undefined,
      assignment: 'BY_AREA',
      technicians: [
        { technicianId: tech.id, areas: ['Bodega'] },
        { technicianId: second.id, areas: ['Andén'] },
      ],
      frequency: 'MENSUAL',
      startDate: '2026-01-05',
      isActive: false,
    });
    await generatorAt('2026-01-04T12:00:00Z').update(plan.id, { isActive: true, applyToOpen: false });
    const [first, other] = await t.database.db
      .select({ id: sessions.id, technicianId: sessions.technicianId })
      .from(sessions)
      .where(eq(sessions.plannedDate, '2026-01-05'))
      .orderBy(asc(sessions.planSlot));
    const gaps = async () =>
      (
        await api('GET', `/api/reports/compliance?siteId=${siteId}&from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z`)
      ).json().planGaps;
    expect(await gaps()).toBe(1);
    // Half the visit: the bodega done, the andén not.
    expect((await api('POST', `/api/sessions/${first!.id}/scan`, { qrSlug: bodega.qrSlug }, tech)).statusCode).toBe(
      200,
    );
    expect((await close(t, tech, first!.id)).statusCode).toBe(200);
    expect(await gaps()).toBe(1);
    expect((await api('POST', `/api/sessions/${other!.id}/scan`, { qrSlug: anden.qrSlug }, second)).statusCode).toBe(
      200,
    );
    expect((await close(t, second, other!.id)).statusCode).toBe(200);
    expect(await gaps()).toBe(0);
  });
});
