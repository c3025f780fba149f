import { SiteMessages, TrapMessages, type Site } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files, plans } from '../../db/schema.js';
import { createOrder } from '../../../test/orders.js';
import {
  DEFAULT_SITE_ID,
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

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

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, user: TestUser = admin) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

async function newSite(body: Record<string, unknown> = {}): Promise<Site> {
  const response = await api('POST', '/api/sites', {
    name: `Planta ${Math.random().toString(36).slice(2, 8)}`,
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`site not created: ${response.body}`);
  return response.json();
}

describe('POST /api/sites', () => {
  it('creates a site with trimmed texts, empty ones stored as null, and no traps or orders', async () => {
    const response = await api('POST', '/api/sites', {
      name: '  Planta Norte ',
      client: 'Alimentos del Sur S.A.',
      address: '  ',
      timeZone: 'America/Santiago',
    });
    expect(response.statusCode).toBe(201);
    const site = response.json();
    expect(site).toEqual({
      id: expect.any(Number),
      name: 'Planta Norte',
      // Found or created by its name (modules/clients).
      clientId: expect.any(Number),
      client: 'Alimentos del Sur S.A.',
      address: null,
      timeZone: 'America/Santiago',
      isActive: true,
      createdAt: expect.any(String),
      trapCount: 0,
      sessionCount: 0,
    });
    expect((await api('GET', `/api/sites/${site.id}`)).json()).toEqual(site);
  });

  it('stores a time zone as the zone database spells it', async () => {
    expect((await newSite({ timeZone: 'america/bogota' })).timeZone).toBe('America/Bogota');
  });

  it('refuses a time zone that does not exist', async () => {
    const response = await api('POST', '/api/sites', { name: 'Planta Sur', timeZone: 'Marte/Olympus' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual([expect.stringContaining('zona IANA')]);
  });

  it('refuses a name already used, ignoring case and spaces', async () => {
    const response = await api('POST', '/api/sites', { name: ' sitio PRINCIPAL ' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SiteMessages.nameTaken);
  });

  it('refuses a site without a name', async () => {
    const response = await api('POST', '/api/sites', { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual([SiteMessages.nameRequired]);
  });
});

describe('GET /api/sites', () => {
  it('lists every site by name with its trap and order counts', async () => {
    const north = await newSite({ name: 'Bodega Norte' });
    const [inDefault] = [await createTrap(t), await createTrap(t), await createTrap(t, { siteId: north.id })];
    const tech = await createUser(t);
    await createOrder(t, admin, tech.id, [inDefault!.id]);
    const sites: Site[] = (await api('GET', '/api/sites')).json();
    expect(sites.map(({ name, trapCount, sessionCount }) => ({ name, trapCount, sessionCount }))).toEqual([
      { name: 'Bodega Norte', trapCount: 1, sessionCount: 0 },
      { name: 'Sitio principal', trapCount: 2, sessionCount: 1 },
    ]);
  });

  it('shows a technician only the sites of their own orders', async () => {
    const north = await newSite({ name: 'Bodega Norte' });
    const south = await newSite({ name: 'Bodega Sur' });
    const tech = await createUser(t);
    const other = await createUser(t);
    await createOrder(t, admin, tech.id, [(await createTrap(t, { siteId: north.id })).id]);
    await createOrder(t, admin, other.id, [(await createTrap(t, { siteId: south.id })).id]);

    expect((await api('GET', '/api/sites', undefined, tech)).json().map((site: Site) => site.name)).toEqual([
      'Bodega Norte',
    ]);
    expect((await api('GET', `/api/sites/${north.id}`, undefined, tech)).statusCode).toBe(200);
    const hidden = await api('GET', `/api/sites/${south.id}`, undefined, tech);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(SiteMessages.notFound);
  });

  it('answers 404 for a site that does not exist', async () => {
    expect((await api('GET', '/api/sites/999')).statusCode).toBe(404);
  });
});

describe('PATCH /api/sites/{id}', () => {
  it('changes the texts, clears the time zone with null and keeps what was left out', async () => {
    const site = await newSite({ name: 'Planta Norte', client: 'Cliente A', timeZone: 'America/Lima' });
    const response = await api('PATCH', `/api/sites/${site.id}`, { address: 'Ruta 5 km 20', timeZone: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...site, address: 'Ruta 5 km 20', timeZone: null });
  });

  it('refuses the name of another site, but accepts its own in another case', async () => {
    const site = await newSite({ name: 'Planta Norte' });
    const taken = await api('PATCH', `/api/sites/${site.id}`, { name: 'SITIO principal' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(SiteMessages.nameTaken);
    const own = await api('PATCH', `/api/sites/${site.id}`, { name: 'PLANTA NORTE' });
    expect(own.statusCode).toBe(200);
    expect(own.json().name).toBe('PLANTA NORTE');
  });

  it('refuses to deactivate the last active site, and deactivates one of two', async () => {
    const last = await api('PATCH', `/api/sites/${DEFAULT_SITE_ID}`, { isActive: false });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(SiteMessages.lastActive);

    await newSite();
    const one = await api('PATCH', `/api/sites/${DEFAULT_SITE_ID}`, { isActive: false });
    expect(one.statusCode).toBe(200);
    expect(one.json().isActive).toBe(false);
  });

  it('never leaves no active site when the last two are deactivated at once', async () => {
    const other = await newSite();
    const answers = await Promise.all(
      [DEFAULT_SITE_ID, other.id].map((id) => api('PATCH', `/api/sites/${id}`, { isActive: false })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const sites: Site[] = (await api('GET', '/api/sites')).json();
    expect(sites.filter((site) => site.isActive)).toHaveLength(1);
  });

  it('answers 404 for a site that does not exist', async () => {
    expect((await api('PATCH', '/api/sites/999', { client: 'X' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/sites/{id}', () => {
  it('deletes a site with nothing in it', async () => {
    const site = await newSite();
    expect((await api('DELETE', `/api/sites/${site.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/api/sites/${site.id}`)).statusCode).toBe(404);
  });

  it('refuses a site with traps', async () => {
    const site = await newSite();
    await createTrap(t, { siteId: site.id });
    const response = await api('DELETE', `/api/sites/${site.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SiteMessages.inUse);
  });

  it('refuses a site with orders, even once its traps are gone from them', async () => {
    const site = await newSite();
    const trap = await createTrap(t, { siteId: site.id });
    await createOrder(t, admin, (await createUser(t)).id, [trap.id]);
    const response = await api('DELETE', `/api/sites/${site.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SiteMessages.inUse);
  });

  it('refuses a site with plans', async () => {
    const site = await newSite();
    const [file] = await t.database.db
      .insert(files)
      .values({ name: 'plano.png', mediaType: 'image/png', size: 1, sha256: '0'.repeat(64), backend: 'database' })
      .returning();
    await t.database.db
      .insert(plans)
      .values({ siteId: site.id, name: 'Nave 1', fileId: file!.id, width: 10, height: 10 });
    const response = await api('DELETE', `/api/sites/${site.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SiteMessages.hasPlans);
  });

  it('refuses the last active site even when it is empty', async () => {
    const empty = await newSite();
    await api('PATCH', `/api/sites/${DEFAULT_SITE_ID}`, { isActive: false });
    const response = await api('DELETE', `/api/sites/${empty.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SiteMessages.lastActive);
  });
});

describe('sites and their traps', () => {
  it('accepts the same code in two sites and refuses it twice in one', async () => {
    const north = await newSite();
    expect((await api('POST', '/api/traps', { code: 'TRP-001', siteId: DEFAULT_SITE_ID })).statusCode).toBe(201);
    expect((await api('POST', '/api/traps', { code: 'TRP-001', siteId: north.id })).statusCode).toBe(201);
    const twice = await api('POST', '/api/traps', { code: 'trp-001', siteId: north.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TrapMessages.codeTaken);
  });

  it('asks which site once there are two active ones, and puts a trap in the only active one otherwise', async () => {
    expect((await api('POST', '/api/traps', { code: 'A-1' })).json().siteId).toBe(DEFAULT_SITE_ID);
    const north = await newSite();
    const ask = await api('POST', '/api/traps', { code: 'A-2' });
    expect(ask.statusCode).toBe(400);
    expect(ask.json().message).toBe(SiteMessages.choose);
    await api('PATCH', `/api/sites/${DEFAULT_SITE_ID}`, { isActive: false });
    expect((await api('POST', '/api/traps', { code: 'A-3' })).json().siteId).toBe(north.id);
  });

  it('refuses a trap in an inactive site', async () => {
    const closed = await newSite({ isActive: false });
    const response = await api('POST', '/api/traps', { code: 'A-1', siteId: closed.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SiteMessages.inactive);
  });

  it('refuses an order with traps of two sites, and puts one of a single site in that site', async () => {
    const north = await newSite({ name: 'Planta Norte' });
    const here = await createTrap(t);
    const there = await createTrap(t, { siteId: north.id });
    const tech = await createUser(t);
    const mixed = await api('POST', '/api/sessions', { technicianId: tech.id, trapIds: [here.id, there.id] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(SiteMessages.trapsOfSeveralSites);
    const order = await createOrder(t, admin, tech.id, [there.id]);
    expect(order).toMatchObject({ siteId: north.id, site: { id: north.id, name: 'Planta Norte' } });
  });
});

describe('access', () => {
  it('lets a technician read but not write', async () => {
    const tech = await createUser(t);
    const site = await newSite();
    expect((await api('GET', '/api/sites', undefined, tech)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/sites', { name: 'Otra' }],
      ['PATCH', `/api/sites/${site.id}`, { name: 'Otra' }],
      ['DELETE', `/api/sites/${site.id}`, undefined],
    ] as const) {
      const response = await api(method, url, body, tech);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await api('GET', `/api/sites/${site.id}`)).json().name).toBe(site.name);
  });
});
