import type { SearchKind, SearchResponse } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { close, createOrder } from '../../../test/orders.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { certificates, sites } from '../../db/schema.js';

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

const get = (query: string, user: TestUser = admin) =>
  t.app.inject({ method: 'GET', url: `/api/search?${query}`, headers: user.headers });

async function search(q: string, extra = ''): Promise<SearchResponse> {
  const response = await get(`q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The labels found of one kind, in the order given. */
async function found(q: string, kind: SearchKind): Promise<string[]> {
  return ((await search(q)).groups.find((group) => group.kind === kind)?.items ?? []).map((item) => item.label);
}

async function createSite(values: { name: string; client?: string; address?: string; isActive?: boolean }) {
  const [row] = await t.database.db.insert(sites).values(values).returning();
  return row!;
}

describe('GET /api/search: devices', () => {
  it('finds a device by its code, those whose code starts with the text first, with the URL that opens it', async () => {
    const inside = await createTrap(t, { code: 'XGDL-040', area: 'Patio' });
    const exact = await createTrap(t, { code: 'GDL-040', area: 'Bodega' });
    await createTrap(t, { code: 'GDL-0400', area: 'Bodega' });
    await createTrap(t, { code: 'MTY-001' });
    const { groups } = await search('gdl-040');
    expect(groups.map((group) => [group.kind, group.label])).toEqual([['DEVICE', 'Dispositivos']]);
    expect(groups[0]!.items.map((item) => item.label)).toEqual(['GDL-040', 'GDL-0400', 'XGDL-040']);
    expect(groups[0]!.items[0]).toEqual({
      kind: 'DEVICE',
      id: exact.id,
      label: 'GDL-040',
      detail: 'Bodega · Sitio principal',
      url: `/admin/traps/${exact.id}`,
    });
    expect(groups[0]!.items[2]!.url).toBe(`/admin/traps/${inside.id}`);
  });

  it('finds devices by their area and by their site, and each word may be in a different one', async () => {
    const north = await createSite({ name: 'Planta Norte' });
    await createTrap(t, { code: 'N-001', area: 'Bodega', siteId: north.id });
    await createTrap(t, { code: 'N-002', area: 'Cocina', siteId: north.id });
    await createTrap(t, { code: 'P-001', area: 'Bodega' });
    expect(await found('bodega', 'DEVICE')).toEqual(['N-001', 'P-001']);
    expect(await found('norte', 'DEVICE')).toEqual(['N-001', 'N-002']);
    expect(await found('norte bodega', 'DEVICE')).toEqual(['N-001']);
    expect(await found('cocina 001', 'DEVICE')).toEqual([]);
  });

  it('ignores accents and case on both sides', async () => {
    const site = await createSite({ name: 'Planta Peñón' });
    await createTrap(t, { code: 'ÁREA-1', area: 'Almacén Frío', siteId: site.id });
    expect(await found('area-1', 'DEVICE')).toEqual(['ÁREA-1']);
    expect(await found('ALMACEN frio', 'DEVICE')).toEqual(['ÁREA-1']);
    expect(await found('almacén', 'DEVICE')).toEqual(['ÁREA-1']);
    expect(await found('PENON', 'DEVICE')).toEqual(['ÁREA-1']);
    expect(await found('ÁrEa', 'DEVICE')).toEqual(['ÁREA-1']);
  });

  it('names a device taken out of service', async () => {
    await createTrap(t, { code: 'OLD-1', area: null, isActive: false });
    const { groups } = await search('old-1');
    expect(groups[0]!.items[0]!.detail).toBe('Sitio principal · Dado de baja');
  });

  it('takes % and _ as the characters they are', async () => {
    await createTrap(t, { code: 'A_1' });
    await createTrap(t, { code: 'AB1' });
    expect(await found('a_1', 'DEVICE')).toEqual(['A_1']);
    expect(await found('%%', 'DEVICE')).toEqual([]);
  });
});

describe('GET /api/search: orders and certificates', () => {
  it('finds an order by its number, written as the office writes it', async () => {
    const tech = await createUser(t, { fullName: 'Ana Ruiz' });
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    // A number alone needs two digits (the box's least); "#7" finds order 7.
    const written = [`#${order.id}`, `Orden #${order.id}`, `orden ${order.id}`, `${order.id}`];
    for (const q of written.filter((text) => text.length >= 2)) {
      const { groups } = await search(q);
      expect(
        groups.find((group) => group.kind === 'ORDER'),
        q,
      ).toEqual({
        kind: 'ORDER',
        label: 'Órdenes',
        more: false,
        items: [
          {
            kind: 'ORDER',
            id: order.id,
            label: `Orden #${order.id}`,
            detail: 'Sitio principal · Ana Ruiz · Pendiente',
            url: `/admin/sessions/${order.id}`,
          },
        ],
      });
    }
    expect(await found(`#${order.id + 1}`, 'ORDER')).toEqual([]);
  });

  it('finds a certificate by its folio, whole, in part or by its number alone, opening its order', async () => {
    const tech = await createUser(t);
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    expect((await close(t, admin, order.id, { force: true })).statusCode).toBe(200);
    const [certificate] = await t.database.db.select().from(certificates).where(eq(certificates.sessionId, order.id));
    const folio = `${certificate!.year}-${String(certificate!.number).padStart(6, '0')}`;
    for (const q of [folio, folio.slice(0, 8), `${certificate!.year}-`, String(certificate!.number).padStart(6, '0')]) {
      const { groups } = await search(q);
      expect(groups.find((group) => group.kind === 'CERTIFICATE')?.items, q).toEqual([
        {
          kind: 'CERTIFICATE',
          id: certificate!.id,
          label: `Certificado ${folio}`,
          detail: `Orden #${order.id} · Sitio principal`,
          url: `/admin/sessions/${order.id}`,
        },
      ]);
    }
    expect(await found(`${certificate!.year - 1}-`, 'CERTIFICATE')).toEqual([]);
    expect(await found(`${certificate!.year}-9`, 'CERTIFICATE')).toEqual([]);
  });
});

describe('GET /api/search: sites', () => {
  it('finds a site by name, client or address, names starting with the text first, and marks inactive ones', async () => {
    const later = await createSite({ name: 'Bodega Central', client: 'Alimentos Norteños', address: 'Calle 1' });
    await createSite({ name: 'Norte Dos', client: 'Otra', address: 'Av. Sur', isActive: false });
    await createSite({ name: 'Sur', client: 'Otra', address: 'Camino del Norte 5' });
    const { groups } = await search('norte');
    expect(groups[0]!.kind).toBe('SITE');
    expect(groups[0]!.items.map((item) => [item.label, item.detail])).toEqual([
      ['Norte Dos', 'Otra · Av. Sur · Inactivo'],
      ['Bodega Central', 'Alimentos Norteños · Calle 1'],
      ['Sur', 'Otra · Camino del Norte 5'],
    ]);
    expect(groups[0]!.items[1]!.url).toBe(`/admin/sites/${later.id}`);
    expect(await found('alimentos nortenos', 'SITE')).toEqual(['Bodega Central']);
    expect(await found('principal', 'SITE')).toEqual(['Sitio principal']);
  });
});

describe('GET /api/search: clients', () => {
  it('finds a client by name, tax id or address, accents ignored, opening its page', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin.headers,
      payload: { name: 'Conservas Ribeña S.A.', taxId: 'A46000001', address: 'Camino Real 4, València' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const client = created.json<{ id: number }>();
    const { groups } = await search('ribena');
    expect(groups.find((group) => group.kind === 'CLIENT')).toEqual({
      kind: 'CLIENT',
      label: 'Clientes',
      more: false,
      items: [
        {
          kind: 'CLIENT',
          id: client.id,
          label: 'Conservas Ribeña S.A.',
          detail: 'A46000001 · Camino Real 4, València',
          url: `/admin/clients/${client.id}`,
        },
      ],
    });
    expect(await found('a46000', 'CLIENT')).toEqual(['Conservas Ribeña S.A.']);
    expect(await found('valencia conservas', 'CLIENT')).toEqual(['Conservas Ribeña S.A.']);
  });
});

describe('GET /api/search: limits and input', () => {
  it('answers 5 of each kind by default, up to limit, and says when there are more', async () => {
    for (let index = 1; index <= 7; index++) await createTrap(t, { code: `LIM-${index}` });
    const five = await search('lim-');
    expect(five.groups[0]!.items.map((item) => item.label)).toEqual(['LIM-1', 'LIM-2', 'LIM-3', 'LIM-4', 'LIM-5']);
    expect(five.groups[0]!.more).toBe(true);
    expect((await search('lim-', '&limit=7')).groups[0]).toMatchObject({ more: false });
    expect((await search('lim-', '&limit=7')).groups[0]!.items).toHaveLength(7);
    expect((await search('lim-', '&limit=2')).groups[0]!.items).toHaveLength(2);
  });

  it('answers no groups when nothing matches', async () => {
    await createTrap(t, { code: 'TRP-1' });
    expect(await search('zzz-nada')).toEqual({ q: 'zzz-nada', groups: [] });
  });

  it.each([
    ['', 'Escribe al menos 2 caracteres para buscar.'],
    ['q=a', 'Escribe al menos 2 caracteres para buscar.'],
    ['q=%20a%20%20', 'Escribe al menos 2 caracteres para buscar.'],
    [`q=${'x'.repeat(81)}`, 'La búsqueda admite como máximo 80 caracteres.'],
    ['q=tr&limit=0', 'limit debe estar entre 1 y 20.'],
    ['q=tr&limit=21', 'limit debe estar entre 1 y 20.'],
    ['q=tr&limit=dos', 'limit debe estar entre 1 y 20.'],
    ['q=tr%00', 'La búsqueda no puede contener el carácter nulo (U+0000).'],
  ])('refuses %s with a Spanish 400', async (query, message) => {
    const response = await get(query === '' ? 'limit=3' : query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(query === '' ? 'Escribe qué buscar (q).' : message);
  });

  it('is for administrators only: a technician is refused (403) and nobody signed out may ask', async () => {
    await createTrap(t, { code: 'TRP-1' });
    const tech = await createUser(t);
    expect((await get('q=trp', tech)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=trp' })).statusCode).toBe(401);
  });
});

describe('GET /api/search: the default site', () => {
  it('lists the device kinds after the sites, in the order the box shows them', async () => {
    await createTrap(t, { code: 'PRINCIPAL-1', siteId: DEFAULT_SITE_ID });
    const { groups } = await search('principal');
    // The site without a client got a client of its own name (migration 0031).
    expect(groups.map((group) => group.kind)).toEqual(['SITE', 'CLIENT', 'DEVICE']);
  });
});
