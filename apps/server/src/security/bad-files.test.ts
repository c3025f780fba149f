import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hugePng, jpegClaiming, signaturePng } from '../../test/bad-images.js';
import { postPhoto } from '../../test/findings.js';
import { multipartForm } from '../../test/multipart.js';
import { CLIENT_ABSENT, close, createOrder, scan } from '../../test/orders.js';
import { createPlan, planImage, postPlan } from '../../test/plans.js';
import { createProduct, pdfOf, putDocument } from '../../test/products.js';
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
 * Every route that takes an image or a document (plans, logos, photos, signatures at close and in the profile,
 * safety data sheets), fed files that are cut short, junk after a sound header, claiming more pixels than the
 * route takes, past its byte limit, or PDFs that are HTML or carry scripts. Each must be a 4xx; after it the
 * server still answers another user's scan, and nothing stored has changed.
 */
const RUNS_PER_ROUTE = 6;

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let other: TestUser;
let planId: number;
let productId: number;
let order: { id: number; itemId: number };
let probeOrder: { id: number; slugs: string[] };
let probes = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  tech = await createUser(t);
  other = await createUser(t);
  planId = (await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja')).id;
  productId = (await createProduct(t, admin)).id;
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/company',
    headers: admin.headers,
    payload: { name: 'Plagas del Norte' },
  });
  expect(put.statusCode).toBe(200);
  const trap = await createTrap(t, { code: 'ARCH-1' });
  const created = await createOrder(t, admin, tech.id, [trap.id]);
  expect((await scan(t, tech, created.id, trap.qrSlug)).statusCode).toBe(200);
  order = { id: created.id, itemId: created.items[0]!.id };
  // Another technician's order, scanned once after each bad file: the server is alive and answers in time.
  const traps = [];
  for (let index = 0; index < 60; index++) traps.push(await createTrap(t, { code: `VIVO-${index}` }));
  const probing = await createOrder(
    t,
    admin,
    other.id,
    traps.map((each) => each.id),
  );
  probeOrder = { id: probing.id, slugs: traps.map((each) => each.qrSlug) };
});
afterAll(() => t.close());

/** What any of these routes may change: files, plans, photos, products, settings, orders and certificates. */
async function fingerprint(): Promise<string> {
  const result = (await t.database.db.execute(sql`
    select
      (select md5(coalesce(string_agg(x.sha256 || x.id, '|' order by x.id), '')) from files x) as files,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from plans x) as plans,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from photos x) as photos,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from products x) as products,
      (select md5(coalesce(string_agg(x::text, '|'), '')) from company_settings x) as settings,
      (select md5(coalesce(string_agg(x.status || x.id, '|' order by x.id), '')) from sessions x) as sessions,
      (select count(*) from certificates) as certificates,
      (select md5(coalesce(string_agg(x.signature_file_id::text, '|' order by x.id), '')) from technicians x) as signatures
  `)) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows[0]);
}

/** A sound file the route takes, which the arbitraries below spoil. */
interface Route {
  name: string;
  sound: () => Promise<Buffer>;
  /** A file claiming more pixels than the route takes, or past its byte limit. */
  oversized: () => Promise<Buffer>;
  send: (file: Buffer) => Promise<{ statusCode: number; body: string }>;
}

const form = (file: Buffer, filename: string, contentType: string) =>
  multipartForm([{ name: 'file', filename, contentType, data: file }]);

const ROUTES: Route[] = [
  {
    name: 'POST /api/sites/{id}/plans',
    sound: () => planImage(300, 200),
    oversized: async () => hugePng(8000, 8000),
    send: (file) => postPlan(t, admin, DEFAULT_SITE_ID, { name: 'Plano malo', file }),
  },
  {
    name: 'PUT /api/plans/{id}/image',
    sound: () => planImage(300, 200, 'webp'),
    oversized: async () => hugePng(7000, 7000),
    send: (file) => {
      const body = form(file, 'plano.png', 'image/png');
      return t.app.inject({
        method: 'PUT',
        url: `/api/plans/${planId}/image`,
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload(),
      });
    },
  },
  {
    name: 'PUT /api/settings/company/logo',
    sound: () => planImage(200, 100),
    oversized: async () => hugePng(6000, 6000),
    send: (file) => {
      const body = form(file, 'logo.png', 'image/png');
      return t.app.inject({
        method: 'PUT',
        url: '/api/settings/company/logo',
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload(),
      });
    },
  },
  {
    name: 'POST /api/sessions/{id}/items/{itemId}/photos',
    sound: () => planImage(400, 300, 'jpeg'),
    oversized: () => jpegClaiming(65_000, 65_000),
    send: (file) => postPhoto(t, tech, order.id, order.itemId, { clientPhotoId: randomUUID(), file }),
  },
  {
    name: 'PUT /api/technicians/me/signature',
    sound: () => signaturePng(),
    oversized: async () => hugePng(9000, 9000),
    send: (file) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/technicians/me/signature',
        headers: tech.headers,
        payload: { imagePng: file.toString('base64') },
      }),
  },
  {
    name: 'POST /api/sessions/{id}/close (client signature)',
    sound: () => signaturePng(),
    oversized: async () => hugePng(9000, 9000),
    send: (file) =>
      // The closer's own signature is not stored on the way: nothing but the refused file may change.
      close(t, tech, order.id, {
        clientSignature: { name: 'Marta Ruiz', imagePng: file.toString('base64') },
        sign: false,
      }),
  },
  {
    name: 'PUT /api/products/{id}/documents/sds',
    sound: async () => pdfOf(''),
    oversized: async () => Buffer.concat([pdfOf(''), Buffer.alloc(10 * 1024 * 1024)]),
    send: (file) => putDocument(t, admin, productId, 'sds', { issuedOn: '2025-03-01', file }),
  },
];

/** Ways to spoil a sound file that no decoder or parser may take. */
function spoiled(route: Route, sound: Buffer): fc.Arbitrary<{ how: string; file: () => Promise<Buffer> }> {
  const isPdf = sound.subarray(0, 5).toString() === '%PDF-';
  const cut = fc.double({ min: 0.05, max: 0.9, noNaN: true }).map((share) => ({
    how: `cut at ${Math.round(share * 100)} %`,
    file: async () => sound.subarray(0, Math.max(16, Math.floor(sound.length * share))),
  }));
  const junk = fc
    .tuple(fc.integer({ min: 16, max: 40 }), fc.uint8Array({ minLength: 64, maxLength: 4096 }))
    .map(([keep, bytes]) => ({
      how: `the first ${keep} bytes, then ${bytes.length} of junk`,
      file: async () => Buffer.concat([sound.subarray(0, keep), Buffer.from(bytes)]),
    }));
  const oversized = fc.constant({ how: 'oversized', file: route.oversized });
  if (!isPdf) return fc.oneof(cut, junk, oversized);
  const html = fc.string({ maxLength: 200 }).map((text) => ({
    how: 'HTML after the PDF header',
    file: async () =>
      Buffer.from(`%PDF-1.7\n<!doctype html><html><body>${text}<script>alert(1)</script></body></html>`),
  }));
  const script = fc
    .constantFrom(
      '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
      '/OpenAction << /S /Launch /F (calc.exe) >>',
      '/Names << /EmbeddedFiles << /Names [(x.exe) << /Type /Filespec >>] >> >>',
      '/AA << /WC << /S /SubmitForm /F (https://ejemplo.test) >> >>',
    )
    .map((extra) => ({ how: `active content ${extra}`, file: async () => pdfOf(extra) }));
  return fc.oneof(junk, html, script, oversized);
}

/** A scan of the other technician's order, timed: the server is alive, and not held by the bad file. */
async function probeScan(): Promise<number> {
  const slug = probeOrder.slugs[probes++ % probeOrder.slugs.length]!;
  const started = performance.now();
  const answer = await scan(t, other, probeOrder.id, slug);
  expect(answer.statusCode).toBe(200);
  return performance.now() - started;
}

describe('bad files on every image and document route', () => {
  it('are refused with a 4xx, leave the server answering and nothing stored changed', async () => {
    for (const route of ROUTES) {
      const sound = await route.sound();
      await fc.assert(
        fc.asyncProperty(spoiled(route, sound), async ({ how, file }) => {
          const before = await fingerprint();
          const answer = await route.send(await file());
          const described = `${route.name}, ${how} → ${answer.statusCode} ${answer.body.slice(0, 200)}`;
          expect(answer.statusCode, described).toBeGreaterThanOrEqual(400);
          expect(answer.statusCode, described).toBeLessThan(500);
          expect(await fingerprint(), described).toBe(before);
          await probeScan();
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      // The sound file is still taken (the route is not refusing everything).
      if (!route.name.includes('close')) {
        const taken = await route.send(sound);
        expect(taken.statusCode, `${route.name}, sound → ${taken.body.slice(0, 200)}`).toBeLessThan(300);
      }
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // Every image the certificate draws was refused: the order still closes and its certificate is stored.
    const closed = await close(t, tech, order.id, { clientSignature: CLIENT_ABSENT });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/sessions/${order.id}/certificate`, headers: tech.headers })).json().sha256,
    ).toMatch(/^[0-9a-f]{64}$/);
  }, 900_000);
});
