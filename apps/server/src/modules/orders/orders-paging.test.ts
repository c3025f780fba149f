import type { SessionPage } from '@rondin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  admin = await createAdmin(t);
  ana = await createUser(t, { fullName: 'Ana Rojas' });
  beto = await createUser(t, { fullName: 'Beto Soto' });
  const trap = await createTrap(t);
  ids.anaDone = (await createOrder(t, admin, ana.id, [trap.id], '2026-01-10T12:00:00Z')).id;
  await scan(t, ana, ids.anaDone, trap.qrSlug);
  await close(t, ana, ids.anaDone);
  ids.anaOpen = (await createOrder(t, admin, ana.id, [trap.id], '2026-02-10T12:00:00Z')).id;
  ids.betoOpen = (await createOrder(t, admin, beto.id, [trap.id], '2026-03-10T12:00:00Z')).id;
  ids.betoUnscheduled = (await createOrder(t, admin, beto.id, [trap.id])).id;
});
afterAll(() => t.close());

const page = async (url: string, user: TestUser = admin): Promise<SessionPage> => {
  const response = await t.app.inject({ url, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('order lists with paging and filters', () => {
  it('pages summaries newest first, without items', async () => {
    const first = await page('/api/sessions?pageSize=3');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.items.map((order) => order.id)).toEqual([ids.betoUnscheduled, ids.betoOpen, ids.anaOpen]);
    expect(first.items[0]).not.toHaveProperty('items');
    expect(first.items[0]).toMatchObject({ itemCount: 1, technician: { fullName: 'Beto Soto' } });
    expect((await page('/api/sessions?pageSize=3&page=2')).items.map((order) => order.id)).toEqual([ids.anaDone]);
  });

  it('filters by status, technician, scheduled range and text', async () => {
    expect((await page('/api/sessions?status=COMPLETED')).items.map((order) => order.id)).toEqual([ids.anaDone]);
    expect((await page(`/api/sessions?technicianId=${beto.id}`)).total).toBe(2);
    expect(
      (await page('/api/sessions?scheduledFrom=2026-02-01T00:00:00Z&scheduledTo=2026-03-31T00:00:00Z')).items.map(
        (order) => order.id,
      ),
    ).toEqual([ids.betoOpen, ids.anaOpen]);
    expect((await page('/api/sessions?q=rojas')).total).toBe(2);
    expect((await page(`/api/sessions?q=${ids.betoOpen}`)).items.map((order) => order.id)).toEqual([ids.betoOpen]);
  });

  it("pages a technician's own orders only, whatever technicianId they send", async () => {
    const own = await page(`/api/sessions/me?pageSize=10&technicianId=${beto.id}`, ana);
    expect(own.items.map((order) => order.id)).toEqual([ids.anaOpen, ids.anaDone]);
    const active = await page('/api/sessions/me/active?pageSize=10', ana);
    expect(active.items.map((order) => order.id)).toEqual([ids.anaOpen]);
  });

  it('keeps the plain lists without parameters, and refuses bad filters', async () => {
    const response = await t.app.inject({ url: '/api/sessions', headers: admin.headers });
    expect(response.json()).toHaveLength(4);
    expect(response.json()[0]).toHaveProperty('items');
    for (const query of ['status=DONE', 'technicianId=-1', 'scheduledFrom=ayer', 'pageSize=0']) {
      expect((await t.app.inject({ url: `/api/sessions?${query}`, headers: admin.headers })).statusCode, query).toBe(
        400,
      );
    }
  });
});
