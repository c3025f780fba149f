import { PlanMessages, PortalMessages } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clients, sites } from '../../db/schema.js';
import { close, createOrder } from '../../../test/orders.js';
import { createPlan, placeTrap } from '../../../test/plans.js';
import {
  createAdmin,
  createPortalUser,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

/**
 * The portal's reads of what the office shows of a site (its plans and heat map, trends, audit pack): the same
 * content as the office's routes, for the account's sites only.
 */
let t: TestApp;
let admin: TestUser;
let person: TestUser;
let plan: { id: number };
let foreign: { site: number; plan: number };

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  const tech = await createUser(t);
  const trap = await createTrap(t);
  plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja');
  expect((await placeTrap(t, admin, trap.id, { planId: plan.id, x: 0.5, y: 0.5 })).statusCode).toBe(200);
  const order = await createOrder(t, admin, tech.id, [trap.id]);
  await close(t, admin, order.id, { force: true });
  const db = t.database.db;
  const [other] = await db.insert(clients).values({ name: 'Otra empresa' }).returning();
  const [site] = await db.insert(sites).values({ name: 'Planta ajena', clientId: other!.id }).returning();
  const foreignPlan = await createPlan(t, admin, site!.id, 'Ajena');
  foreign = { site: site!.id, plan: foreignPlan.id };
  person = await createPortalUser(t);
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });

/** The portal's answer and the office's for the same thing. */
async function both(portal: string, office: string) {
  const [mine, theirs] = await Promise.all([get(person, portal), get(admin, office)]);
  expect(mine.statusCode, mine.body).toBe(200);
  expect(theirs.statusCode, theirs.body).toBe(200);
  return { mine, theirs };
}

describe("the portal's reads of a site", () => {
  it("answers the site's plans, a plan, its heat and its image as the office does", async () => {
    const list = await both(`/api/portal/sites/${DEFAULT_SITE_ID}/plans`, `/api/sites/${DEFAULT_SITE_ID}/plans`);
    expect(list.mine.json()).toEqual(list.theirs.json());
    expect(list.mine.json()).toEqual([expect.objectContaining({ id: plan.id, placedCount: 1 })]);

    const detail = await both(`/api/portal/plans/${plan.id}`, `/api/plans/${plan.id}`);
    expect(detail.mine.json()).toEqual(detail.theirs.json());
    expect(detail.mine.json().devices).toHaveLength(1);

    const period = 'from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z';
    const heat = await both(`/api/portal/plans/${plan.id}/heat?${period}`, `/api/plans/${plan.id}/heat?${period}`);
    expect(heat.mine.json()).toEqual(heat.theirs.json());
    expect(heat.mine.json().devices).toHaveLength(1);

    const image = await both(`/api/portal/plans/${plan.id}/image`, `/api/plans/${plan.id}/image`);
    expect(image.mine.rawPayload.equals(image.theirs.rawPayload)).toBe(true);
    expect(image.mine.headers['content-type']).toBe(image.theirs.headers['content-type']);
  });

  it('prints the map, and the heat map of a period', async () => {
    for (const query of ['', '?from=2026-01-01T00:00:00Z']) {
      const map = await both(`/api/portal/plans/${plan.id}/map.pdf${query}`, `/api/plans/${plan.id}/map.pdf${query}`);
      expect(map.mine.headers['content-type']).toBe('application/pdf');
      expect(map.mine.headers['content-disposition']).toBe(map.theirs.headers['content-disposition']);
      expect(map.mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it("answers the site's trends as the office's report of the site", async () => {
    const query = 'interval=month&by=area&from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z';
    const trends = await both(
      `/api/portal/sites/${DEFAULT_SITE_ID}/trends?${query}`,
      `/api/reports/trends?${query}&siteId=${DEFAULT_SITE_ID}`,
    );
    expect(trends.mine.json()).toEqual(trends.theirs.json());
    // The site is the path's: naming another in the query is refused.
    const named = await get(person, `/api/portal/sites/${DEFAULT_SITE_ID}/trends?siteId=${foreign.site}`);
    expect(named.statusCode).toBe(400);
  });

  it('downloads the audit pack of a period, as PDF or Excel', async () => {
    const period = 'from=2026-01-01&to=2026-03-31';
    const pdf = await both(
      `/api/portal/sites/${DEFAULT_SITE_ID}/audit-pack?${period}`,
      `/api/sites/${DEFAULT_SITE_ID}/audit-pack?${period}`,
    );
    expect(pdf.mine.headers['content-type']).toBe('application/pdf');
    expect(pdf.mine.headers['content-disposition']).toBe(pdf.theirs.headers['content-disposition']);
    expect(pdf.mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const excel = await both(
      `/api/portal/sites/${DEFAULT_SITE_ID}/audit-pack?${period}&format=excel`,
      `/api/sites/${DEFAULT_SITE_ID}/audit-pack?${period}&format=excel`,
    );
    expect(excel.mine.headers['content-type']).toBe(excel.theirs.headers['content-type']);
    expect(excel.mine.headers['content-disposition']).toBe(excel.theirs.headers['content-disposition']);
    expect(excel.mine.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const reversed = await get(person, `/api/portal/sites/${DEFAULT_SITE_ID}/audit-pack?from=2026-03-31&to=2026-01-01`);
    expect(reversed.statusCode).toBe(400);
  });

  it("answers 404 for another client's site and plan, as for one that does not exist", async () => {
    for (const url of [
      `/api/portal/sites/${foreign.site}/plans`,
      `/api/portal/sites/${foreign.site}/trends`,
      `/api/portal/sites/${foreign.site}/audit-pack`,
      `/api/portal/sites/${foreign.site}/audit-pack?format=excel`,
    ]) {
      const response = await get(person, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(PortalMessages.siteNotFound);
    }
    for (const url of [
      `/api/portal/plans/${foreign.plan}`,
      `/api/portal/plans/${foreign.plan}/heat`,
      `/api/portal/plans/${foreign.plan}/image`,
      `/api/portal/plans/${foreign.plan}/map.pdf`,
      `/api/portal/plans/${foreign.plan}/map.pdf?from=2026-01-01T00:00:00Z`,
      `/api/portal/plans/${foreign.plan + 1000}`,
    ]) {
      const response = await get(person, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(PlanMessages.notFound);
    }
  });

  it('narrows to the sites chosen for the account', async () => {
    const [second] = await t.database.db.insert(sites).values({ name: 'Planta dos', clientId: 1 }).returning();
    const narrowed = await createPortalUser(t, { siteIds: [second!.id] });
    expect((await get(narrowed, `/api/portal/sites/${DEFAULT_SITE_ID}/plans`)).statusCode).toBe(404);
    expect((await get(narrowed, `/api/portal/plans/${plan.id}/heat`)).statusCode).toBe(404);
    expect((await get(narrowed, `/api/portal/sites/${second!.id}/plans`)).json()).toEqual([]);
  });

  it('refuses bad ids with 400', async () => {
    for (const url of ['/api/portal/plans/abc', '/api/portal/sites/0/plans', '/api/portal/plans/1/heat?from=ayer']) {
      expect((await get(person, url)).statusCode, url).toBe(400);
    }
  });
});
