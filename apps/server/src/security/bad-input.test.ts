import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../test/orders.js';
import { createPlan } from '../../test/plans.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';

/**
 * Random and malformed input against every route: wrong types, huge and unicode strings, negative and huge
 * ids, extra fields, invalid JSON, wrong content types. Every answer must be a 4xx (or a 2xx when the
 * random input happens to be valid) with the API's JSON error shape, never a 500, and a refused write must
 * leave the database as it was. (Refused scans are logged in scan_events by design, so that table is left
 * out of the comparison.)
 */
const RUNS_PER_ROUTE = 40;
let casesRun = 0;

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let routes: { method: string; url: string }[];
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '100000', LOGIN_RATE_LIMIT_PER_EMAIL: '100000' });
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t);
  const traps = [await createTrap(t), await createTrap(t)];
  const order = await createOrder(
    t,
    admin,
    tech.id,
    traps.map((trap) => trap.id),
  );
  const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja');
  await t.app.inject({
    method: 'PUT',
    url: `/api/traps/${traps[0]!.id}/placement`,
    headers: admin.headers,
    payload: { planId: plan.id, x: 0.5, y: 0.5 },
  });
  ids.push(admin.id, tech.id, order.id, plan.id, ...traps.map((trap) => trap.id));
  routes = t.app.routeTable.filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs'));
});
afterAll(async () => {
  process.stdout.write(`bad-input: ${casesRun} cases against ${routes.length} routes\n`);
  await t.close();
});

/**
 * The fingerprint the database still has: the one a refused write was just checked against (it changed nothing,
 * and nothing else writes between two requests), so the next write's "before" need not be taken again. Cleared
 * before each request, so an accepted write, a GET or a request that fails its checks leaves it unknown.
 */
let unchanged: string | undefined;

async function fingerprint(): Promise<string> {
  const result = (await t.database.db.execute(sql`
    select
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from technicians x) as technicians,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from traps x) as traps,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from sessions x) as sessions,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from session_items x) as items,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from plans x) as plans,
      (select md5(coalesce(string_agg(x::text, '|' order by x.trap_id), '')) from trap_placements x) as placements,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from placement_events x) as events,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from findings x) as findings,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from photos x) as photos
  `)) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows[0]);
}

const idLike = fc.oneof(
  fc.constantFrom(...['0', '-1', '1.5', '1e3', 'NaN', 'null', '99999999999', '2147483648', '%20', 'ñ', '🐀']),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.constantFrom(...['1', '2', '3', '4', '5']),
);

const hugeString = fc.integer({ min: 1000, max: 300_000 }).map((length) => 'ñ'.repeat(length));
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  hugeString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const knownFields = [
  'email',
  'password',
  'fullName',
  'role',
  'isActive',
  'code',
  'area',
  'description',
  'qrSlug',
  'technicianId',
  'trapIds',
  'scheduledAt',
  'force',
  'currentPassword',
  'newPassword',
  'clientScanId',
  'scannedAt',
  'name',
  'planId',
  'x',
  'y',
  'clientFindingId',
  'recordedAt',
  'deviceStatus',
  'activity',
  'baitConsumption',
  'baitState',
  'captures',
  'evidence',
  'actions',
  'notes',
  'reason',
  'note',
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...knownFields), value, { maxKeys: 6 }),
  fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const rawPayload = fc.oneof(
  body.map((payload) => ({ payload: JSON.stringify(payload), contentType: 'application/json' })),
  fc.string({ maxLength: 200 }).map((text) => ({ payload: `{${text}`, contentType: 'application/json' })),
  fc.string({ maxLength: 200 }).map((text) => ({ payload: text, contentType: 'text/plain' })),
  fc.string({ maxLength: 200 }).map((text) => ({ payload: text, contentType: 'application/x-www-form-urlencoded' })),
  fc.constant({ payload: '<xml/>', contentType: 'application/xml' }),
);
const query = fc.dictionary(
  fc.constantFrom('format', 'ids', 'page', 'x', ''),
  fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('pdf', 'excel', '1,2', '1,,2', '-1')),
  { maxKeys: 3 },
);

describe('bad input', () => {
  it('answers random and malformed requests to every route with a 4xx JSON error, never a 500', async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(idLike, rawPayload, query, fc.constantFrom(admin, tech), async (id, raw, search, user) => {
          casesRun++;
          const before = route.method === 'GET' ? '' : (unchanged ?? (await fingerprint()));
          unchanged = undefined;
          const url = `${route.url.replace(':id', id).replace(':itemId', id)}?${new URLSearchParams(search)}`;
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...user.headers, ...(route.method === 'GET' ? {} : { 'content-type': raw.contentType }) },
            ...(route.method === 'GET' ? {} : { payload: raw.payload }),
          });
          expect(response.statusCode, `${route.method} ${url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.headers['content-type']).toContain('application/json');
            const error = response.json();
            expect(error).toEqual({
              statusCode: response.statusCode,
              error: expect.any(String),
              message: expect.anything(),
            });
            const messages = [error.message].flat();
            expect(messages.every((message: unknown) => typeof message === 'string' && message.length > 0)).toBe(true);
            if (route.method !== 'GET') {
              const after = await fingerprint();
              expect(after).toBe(before);
              unchanged = after;
            }
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }, 600_000);

  it('refuses bodies larger than the limit with 413 before reading them whole', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/traps',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: 'x', description: 'y'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
  });
});
