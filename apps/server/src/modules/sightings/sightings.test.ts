import {
  type PublicSightingPage,
  type PublicSightingReceipt,
  type SessionServerEvents,
  type Session,
  type Sighting,
  type SightingLink,
  type SightingList,
  SightingMessages,
} from '@rondin/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema.js';
import { multipartForm, type FormPart } from '../../../test/multipart.js';
import { close, createOrder, scan } from '../../../test/orders.js';
import { readPdf, zbarQrCodes } from '../../../test/pdf.js';
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

const PER_HOUR = 3;
let t: TestApp;
let admin: TestUser;
let jpeg: Buffer;
let socketUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ SIGHTING_RATE_LIMIT_PER_HOUR: String(PER_HOUR), PUBLIC_URL: 'https://rondin.example' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sessions`;
  jpeg = await planImage(640, 480, 'jpeg');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});
afterEach(() => sockets.splice(0).forEach((socket) => socket.disconnect()));

async function get<T>(url: string, user: TestUser = admin): Promise<T> {
  const response = await t.app.inject({ url, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function linkOf(siteId: number): Promise<SightingLink> {
  return get<SightingLink>(`/api/sites/${siteId}/sighting-link`);
}

const seenAt = () => new Date(Date.now() - 3_600_000).toISOString();

function form(fields: Record<string, string>, photos: Buffer[] = [], contentType = 'image/jpeg') {
  const parts: FormPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  photos.forEach((data, index) => parts.push({ name: 'file', filename: `foto-${index}.jpg`, contentType, data }));
  return multipartForm(parts);
}

const publicFields = (overrides: Record<string, string> = {}) => ({
  area: 'Muelle de carga',
  description: 'Un ratón corriendo junto a los palés.',
  seenAt: seenAt(),
  pestGroup: 'ROEDORES',
  reporterName: 'Marta, turno de noche',
  ...overrides,
});

function postPublic(token: string, fields: Record<string, string>, photos: Buffer[] = [], address = '10.0.0.1') {
  const body = form(fields, photos);
  return t.app.inject({
    method: 'POST',
    url: `/api/public/sightings/${token}`,
    headers: body.headers,
    payload: body.payload(),
    remoteAddress: address,
  });
}

async function count(table: 'sightings' | 'corrective_actions' | 'sighting_photos'): Promise<number> {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

async function otherSite(name = 'Almacén Sur'): Promise<number> {
  const [row] = await t.database.db.insert(sites).values({ name }).returning();
  return row!.id;
}

function connect(token: string): Socket<SessionServerEvents> {
  const socket = io(socketUrl, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

describe('a sighting from a poster', () => {
  it('opens its corrective action at once, tells the office, shows on open orders and is attended when it closes', async () => {
    await createTrap(t, { area: 'Muelle de carga' });
    const trap = await createTrap(t, { area: 'Envasado' });
    const tech = await createUser(t);
    const [office, techSocket] = [connect(admin.token), connect(tech.token)];
    await Promise.all([connected(office), connected(techSocket)]);
    const heard: { sightingId: number; siteId: number; actionId: number }[] = [];
    const heardByTech: number[] = [];
    office.on('sighting.created', (event) => heard.push(event));
    techSocket.on('sighting.created', ({ sightingId }) => heardByTech.push(sightingId));
    const order = await createOrder(t, admin, tech.id, [trap.id]);

    const link = await linkOf(DEFAULT_SITE_ID);
    expect(link.url).toBe(`https://rondin.example/avistamiento/${link.token}`);
    // The page shows the site's name and its areas: nothing else of the site.
    const page = await t.app.inject({ url: `/api/public/sightings/${link.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json<PublicSightingPage>()).toEqual({
      siteName: 'Sitio principal',
      areas: ['Envasado', 'Muelle de carga'],
    });

    // Typed as a person would: another case and spacing is the site's area.
    const response = await postPublic(link.token, publicFields({ area: 'muelle  de CARGA' }), [jpeg, jpeg]);
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json<PublicSightingReceipt>();
    expect(receipt.message).toBe(SightingMessages.received);

    const sighting = await get<Sighting>(`/api/sightings/${receipt.id}`);
    expect(sighting).toMatchObject({
      site: { id: DEFAULT_SITE_ID },
      area: 'Muelle de carga',
      pestGroup: 'ROEDORES',
      reporter: { accountId: null, name: 'Marta, turno de noche' },
      source: 'PUBLICO',
      status: 'ABIERTO',
      action: { status: 'ABIERTA', closedAt: null },
    });
    expect(sighting.photos).toHaveLength(2);
    const action = await get<{ origin: string; responsible: string; severity: string; area: string }>(
      `/api/actions/${sighting.action.id}`,
    );
    expect(action).toMatchObject({ origin: 'AVISTAMIENTO', responsible: 'EMPRESA', area: 'Muelle de carga' });
    const photo = await t.app.inject({
      url: `/api/sightings/${sighting.id}/photos/${sighting.photos[0]!.id}?size=thumb`,
      headers: admin.headers,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');

    await expect
      .poll(() => heard)
      .toEqual([{ sightingId: sighting.id, siteId: DEFAULT_SITE_ID, actionId: sighting.action.id }]);
    // The technician's open order of the site shows it; the technician's sockets never heard of it.
    const detail = await get<Session>(`/api/sessions/${order.id}`, tech);
    expect(detail.openSightings).toEqual([
      {
        id: sighting.id,
        area: 'Muelle de carga',
        description: 'Un ratón corriendo junto a los palés.',
        seenAt: sighting.seenAt,
        pestGroup: 'ROEDORES',
        reporterName: 'Marta, turno de noche',
        actionId: sighting.action.id,
      },
    ]);
    expect(heardByTech).toEqual([]);
    expect((await get<SightingList>('/api/sightings?status=ABIERTO')).openCount).toBe(1);

    // Its action closes: the sighting is attended, and leaves the order.
    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/actions/${sighting.action.id}`,
      headers: admin.headers,
      payload: {
        status: 'CERRADA',
        verificationResult: 'Cebos repuestos y puerta sellada; sin rastros en la revisión.',
        verifiedBy: 'Jefa de calidad',
        verifiedOn: new Date().toISOString().slice(0, 10),
      },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const attended = await get<Sighting>(`/api/sightings/${sighting.id}`);
    expect(attended).toMatchObject({ status: 'ATENDIDO', action: { status: 'CERRADA', closedBy: admin.fullName } });
    expect((await get<Session>(`/api/sessions/${order.id}`, tech)).openSightings).toEqual([]);
    expect(await get<SightingList>('/api/sightings?status=ABIERTO')).toEqual({ items: [], openCount: 0 });
    expect((await get<SightingList>('/api/sightings?status=ATENDIDO')).items.map((each) => each.id)).toEqual([
      sighting.id,
    ]);
  });

  it('is not shown on a completed order', async () => {
    const trap = await createTrap(t, { area: 'Muelle de carga' });
    const tech = await createUser(t);
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
    const closed = await close(t, tech, order.id);
    expect(closed.statusCode, closed.body).toBe(200);
    const link = await linkOf(DEFAULT_SITE_ID);
    expect((await postPublic(link.token, publicFields())).statusCode).toBe(201);
    expect((await get<Session>(`/api/sessions/${order.id}`, tech)).openSightings).toBeUndefined();
  });

  it("creates nothing in another site: a token opens its own site's areas only", async () => {
    await createTrap(t, { area: 'Muelle de carga' });
    const south = await otherSite();
    await createTrap(t, { siteId: south, area: 'Cámara de frío' });
    const [north, southLink] = [await linkOf(DEFAULT_SITE_ID), await linkOf(south)];
    expect(north.token).not.toBe(southLink.token);
    // The other site's area, on this site's poster: refused, nothing stored.
    const wrong = await postPublic(north.token, publicFields({ area: 'Cámara de frío' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SightingMessages.areaUnknown);
    expect(await count('sightings')).toBe(0);
    expect(await count('corrective_actions')).toBe(0);
    expect((await postPublic(north.token, publicFields())).statusCode).toBe(201);
    expect((await get<SightingList>(`/api/sites/${south}/sightings`)).items).toEqual([]);
    expect((await get<SightingList>(`/api/sites/${DEFAULT_SITE_ID}/sightings`)).items).toHaveLength(1);
  });

  it('stops working once the link is rotated: the old token is a 404, the new one reports', async () => {
    await createTrap(t, { area: 'Muelle de carga' });
    const old = await linkOf(DEFAULT_SITE_ID);
    expect((await linkOf(DEFAULT_SITE_ID)).token).toBe(old.token);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/sites/${DEFAULT_SITE_ID}/sighting-link`,
      headers: admin.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<SightingLink>();
    expect(fresh.token).not.toBe(old.token);
    const page = await t.app.inject({ url: `/api/public/sightings/${old.token}` });
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe(SightingMessages.linkNotFound);
    expect((await postPublic(old.token, publicFields())).statusCode).toBe(404);
    expect(await count('sightings')).toBe(0);
    expect((await postPublic(fresh.token, publicFields())).statusCode).toBe(201);
  });

  it('takes a limited number an hour from one address, in Spanish, and others still report', async () => {
    await createTrap(t, { area: 'Muelle de carga' });
    const { token } = await linkOf(DEFAULT_SITE_ID);
    for (let index = 0; index < PER_HOUR; index++) {
      expect((await postPublic(token, publicFields(), [], '10.0.0.7')).statusCode).toBe(201);
    }
    const refused = await postPublic(token, publicFields(), [jpeg], '10.0.0.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(SightingMessages.tooMany);
    // A burst at once from one address stores no more than the limit.
    const burst = await Promise.all([1, 2, 3, 4].map(() => postPublic(token, publicFields(), [], '10.0.0.8')));
    expect(burst.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 429]);
    expect((await postPublic(token, publicFields(), [], '10.0.0.9')).statusCode).toBe(201);
    expect(await count('sightings')).toBe(2 * PER_HOUR + 1);
    // The database keeps a keyed hash of each address, never the address.
    const stored = (await t.database.db.execute(
      sql`select distinct address_hash as hash from sightings`,
    )) as unknown as {
      rows: { hash: string }[];
    };
    expect(stored.rows).toHaveLength(3);
    expect(stored.rows.every((row) => !row.hash.includes('10.0.0'))).toBe(true);
  });

  it('refuses, in Spanish and storing nothing, what the form must not carry', async () => {
    await createTrap(t, { area: 'Muelle de carga' });
    const { token } = await linkOf(DEFAULT_SITE_ID);
    const cases: [Record<string, string>, Buffer[], number, string][] = [
      [publicFields({ reporterName: '' }), [], 400, SightingMessages.reporterRequired],
      [publicFields({ description: '  ' }), [], 400, SightingMessages.descriptionRequired],
      [
        publicFields({ seenAt: new Date(Date.now() + 86_400_000).toISOString() }),
        [],
        400,
        SightingMessages.seenAtFuture,
      ],
      [
        publicFields({ seenAt: 'ayer' }),
        [],
        400,
        'La fecha debe tener el formato ISO 8601 con zona horaria, por ejemplo 2026-05-04T08:30:00Z.',
      ],
      [publicFields({ pestGroup: 'DRAGONES' }), [], 400, SightingMessages.pestGroup],
      [publicFields({ area: 'Tejado' }), [], 400, SightingMessages.areaUnknown],
      [publicFields(), [jpeg, jpeg, jpeg, jpeg], 400, SightingMessages.photosTooMany],
      [publicFields(), [Buffer.from('%PDF-1.4 no es una foto')], 415, 'La foto debe ser una imagen JPEG o WebP.'],
    ];
    for (const [fields, photos, status, message] of cases) {
      const response = await postPublic(token, fields, photos);
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    // The public page names no device and no catalogue pest: such fields are not its form's.
    const device = await postPublic(token, { ...publicFields(), trapId: '1' });
    expect(device.statusCode).toBe(201);
    expect((await get<Sighting>(`/api/sightings/${device.json<PublicSightingReceipt>().id}`)).device).toBeNull();
    expect(await count('sightings')).toBe(1);
    expect(await count('corrective_actions')).toBe(1);
    expect(await count('sighting_photos')).toBe(0);
  });
});

describe('the office', () => {
  it('records a sighting phoned in, with a device of the site only', async () => {
    const trap = await createTrap(t, { area: 'Envasado' });
    const south = await otherSite();
    const foreign = await createTrap(t, { siteId: south, area: 'Envasado' });
    const post = (fields: Record<string, string>) => {
      const body = form(fields);
      return t.app.inject({
        method: 'POST',
        url: `/api/sites/${DEFAULT_SITE_ID}/sightings`,
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload(),
      });
    };
    const base = { area: 'Envasado', description: 'Polillas en la línea 2.', seenAt: seenAt() };
    const refused = await post({ ...base, trapId: String(foreign.id) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SightingMessages.trapOtherSite);
    const created = await post({ ...base, trapId: String(trap.id), pestGroup: 'VOLADORES' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Sighting>()).toMatchObject({
      device: { id: trap.id, code: trap.code },
      source: 'OFICINA',
      reporter: { accountId: admin.id, name: admin.fullName },
    });
  });

  it('prints an A4 poster per area whose QR opens the site’s page', async () => {
    await createTrap(t, { area: 'Muelle de carga' });
    await createTrap(t, { area: 'Envasado' });
    const link = await linkOf(DEFAULT_SITE_ID);
    const one = await t.app.inject({
      url: `/api/sites/${DEFAULT_SITE_ID}/sighting-poster.pdf?area=${encodeURIComponent('Muelle de carga')}`,
      headers: admin.headers,
    });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    const [page] = await readPdf(one.rawPayload);
    expect(page!.text).toContain('Muelle de carga');
    expect(page!.text).toContain('¿Viste una plaga?');
    // Each poster's QR opens the page with its own area chosen; its printed address is the plain page.
    expect(zbarQrCodes(one.rawPayload)).toEqual([`${link.url}?area=Muelle+de+carga`]);
    expect(page!.text).toContain(link.url);
    const all = await t.app.inject({
      url: `/api/sites/${DEFAULT_SITE_ID}/sighting-poster.pdf`,
      headers: admin.headers,
    });
    expect(zbarQrCodes(all.rawPayload).sort()).toEqual([
      `${link.url}?area=Envasado`,
      `${link.url}?area=Muelle+de+carga`,
    ]);
    const unknown = await t.app.inject({
      url: `/api/sites/${DEFAULT_SITE_ID}/sighting-poster.pdf?area=Tejado`,
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the portal', () => {
  function postPortal(user: TestUser, siteId: number, fields: Record<string, string>, photos: Buffer[] = []) {
    const body = form(fields, photos);
    return t.app.inject({
      method: 'POST',
      url: `/api/portal/sites/${siteId}/sightings`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload(),
    });
  }
  const fields = () => ({ area: 'Muelle de carga', description: 'Excrementos junto a los palés.', seenAt: seenAt() });

  it("reports and lists the account's own sites only: another site, even of its client, is a 404", async () => {
    await createTrap(t, { area: 'Muelle de carga' });
    // A site of the same client the account was not given, and another client's.
    const [sameClient] = await t.database.db.insert(sites).values({ name: 'Almacén Norte', clientId: 1 }).returning();
    const foreign = await otherSite();
    await createTrap(t, { siteId: sameClient!.id, area: 'Muelle de carga' });
    await createTrap(t, { siteId: foreign, area: 'Muelle de carga' });
    const quality = await createPortalUser(t, { fullName: 'Laura Quintana', siteIds: [DEFAULT_SITE_ID] });

    const created = await postPortal(quality, DEFAULT_SITE_ID, fields(), [jpeg]);
    expect(created.statusCode, created.body).toBe(201);
    const sighting = created.json<Sighting>();
    expect(sighting).toMatchObject({
      source: 'PORTAL',
      reporter: { accountId: quality.id, name: 'Laura Quintana' },
      status: 'ABIERTO',
      action: { status: 'ABIERTA' },
    });
    const list = await get<SightingList>(`/api/portal/sites/${DEFAULT_SITE_ID}/sightings`, quality);
    expect(list.items.map((each) => each.id)).toEqual([sighting.id]);
    const photo = await t.app.inject({
      url: `/api/portal/sightings/${sighting.id}/photos/${sighting.photos[0]!.id}?size=thumb`,
      headers: quality.headers,
    });
    expect(photo.statusCode).toBe(200);

    for (const siteId of [sameClient!.id, foreign]) {
      const read = await t.app.inject({ url: `/api/portal/sites/${siteId}/sightings`, headers: quality.headers });
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe(SightingMessages.siteNotFound);
      expect((await postPortal(quality, siteId, fields())).statusCode).toBe(404);
    }
    expect(await count('sightings')).toBe(1);
    // A sighting of a site it does not see: its photos are a 404 too.
    const other = await createPortalUser(t, { siteIds: [sameClient!.id] });
    const hidden = await t.app.inject({
      url: `/api/portal/sightings/${sighting.id}/photos/${sighting.photos[0]!.id}`,
      headers: other.headers,
    });
    expect(hidden.statusCode).toBe(404);
    // The office's routes are not the portal's.
    const office = await t.app.inject({ url: '/api/sightings', headers: quality.headers });
    expect(office.statusCode).toBe(403);
  });

  it("gives the form the areas of the account's own sites only: their active devices', by name", async () => {
    await createTrap(t, { area: 'Muelle de carga' });
    await createTrap(t, { area: 'Cámara de frío' });
    await createTrap(t, { area: 'Muelle de carga' });
    await createTrap(t, { area: 'Oficinas', isActive: false });
    const [sameClient] = await t.database.db.insert(sites).values({ name: 'Almacén Norte', clientId: 1 }).returning();
    await createTrap(t, { siteId: sameClient!.id, area: 'Andén norte' });
    const empty = await t.database.db.insert(sites).values({ name: 'Almacén Vacío', clientId: 1 }).returning();
    const quality = await createPortalUser(t, { siteIds: [DEFAULT_SITE_ID, empty[0]!.id] });

    expect(await get(`/api/portal/sites/${DEFAULT_SITE_ID}/areas`, quality)).toEqual({
      areas: ['Cámara de frío', 'Muelle de carga'],
    });
    expect(await get(`/api/portal/sites/${empty[0]!.id}/areas`, quality)).toEqual({ areas: [] });
    for (const siteId of [sameClient!.id, await otherSite(), 999_999]) {
      const read = await t.app.inject({ url: `/api/portal/sites/${siteId}/areas`, headers: quality.headers });
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe(SightingMessages.siteNotFound);
    }
  });
});

describe('the audit pack', () => {
  it('lists the period’s sightings with their actions: state, closed when and by whom, in the PDF and the annex', async () => {
    await createTrap(t, { area: 'Muelle de carga' });
    const { token } = await linkOf(DEFAULT_SITE_ID);
    const first = (await postPublic(token, publicFields())).json<PublicSightingReceipt>();
    const second = (
      await postPublic(token, publicFields({ description: 'Cucarachas bajo la cámara.', pestGroup: 'RASTREROS' }))
    ).json<PublicSightingReceipt>();
    const closedAction = (await get<Sighting>(`/api/sightings/${first.id}`)).action.id;
    const openAction = (await get<Sighting>(`/api/sightings/${second.id}`)).action.id;
    const closing = await t.app.inject({
      method: 'PATCH',
      url: `/api/actions/${closedAction}`,
      headers: admin.headers,
      payload: {
        status: 'CERRADA',
        verificationResult: 'Sin rastros tras sellar la puerta.',
        verifiedBy: 'Jefa de calidad',
        verifiedOn: new Date().toISOString().slice(0, 10),
      },
    });
    expect(closing.statusCode, closing.body).toBe(200);

    const today = new Date().toISOString().slice(0, 10);
    const period = `from=${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)}&to=${today}`;
    const pdf = await t.app.inject({
      url: `/api/sites/${DEFAULT_SITE_ID}/audit-pack?${period}`,
      headers: admin.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const pages = (await readPdf(pdf.rawPayload)).map((page) => page.text.replace(/\s+/g, ' '));
    const section = pages.find((text) => /\d+\. Avistamientos/.test(text) && text.includes('Qué se vio'));
    expect(section).toBeDefined();
    expect(section).toContain('Un ratón corriendo junto a los palés.');
    expect(section).toContain(`N.º ${closedAction} · Cerrada`);
    expect(section).toContain(`por ${admin.fullName}`);
    expect(section).toContain(`N.º ${openAction} · Abierta, vence el`);
    expect(section).toContain('Sin cerrar');
    expect(section).toContain('Marta, turno de noche · Cartel con QR');
    expect(section).toContain('atendidos (acción cerrada): 1; abiertos: 1.');

    const excel = await t.app.inject({
      url: `/api/sites/${DEFAULT_SITE_ID}/audit-pack?${period}&format=excel`,
      headers: admin.headers,
    });
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Avistamientos')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Visto',
      'Área',
      'Dispositivo',
      'Plaga',
      'Qué se vio',
      'Comunicado por',
      'Desde',
      'Estado',
      'Acción correctiva',
      'Estado de la acción',
      'Fecha límite',
      'Cerrada el',
      'Cerrada por',
    ]);
    expect(rows.slice(1).map((row) => [row[3], row[7], row[8], row[9], row[12] ?? null])).toEqual([
      ['Roedores', 'Atendido', closedAction, 'Cerrada', admin.fullName],
      ['Insectos rastreros', 'Abierto', openAction, 'Abierta', null],
    ]);
  });
});
