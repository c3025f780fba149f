import {
  COMMON_PESTS_PER_TYPE,
  type CommonPests,
  type PutFindingInput,
  SiteMessages,
  type TrapType,
} from '@rondin/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nothingFound, putFinding } from '../../../test/findings.js';
import { createOrder, scan } from '../../../test/orders.js';
import {
  DEFAULT_SITE_ID,
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { findings, pests, sessions } from '../../db/schema.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let pestIds: number[];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t);
  pestIds = (await t.database.db.select({ id: pests.id }).from(pests).orderBy(asc(pests.id))).map((row) => row.id);
});

const common = (user: TestUser, siteId = DEFAULT_SITE_ID) =>
  t.app.inject({ url: `/api/sites/${siteId}/common-pests`, headers: user.headers });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** An open order of the technician at the default site, one scanned device of each type, recorded an hour ago. */
async function visit(types: TrapType[]) {
  const traps = [];
  for (const type of types) traps.push(await createTrap(t, { type }));
  const order = await createOrder(
    t,
    admin,
    tech.id,
    traps.map((trap) => trap.id),
  );
  // Device times of the last two hours are plausible only for an order that old.
  await t.database.db
    .update(sessions)
    .set({ createdAt: sql`now() - interval '2 hours'` })
    .where(eq(sessions.id, order.id));
  for (const trap of traps) expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  const items = traps.map((trap) => order.items.find((item) => item.trapId === trap.id)!.id);
  const record = async (index: number, body: Partial<PutFindingInput>) => {
    const response = await putFinding(t, tech, order.id, items[index]!, nothingFound(body));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ finding: { id: number } }>().finding.id;
  };
  return { order, record };
}

describe('GET /api/sites/:id/common-pests', () => {
  it('ranks per device type the pests caught, current versions only, a band as its least', async () => {
    const [a, b, c, zero, old, fly] = pestIds;
    const { record } = await visit(['LAMINA', 'LAMINA', 'LAMINA', 'LUZ_UV', 'CEBADERO']);
    // a: 3 + 9 = 12; b: a band of 11 to 50, counted as 11 (as its middle it would come first).
    await record(0, {
      recordedAt: minutesAgo(60),
      captures: [
        { pestId: a!, count: 3 },
        { pestId: b!, band: '11-50' },
      ],
    });
    await record(1, { recordedAt: minutesAgo(60), captures: [{ pestId: c!, count: 40 }] });
    // The current version: the 40 of c were a mistake.
    await record(1, {
      recordedAt: minutesAgo(30),
      captures: [
        { pestId: a!, count: 9 },
        { pestId: c!, count: 1 },
        { pestId: zero!, count: 0 },
      ],
      reason: 'Mal contado',
    });
    const outside = await record(2, { recordedAt: minutesAgo(60), captures: [{ pestId: old!, count: 100 }] });
    await record(3, { recordedAt: minutesAgo(60), captures: [{ pestId: fly!, count: 7 }] });
    await record(4, { recordedAt: minutesAgo(60) });

    const within = await common(admin);
    expect(within.statusCode).toBe(200);
    expect(within.json<CommonPests>()).toEqual({
      byType: { LAMINA: [old, a, b, c], LUZ_UV: [fly] },
    });

    // Twelve months and a day ago is out of the window; twelve months less a day, in.
    const moveTo = (interval: string) =>
      t.database.db
        .update(findings)
        .set({ recordedAt: sql`now() - ${interval}::interval` })
        .where(inArray(findings.id, [outside]));
    await moveTo('1 year 1 day');
    expect((await common(tech)).json<CommonPests>().byType.LAMINA).toEqual([a, b, c]);
    await moveTo('1 year -1 day');
    expect((await common(tech)).json<CommonPests>().byType.LAMINA).toEqual([old, a, b, c]);
  });

  it(`lists at most ${COMMON_PESTS_PER_TYPE} pests a type, and no type without catches`, async () => {
    const { record } = await visit(['LAMINA', 'CAPTURA']);
    const many = pestIds.slice(0, COMMON_PESTS_PER_TYPE + 1);
    await record(0, {
      recordedAt: minutesAgo(60),
      captures: many.map((pestId, index) => ({ pestId, count: index + 1 })),
    });
    await record(1, { recordedAt: minutesAgo(60), captures: [{ pestId: many[0]!, count: 0 }] });
    expect((await common(admin)).json()).toEqual({
      byType: { LAMINA: [...many].reverse().slice(0, COMMON_PESTS_PER_TYPE) },
    });
  });

  it('answers a technician with an open order at the site, and 404 to any other', async () => {
    const other = await createUser(t);
    const { order } = await visit(['LAMINA']);
    expect((await common(tech)).statusCode).toBe(200);
    expect((await common(admin)).json()).toEqual({ byType: {} });
    for (const response of [await common(other), await common(admin, 999)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(SiteMessages.notFound);
    }
    // A closed order is no reason to be at the site any more.
    await t.database.db.update(sessions).set({ status: 'COMPLETED' }).where(eq(sessions.id, order.id));
    expect((await common(tech)).statusCode).toBe(404);
  });
});
