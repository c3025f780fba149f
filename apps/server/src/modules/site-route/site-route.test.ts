import { RouteMessages, SiteMessages, type SiteRoute, type Trap } from '@rondin/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/orders.js';
import { createPlan, placeTrap } from '../../../test/plans.js';
import {
  DEFAULT_SITE_ID,
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { auditLog, sites } from '../../db/schema.js';

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

const route = (siteId = DEFAULT_SITE_ID, user = admin) =>
  t.app.inject({ method: 'GET', url: `/api/sites/${siteId}/route`, headers: user.headers });
const save = (trapIds: unknown, siteId = DEFAULT_SITE_ID) =>
  t.app.inject({ method: 'PUT', url: `/api/sites/${siteId}/route`, headers: admin.headers, payload: { trapIds } });
const propose = (siteId = DEFAULT_SITE_ID) =>
  t.app.inject({ method: 'POST', url: `/api/sites/${siteId}/route/propose`, headers: admin.headers });
const codes = (body: SiteRoute) => body.items.map((item) => [item.code, item.routeOrder]);

async function otherSite(): Promise<number> {
  const [row] = await t.database.db.insert(sites).values({ name: 'Planta Sur' }).returning();
  return row!.id;
}

describe('PUT /api/sites/:id/route', () => {
  it('saves the order given, a repeated id once, and takes the left-out devices out of the walk', async () => {
    const [a, b, c, d] = [
      await createTrap(t, { code: 'TRP-A' }),
      await createTrap(t, { code: 'TRP-B' }),
      await createTrap(t, { code: 'TRP-C' }),
      await createTrap(t, { code: 'TRP-D' }),
    ];
    expect((await save([d!.id, b!.id, a!.id])).statusCode).toBe(200);

    const response = await save([c!.id, a!.id, c!.id, b!.id]);
    expect(response.statusCode).toBe(200);
    const saved = response.json<SiteRoute>();
    expect(saved.items).toEqual([
      { trapId: c!.id, code: 'TRP-C', area: 'Bodega', routeOrder: 1 },
      { trapId: a!.id, code: 'TRP-A', area: 'Bodega', routeOrder: 2 },
      { trapId: b!.id, code: 'TRP-B', area: 'Bodega', routeOrder: 3 },
      { trapId: d!.id, code: 'TRP-D', area: 'Bodega', routeOrder: null },
    ]);
    expect((await route()).json()).toEqual(saved);
    // Each device answers its place, in the inventory as in an order.
    const trap = await t.app.inject({ method: 'GET', url: `/api/traps/${a!.id}`, headers: admin.headers });
    expect(trap.json<Trap>().routeOrder).toBe(2);
    const list = await t.app.inject({ method: 'GET', url: '/api/traps?pageSize=10', headers: admin.headers });
    expect(list.json<{ items: Trap[] }>().items.map((each) => [each.code, each.routeOrder])).toEqual([
      ['TRP-A', 2],
      ['TRP-B', 3],
      ['TRP-C', 1],
      ['TRP-D', null],
    ]);
    const tech = await createUser(t);
    const order = await createOrder(t, admin, tech.id, [d!.id, c!.id]);
    expect(order.items.map((item) => [item.trap.code, item.trap.routeOrder])).toEqual([
      ['TRP-C', 1],
      ['TRP-D', null],
    ]);
  });

  it('logs each device whose place changed as the administrator’s change, and no other', async () => {
    const [a, b] = [await createTrap(t, { code: 'TRP-A' }), await createTrap(t, { code: 'TRP-B' })];
    await save([a!.id, b!.id]);
    await save([b!.id]);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'trap'), eq(auditLog.action, 'update')))
      .orderBy(asc(auditLog.id));
    expect(rows.map(({ entityId, actorId, before, after }) => ({ entityId, actorId, before, after }))).toEqual([
      {
        entityId: a!.id,
        actorId: admin.id,
        before: { code: 'TRP-A', routeOrder: null },
        after: { code: 'TRP-A', routeOrder: 1 },
      },
      {
        entityId: b!.id,
        actorId: admin.id,
        before: { code: 'TRP-B', routeOrder: null },
        after: { code: 'TRP-B', routeOrder: 2 },
      },
      {
        entityId: a!.id,
        actorId: admin.id,
        before: { code: 'TRP-A', routeOrder: 1 },
        after: { code: 'TRP-A', routeOrder: null },
      },
      {
        entityId: b!.id,
        actorId: admin.id,
        before: { code: 'TRP-B', routeOrder: 2 },
        after: { code: 'TRP-B', routeOrder: 1 },
      },
    ]);
  });

  it('refuses a device of another site, an inactive or unknown one, and changes nothing', async () => {
    const mine = await createTrap(t, { code: 'TRP-A' });
    const elsewhere = await createTrap(t, { code: 'TRP-B', siteId: await otherSite() });
    const inactive = await createTrap(t, { code: 'TRP-C', isActive: false });
    await save([mine!.id]);
    for (const ids of [[elsewhere!.id], [inactive!.id, mine!.id], [mine!.id, 999_999]]) {
      const response = await save(ids);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(RouteMessages.otherSite);
    }
    expect(codes((await route()).json())).toEqual([['TRP-A', 1]]);
  });

  it('refuses an empty route and answers 404 for an unknown site', async () => {
    const trap = await createTrap(t);
    const empty = await save([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(RouteMessages.empty);
    for (const response of [await save([trap.id], 999), await route(999), await propose(999)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(SiteMessages.notFound);
    }
  });
});

describe('GET /api/sites/:id/route', () => {
  it('lists the site’s active devices by their place, then those without one by code', async () => {
    const b = await createTrap(t, { code: 'trp-b', area: null });
    const a = await createTrap(t, { code: 'TRP-A' });
    const c = await createTrap(t, { code: 'TRP-C' });
    await createTrap(t, { code: 'TRP-0', isActive: false });
    await createTrap(t, { code: 'TRP-1', siteId: await otherSite() });
    await save([c!.id]);
    expect((await route()).json<SiteRoute>().items).toEqual([
      { trapId: c!.id, code: 'TRP-C', area: 'Bodega', routeOrder: 1 },
      { trapId: a!.id, code: 'TRP-A', area: 'Bodega', routeOrder: null },
      { trapId: b!.id, code: 'trp-b', area: null, routeOrder: null },
    ]);
  });

  it('is for administrators only', async () => {
    const tech = await createUser(t);
    expect((await route(DEFAULT_SITE_ID, tech)).statusCode).toBe(403);
  });
});

describe('POST /api/sites/:id/route/propose', () => {
  it('walks area by area, nearest next on the plans, then the devices on no plan by area and code', async () => {
    const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja');
    const patio = await createPlan(t, admin, DEFAULT_SITE_ID, 'Patio');
    const at = async (code: string, area: string | null, where?: { planId: number; x: number; y: number }) => {
      const trap = await createTrap(t, { code, area });
      if (where) expect((await placeTrap(t, admin, trap.id, where)).statusCode).toBe(200);
      return trap;
    };
    await at('B-1', 'Bodega', { planId: plan.id, x: 0.1, y: 0.1 });
    await at('B-2', 'Bodega', { planId: plan.id, x: 0.9, y: 0.9 });
    await at('B-3', 'Bodega', { planId: plan.id, x: 0.2, y: 0.1 });
    // Nearer B-1 than B-3 is, but in another area: the walk finishes Bodega first.
    await at('C-4', 'Cocina', { planId: plan.id, x: 0.15, y: 0.1 });
    // From C-2, C-3 is the nearer in fractions of the plan (0.3 against 0.35) and C-1 in its pixels (105 against
    // 120, the plan being 400 × 300): the plan's pixels decide.
    await at('C-1', 'Cocina', { planId: plan.id, x: 0.8, y: 0.45 });
    await at('C-2', 'Cocina', { planId: plan.id, x: 0.8, y: 0.8 });
    await at('C-3', 'Cocina', { planId: plan.id, x: 0.5, y: 0.8 });
    await at('P-1', 'Patio', { planId: patio.id, x: 0.85, y: 0.85 });
    await at('U-3', 'Andén');
    const unplaced = await at('U-1', null);
    await at('U-2', 'Andén');
    const off = await at('B-0', 'Bodega', { planId: plan.id, x: 0.5, y: 0.5 });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/traps/${off.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    await save([unplaced.id]);
    const before = (await route()).json();

    const response = await propose();
    expect(response.statusCode).toBe(200);
    expect(codes(response.json())).toEqual([
      ['B-1', 1],
      ['B-3', 2],
      ['B-2', 3],
      ['C-2', 4],
      ['C-1', 5],
      ['C-3', 6],
      ['C-4', 7],
      ['P-1', 8],
      ['U-2', 9],
      ['U-3', 10],
      ['U-1', 11],
    ]);
    expect((await route()).json()).toEqual(before);
  });
});
