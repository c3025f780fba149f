import { PhotoMessages, PortalMessages, SessionMessages } from '@rondin/contracts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clients, sites } from '../../db/schema.js';
import { nothingFound, postPhoto, putFinding } from '../../../test/findings.js';
import { close, createOrder, scan } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
import { planImage } from '../../../test/plans.js';
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
 * The portal's visits (each with its certificate and its PDF) and findings (with their photos): what the office
 * has of the account's sites, and nothing of another client's.
 */
let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let person: TestUser;
let closed: { id: number; itemId: number; photoId: number };
let open: { id: number };
let foreign: { site: number; order: number; photo: number };

const ZONE = 'America/Santiago';

/** An order of one device scanned, its finding recorded (bait half eaten: activity MEDIA), a photo, and closed. */
async function visitWithPhoto(siteId: number) {
  const trap = await createTrap(t, { siteId, area: 'Muelle de carga' });
  const order = await createOrder(t, admin, tech.id, [trap.id]);
  expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  const itemId = order.items[0]!.id;
  const finding = await putFinding(t, tech, order.id, itemId, nothingFound({ baitConsumption: 50 }));
  expect(finding.statusCode, finding.body).toBe(200);
  const photo = await postPhoto(t, tech, order.id, itemId, {
    clientPhotoId: randomUUID(),
    file: await planImage(40, 30, 'jpeg'),
  });
  expect(photo.statusCode, photo.body).toBe(201);
  expect((await close(t, tech, order.id)).statusCode).toBe(200);
  return { id: order.id, itemId, photoId: photo.json().id as number };
}

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  const db = t.database.db;
  await db.update(sites).set({ timeZone: ZONE }).where(eq(sites.id, DEFAULT_SITE_ID));
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Rosa Díaz' });
  closed = await visitWithPhoto(DEFAULT_SITE_ID);
  // A quiet device in the same visit's site, in an order still open, scheduled ahead.
  const quiet = await createTrap(t);
  open = await createOrder(t, admin, tech.id, [quiet.id], '2099-01-10T12:00:00.000Z');
  const [other] = await db.insert(clients).values({ name: 'Otra empresa' }).returning();
  const [site] = await db.insert(sites).values({ name: 'Planta ajena', clientId: other!.id }).returning();
  const theirs = await visitWithPhoto(site!.id);
  foreign = { site: site!.id, order: theirs.id, photo: theirs.photoId };
  person = await createPortalUser(t);
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });

describe("the portal's visits", () => {
  it("lists the site's visits newest first, each with its certificate, technician and day in the site's zone", async () => {
    const response = await get(person, `/api/portal/sites/${DEFAULT_SITE_ID}/visits`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(page.items.map((visit: { id: number }) => visit.id)).toEqual([open.id, closed.id]);
    const office = (await get(admin, `/api/sessions/${closed.id}`)).json();
    const certificate = (await get(admin, `/api/sessions/${closed.id}/certificate`)).json();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(office.closedAt));
    expect(page.items[1]).toEqual({
      id: closed.id,
      status: 'COMPLETED',
      scheduledAt: null,
      startedAt: office.startedAt,
      closedAt: office.closedAt,
      day,
      timeZone: ZONE,
      technician: { id: tech.id, fullName: 'Rosa Díaz' },
      devices: { due: 1, inspected: 1 },
      certificate: { folio: certificate.folio, revision: 1, issuedAt: certificate.issuedAt },
      reportAvailable: true,
    });
    expect(page.items[0]).toMatchObject({
      status: 'PENDING',
      day: '2099-01-10',
      certificate: null,
      reportAvailable: false,
      devices: { due: 1, inspected: 0 },
    });
    // The technician's email is the office's business.
    expect(response.body).not.toContain(tech.email);

    const second = (await get(person, `/api/portal/sites/${DEFAULT_SITE_ID}/visits?page=2&pageSize=1`)).json();
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.items.map((visit: { id: number }) => visit.id)).toEqual([closed.id]);
  });

  it("downloads the visit's certificate: the office's PDF, the same bytes, naming its folio", async () => {
    const [mine, theirs] = await Promise.all([
      get(person, `/api/portal/visits/${closed.id}/report.pdf`),
      get(admin, `/api/sessions/${closed.id}/report`),
    ]);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(theirs.headers['content-disposition']);
    expect(mine.rawPayload.equals(theirs.rawPayload)).toBe(true);
    const { folio } = (await get(admin, `/api/sessions/${closed.id}/certificate`)).json();
    const text = (await readPdf(mine.rawPayload)).map((page) => page.text).join(' ');
    expect(text).toContain(folio);
    expect(text).toContain('Rosa Díaz');
  });

  it('refuses an open visit (409) and another client’s or a missing one (404), in Spanish', async () => {
    const pending = await get(person, `/api/portal/visits/${open.id}/report.pdf`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(SessionMessages.reportNotReady);
    for (const id of [foreign.order, foreign.order + 1000]) {
      const response = await get(person, `/api/portal/visits/${id}/report.pdf`);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json().message).toBe(SessionMessages.notFound);
    }
  });
});

describe("the portal's findings", () => {
  it("lists the site's findings as the office's list of inspections does, with their photos", async () => {
    const [mine, theirs] = await Promise.all([
      get(person, `/api/portal/sites/${DEFAULT_SITE_ID}/findings`),
      get(admin, `/api/inspections?siteId=${DEFAULT_SITE_ID}`),
    ]);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual(theirs.json());
    expect(mine.json().items).toEqual([
      expect.objectContaining({
        sessionId: closed.id,
        trap: expect.objectContaining({ area: 'Muelle de carga' }),
        finding: expect.objectContaining({ activity: 'MEDIA', baitConsumption: 50 }),
        photoIds: [closed.photoId],
      }),
    ]);

    const photo = await get(person, `/api/portal/photos/${closed.photoId}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals((await get(admin, `/api/photos/${closed.photoId}`)).rawPayload)).toBe(true);
    const thumb = await get(person, `/api/portal/photos/${closed.photoId}?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('filters by period and activity', async () => {
    const base = `/api/portal/sites/${DEFAULT_SITE_ID}/findings`;
    expect((await get(person, `${base}?activityMin=ALTA`)).json()).toMatchObject({ total: 0, items: [] });
    expect((await get(person, `${base}?activityMin=MEDIA`)).json().total).toBe(1);
    expect((await get(person, `${base}?from=2020-01-01T00:00:00Z&to=2021-01-01T00:00:00Z`)).json().items).toEqual([]);
    const reversed = await get(person, `${base}?from=2026-03-01T00:00:00Z&to=2026-01-01T00:00:00Z`);
    expect(reversed.statusCode).toBe(400);
  });

  it("answers 404 for another client's site and photo, and for a site not chosen for the account", async () => {
    for (const url of [`/api/portal/sites/${foreign.site}/visits`, `/api/portal/sites/${foreign.site}/findings`]) {
      const response = await get(person, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(PortalMessages.siteNotFound);
    }
    for (const id of [foreign.photo, foreign.photo + 1000]) {
      const response = await get(person, `/api/portal/photos/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(PhotoMessages.notFound);
    }
    const [second] = await t.database.db.insert(sites).values({ name: 'Planta dos', clientId: 1 }).returning();
    const narrowed = await createPortalUser(t, { siteIds: [second!.id] });
    for (const url of [
      `/api/portal/sites/${DEFAULT_SITE_ID}/visits`,
      `/api/portal/sites/${DEFAULT_SITE_ID}/findings`,
      `/api/portal/visits/${closed.id}/report.pdf`,
      `/api/portal/photos/${closed.photoId}`,
    ]) {
      expect((await get(narrowed, url)).statusCode, url).toBe(404);
    }
    expect((await get(narrowed, `/api/portal/sites/${second!.id}/visits`)).json()).toMatchObject({ total: 0 });
  });

  it("keeps the office's routes of the same things closed to the portal (403)", async () => {
    for (const url of [
      `/api/sessions/${closed.id}/report`,
      `/api/sessions/${closed.id}/certificate`,
      `/api/photos/${closed.photoId}`,
      `/api/inspections?siteId=${DEFAULT_SITE_ID}`,
      `/api/sessions?siteId=${DEFAULT_SITE_ID}`,
    ]) {
      expect((await get(person, url)).statusCode, url).toBe(403);
    }
  });

  it('refuses filters that are not the portal’s with 400, saying why in Spanish', async () => {
    const site = `/api/portal/sites/${DEFAULT_SITE_ID}`;
    for (const [url, message] of [
      [`${site}/findings?siteId=${foreign.site}`, 'Llave desconocida: "siteId"'],
      [`${site}/findings?technicianId=${tech.id}`, 'Llave desconocida: "technicianId"'],
      [`${site}/visits?siteId=${foreign.site}`, 'Llave desconocida: "siteId"'],
      [`${site}/visits?page=0`, 'page debe ser un número entero positivo.'],
      [`${site}/findings?activityMin=MUCHA`, 'activityMin debe ser uno de: NINGUNA, BAJA, MEDIA, ALTA.'],
      ['/api/portal/visits/abc/report.pdf', 'El identificador debe ser un número entero positivo.'],
      ['/api/portal/photos/1?size=grande', 'size solo puede ser thumb (una miniatura); sin size, la foto entera.'],
    ] as const) {
      const response = await get(person, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toEqual([message]);
    }
  });
});
