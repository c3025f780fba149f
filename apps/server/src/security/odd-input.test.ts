import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app.js';
import { postPhoto } from '../../test/findings.js';
import { multipartForm, type FormPart } from '../../test/multipart.js';
import { createProduct, tinyPdf } from '../../test/products.js';
import { createOrder, scan } from '../../test/orders.js';
import { createPlan, planImage } from '../../test/plans.js';
import {
  createAdmin,
  createPortalUser,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';

/**
 * Odd but harmless input, probed field by field on every route, with the fields and their types read from
 * the route's own schemas (a new route or field is probed without anyone adding it here). Each request is
 * valid but for one field, so without the shared text, date and id rules the odd value would reach the
 * database: U+0000 or a lone surrogate in any text, a year 0 or 10000 or an offset PostgreSQL cannot store
 * in any date, an id in another notation ("0x1", "1e0", "+1", "01"), a JSON key given twice. Every one must be
 * refused with a 400 and a Spanish message, and a refused write must change nothing.
 */
const RUNS_PER_ROUTE = 60;

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  default?: unknown;
};

let t: TestApp;
let admin: TestUser;
/** The default site's client's person: the portal's routes are a CLIENTE's only. */
let portal: TestUser;
let tech: TestUser;
let trapId: number;
let orderId: number;
let itemId: number;
let photoId: number;
let planId: number;
let productId: number;
let actionId: number;
let recommendationId: number;
let image: Buffer;
let photo: Buffer;
let slug: string;
let assessmentId: number;
let sightingToken: string;
let routes: RouteEntry[];
let casesRun = 0;
/**
 * The probes already sent, by route: where a field has few odd values (an id's eight other notations and
 * "1%00") fast-check draws the same one again and again, and the same request a second time proves nothing the
 * first did not (a refused one changed nothing). 6,904 of the 10,800 drawn were repeats (2026-11-30).
 */
const sent = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '100000', LOGIN_RATE_LIMIT_PER_EMAIL: '100000' });
  admin = await createAdmin(t);
  portal = await createPortalUser(t);
  tech = await createUser(t);
  const trap = await createTrap(t);
  trapId = trap.id;
  slug = trap.qrSlug;
  const order = await createOrder(t, admin, tech.id, [trap.id]);
  orderId = order.id;
  itemId = order.items[0]!.id;
  image = await planImage(40, 30);
  photo = await planImage(40, 30, 'jpeg');
  await scan(t, tech, orderId, slug);
  photoId = (await postPhoto(t, tech, orderId, itemId, { clientPhotoId: randomUUID(), file: photo })).json().id;
  planId = (await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja', image)).id;
  productId = (await createProduct(t, admin)).id;
  const action = await t.app.inject({
    method: 'POST',
    url: '/api/actions',
    headers: admin.headers,
    payload: { siteId: DEFAULT_SITE_ID, description: 'Hueco bajo la puerta del andén', dueDate: '2040-01-10' },
  });
  actionId = action.json().id;
  // A recommendation (responsible CLIENTE): what the portal's action routes answer.
  const recommendation = await t.app.inject({
    method: 'POST',
    url: '/api/actions',
    headers: admin.headers,
    payload: {
      siteId: DEFAULT_SITE_ID,
      origin: 'RECOMENDACION',
      description: 'Reparar la puerta del muelle',
      dueDate: '2040-01-10',
    },
  });
  recommendationId = recommendation.json().id;
  // A diagnosis in draft: the assessments' routes (its photos among them) point at it.
  const assessment = await t.app.inject({
    method: 'POST',
    url: `/api/sites/${DEFAULT_SITE_ID}/assessments`,
    headers: admin.headers,
    payload: { kind: 'DIAGNOSTICO' },
  });
  assessmentId = assessment.json().id;
  await t.app.inject({
    method: 'PUT',
    url: `/api/traps/${trapId}/placement`,
    headers: admin.headers,
    payload: { planId, x: 0.5, y: 0.5 },
  });
  // The default site's poster link: the public sighting routes' token.
  sightingToken = (
    await t.app.inject({ url: `/api/sites/${DEFAULT_SITE_ID}/sighting-link`, headers: admin.headers })
  ).json().token;
  routes = t.app.routeTable.filter(
    (route) => route.method !== 'HEAD' && route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'),
  );
});
afterAll(async () => {
  process.stdout.write(`odd-input: ${casesRun} distinct cases against ${routes.length} routes\n`);
  await t.close();
});

/**
 * The fingerprint the database still has: the one a refused write was just checked against (it changed nothing,
 * and nothing else writes between two requests), so the next write's "before" need not be taken again. Cleared
 * before each request, so a request that fails its checks (or a GET) leaves it unknown.
 */
let unchanged: string | undefined;

async function fingerprint(): Promise<string> {
  const result = (await t.database.db.execute(sql`
    select
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from technicians x) as technicians,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from traps x) as traps,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from sessions x) as sessions,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from session_items x) as items,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from pests x) as pests,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from plans x) as plans,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from files x) as files,
      (select md5(coalesce(string_agg(x::text, '|' order by x.trap_id), '')) from trap_placements x) as placements,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from placement_events x) as events,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from findings x) as findings,
      (select md5(coalesce(string_agg(x::text, '|' order by x.finding_id, x.pest_id), '')) from finding_captures x) as captures,
      (select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from photos x) as photos
  `)) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows[0]);
}

/** The fields a part of the request (body, querystring, params) accepts, from its zod schema. */
function fieldsOf(schema: unknown): Record<string, JsonSchema> {
  if (!(schema instanceof z.ZodType)) return {};
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const object = json.properties ? json : json.anyOf?.find((option) => option.properties);
  return object?.properties ?? {};
}

const isType = (schema: JsonSchema, type: string): boolean =>
  [schema.type].flat().includes(type) || (schema.anyOf ?? []).some((option) => isType(option, type));
const isDate = (schema: JsonSchema): boolean => schema.format === 'date-time' || (schema.anyOf ?? []).some(isDate);

let unique = 0;
/** A value the field accepts, so that only the probed field is odd. Ids point at the fixture's rows. */
function validValue(name: string, schema: JsonSchema, where: 'body' | 'querystring' | 'params', url: string): unknown {
  unique++;
  if (name === 'id') {
    const id = url.startsWith('/api/technicians')
      ? tech.id
      : url.startsWith('/api/traps')
        ? trapId
        : url.startsWith('/api/plans')
          ? planId
          : url.startsWith('/api/sites') || url.startsWith('/api/portal/sites')
            ? DEFAULT_SITE_ID
            : url.startsWith('/api/photos')
              ? photoId
              : url.startsWith('/api/products')
                ? productId
                : url.startsWith('/api/portal/actions')
                  ? recommendationId
                  : url.startsWith('/api/actions')
                    ? actionId
                    : url.startsWith('/api/assessments')
                      ? assessmentId
                      : orderId;
    return String(id);
  }
  if (name === 'itemId') return String(itemId);
  if (name === 'token') return sightingToken;
  const known: Record<string, unknown> = {
    technicianId: where === 'body' ? tech.id : String(tech.id),
    trapIds: [trapId],
    ids: where === 'body' ? [trapId] : String(trapId),
    qrSlug: slug,
    email: url.endsWith('/login') ? admin.email : `nuevo${unique}@planta.test`,
    password: url.endsWith('/login') ? TEST_PASSWORD : 'clave-larga-y-rara-7',
    currentPassword: TEST_PASSWORD,
    newPassword: 'clave-larga-y-rara-7',
    code: `COD-${unique}`,
    format: 'pdf',
    planId,
    x: 0.5,
    y: 0.5,
    clientFindingId: randomUUID(),
    clientScanId: randomUUID(),
    clientPhotoId: randomUUID(),
    captures: [],
  };
  if (name in known) return known[name];
  if (schema.enum) return schema.enum[0];
  if (isDate(schema)) return '2026-06-01T08:00:00Z';
  if (isType(schema, 'boolean')) return false;
  if (isType(schema, 'integer') || isType(schema, 'number')) return where === 'body' ? 1 : '1';
  if (isType(schema, 'array')) return [validValue(`${name}[]`, schema.items ?? {}, where, url)];
  return 'texto';
}

/**
 * Text with U+0000 or a lone surrogate somewhere in it, or a character that changes how it shows elsewhere: an
 * ANSI escape, a bell, a C1 control, a bidi override or isolate, a zero-width space or joiner, a BOM, a soft
 * hyphen, a line separator.
 */
const ODD_CHARACTERS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\ud83d',
  '\u001b[31m',
  '\u0007',
  '\u007f',
  '\u0085',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u200b',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u2028',
];
const unstorableText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...ODD_CHARACTERS), fc.string({ maxLength: 8 }))
  .map(([before, odd, after]) => `${before}${odd}${after}`);
/** Dates zod's ISO format accepts but PostgreSQL cannot store, or stores as another year. */
const unstorableDate = fc.oneof(
  fc.integer({ min: 1, max: 12 }).map((month) => `0000-${String(month).padStart(2, '0')}-01T00:00:00Z`),
  fc.constant('9999-12-31T23:59:59-15:00'),
  fc.constant('0001-01-01T00:00:00+01:00'),
  fc
    .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 16, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([sign, hours, minutes]) => `2026-06-01T08:00:00${sign}${hours}:${String(minutes).padStart(2, '0')}`),
);
/** A whole number written any way but plain digits. */
const otherNotation = (value: string) =>
  fc.constantFrom(
    `0x${Number(value).toString(16)}`,
    `${value}e0`,
    `+${value}`,
    ` ${value}`,
    `${value}.0`,
    `0b${Number(value).toString(2)}`,
    `${value} `,
    `0${value}`,
  );

interface Probe {
  part: 'body' | 'querystring' | 'params' | 'duplicate-key';
  field: string;
  value: unknown;
}

/** An upload's form (files/multipart.ts) is probed in its text fields; its file is checked by its bytes. */
const isUpload = (route: RouteEntry) => Boolean(route.schema?.consumes?.includes('multipart/form-data'));
const isFile = (schema: JsonSchema) => schema.format === 'binary';

function probesFor(route: RouteEntry): fc.Arbitrary<Probe> {
  const options: fc.Arbitrary<Probe>[] = [];
  for (const part of ['body', 'querystring', 'params'] as const) {
    for (const [field, schema] of Object.entries(fieldsOf(route.schema?.[part]))) {
      if (isFile(schema)) continue;
      const probe = (values: fc.Arbitrary<unknown>) => values.map((value) => ({ part, field, value }));
      if (isDate(schema)) options.push(probe(unstorableDate));
      else if (
        part !== 'body' &&
        (isType(schema, 'integer') ||
          isType(schema, 'number') ||
          /^\d+$/.test(String(validValue(field, schema, part, route.url))))
      ) {
        options.push(probe(otherNotation(String(validValue(field, schema, part, route.url)))));
        options.push(probe(fc.constant('1%00')));
      } else if (isType(schema, 'string') || isType(schema, 'array')) {
        const text = part === 'body' ? unstorableText : fc.constantFrom('a\u0000b', 'a\u202eb', 'a\u001b[31mb');
        options.push(probe(isType(schema, 'array') && !isType(schema, 'string') ? text.map((value) => [value]) : text));
      }
    }
    // A file part sent again is another photo, which an upload's maxFiles counts: only text fields are keys.
    const keys = Object.entries(fieldsOf(route.schema?.body))
      .filter(([, schema]) => !isFile(schema))
      .map(([field]) => field);
    if (part === 'body' && keys.length > 0) {
      options.push(fc.constantFrom(...keys).map((field) => ({ part: 'duplicate-key' as const, field, value: null })));
    }
  }
  return options.length ? fc.oneof(...options) : fc.constant({ part: 'params' as const, field: '', value: null });
}

function requestFor(route: RouteEntry, probe: Probe) {
  const valid = (part: 'body' | 'querystring' | 'params') =>
    Object.fromEntries(
      Object.entries(fieldsOf(route.schema?.[part])).map(([name, schema]) => [
        name,
        validValue(name, schema, part, route.url),
      ]),
    );
  const params = { ...valid('params'), ...(probe.part === 'params' ? { [probe.field]: probe.value } : {}) } as Record<
    string,
    string
  >;
  const query = { ...(probe.part === 'querystring' ? { [probe.field]: probe.value } : {}) } as Record<string, string>;
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(params[name]!).replace('%2500', '%00'),
  );
  const search = Object.entries(query)
    .map(([name, value]) => `${name}=${encodeURIComponent(value).replace('%2500', '%00').replace('%00', '%00')}`)
    .join('&');
  let payload: string | Buffer | undefined;
  let contentType = 'application/json';
  if (isUpload(route)) {
    const parts: FormPart[] = [];
    for (const [name, schema] of Object.entries(fieldsOf(route.schema?.body))) {
      // Each upload gets a file of a type it takes: a photo (a sighting's, a plant's response too) is JPEG or WebP, a plan may be PNG, a product's
      // documents are PDFs.
      const part: FormPart = isFile(schema)
        ? route.url.endsWith('/photos') || route.url.endsWith('/responses') || route.url.includes('sightings')
          ? { name, filename: 'foto.jpg', contentType: 'image/jpeg', data: photo }
          : route.url.startsWith('/api/products')
            ? { name, filename: 'ficha.pdf', contentType: 'application/pdf', data: tinyPdf }
            : { name, filename: 'plano.png', contentType: 'image/png', data: image }
        : { name, value: String(probe.part === 'body' && probe.field === name ? probe.value : valid('body')[name]) };
      parts.push(part);
      if (probe.part === 'duplicate-key' && probe.field === name) parts.push(part);
    }
    const form = multipartForm(parts);
    payload = form.payload();
    contentType = form.headers['content-type'];
  } else if (route.schema?.body) {
    const body = valid('body');
    if (probe.part === 'body') body[probe.field] = probe.value;
    payload = JSON.stringify(body);
    if (probe.part === 'duplicate-key')
      payload = payload.replace(/^\{/, `{${JSON.stringify(probe.field)}:${JSON.stringify(body[probe.field])},`);
  }
  return { url: search ? `${path}?${search}` : path, payload, contentType };
}

/** Fastify's and zod's English defaults must never reach a user. */
const ENGLISH = /\b(the|is|must|invalid|expected|required|should|received)\b/i;

describe('odd input on every field of every route', () => {
  it('refuses U+0000, lone surrogates, control and invisible characters, unstorable dates, other number notations and repeated keys with a Spanish 400', async () => {
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(probesFor(route), async (probe) => {
          if (!probe.field) return;
          const key = `${route.method} ${route.url} ${JSON.stringify(probe)}`;
          if (sent.has(key)) return;
          sent.add(key);
          casesRun++;
          const { url, payload, contentType } = requestFor(route, probe);
          const before = route.method === 'GET' ? '' : (unchanged ?? (await fingerprint()));
          unchanged = undefined;
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              ...(route.url.startsWith('/api/portal/') ? portal.headers : admin.headers),
              ...(payload === undefined ? {} : { 'content-type': contentType }),
            },
            ...(payload === undefined ? {} : { payload }),
          });
          const described = `${route.method} ${url} ${Buffer.isBuffer(payload) ? '(form)' : (payload ?? '')} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, described).toBe(400);
          const messages = [response.json().message].flat() as string[];
          expect(messages.length, described).toBeGreaterThan(0);
          for (const message of messages) expect(message, described).not.toMatch(ENGLISH);
          if (route.method !== 'GET') {
            const after = await fingerprint();
            expect(after, described).toBe(before);
            unchanged = after;
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }, 600_000);
});
