import { type Client, type ClientDetail, ClientMessages, type Contact, type Site } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { correctiveActions } from '../../db/schema.js';
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

async function newClient(body: Record<string, unknown> = {}): Promise<Client> {
  const response = await api('POST', '/api/clients', { name: 'Conservas Ribera S.A.', ...body });
  if (response.statusCode !== 201) throw new Error(`client not created: ${response.body}`);
  return response.json();
}

async function newSite(body: Record<string, unknown>): Promise<Site> {
  const response = await api('POST', '/api/sites', body);
  if (response.statusCode !== 201) throw new Error(`site not created: ${response.body}`);
  return response.json();
}

async function newContact(clientId: number, body: Record<string, unknown> = {}): Promise<Contact> {
  const response = await api('POST', `/api/clients/${clientId}/contacts`, {
    name: 'Lucía Ferrer',
    role: 'Jefa de calidad',
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`contact not created: ${response.body}`);
  return response.json();
}

const messageOf = (response: { json(): { message: string | string[] } }) => [response.json().message].flat();

describe('clients', () => {
  it('creates a client with trimmed texts, empty ones as null, and lists every client by name with its counts', async () => {
    const response = await api('POST', '/api/clients', {
      name: '  Harinas Levante ',
      taxId: ' B12345678 ',
      address: ' ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'Harinas Levante',
      taxId: 'B12345678',
      address: null,
      isActive: true,
      createdAt: expect.any(String),
      siteCount: 0,
      contactCount: 0,
    });
    const list: Client[] = (await api('GET', '/api/clients')).json();
    // The first site's client, made by the migrations, and the new one.
    expect(list.map(({ name, siteCount }) => ({ name, siteCount }))).toEqual([
      { name: 'Harinas Levante', siteCount: 0 },
      { name: 'Sitio principal', siteCount: 1 },
    ]);
  });

  it('refuses a name already used, ignoring case and spaces, and a client without a name', async () => {
    await newClient();
    const taken = await api('POST', '/api/clients', { name: ' conservas RIBERA s.a. ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ClientMessages.nameTaken);
    const other = await newClient({ name: 'Harinas Levante' });
    const renamed = await api('PATCH', `/api/clients/${other.id}`, { name: 'CONSERVAS ribera s.a.' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe(ClientMessages.nameTaken);
    const empty = await api('POST', '/api/clients', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toEqual([ClientMessages.nameRequired]);
  });

  it('answers 404 in Spanish for a client that does not exist', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/clients/999', undefined],
      ['PATCH', '/api/clients/999', { name: 'Otro' }],
      ['GET', '/api/clients/999/contacts', undefined],
      ['POST', '/api/clients/999/contacts', { name: 'Ana', role: 'Calidad' }],
    ] as const) {
      const response = await api(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe(ClientMessages.notFound);
    }
  });

  it('shows its sites, its open corrective actions and its next visits on its page', async () => {
    const client = await newClient();
    const north = await newSite({ name: 'Planta Norte', clientId: client.id });
    const south = await newSite({ name: 'Almacén Sur', clientId: client.id });
    const tech = await createUser(t, { fullName: 'Ana Técnica' });
    const trap = await createTrap(t, { siteId: north.id });
    const later = await createOrder(t, admin, tech.id, [trap.id], '2040-03-02T08:00:00.000Z');
    const sooner = await createOrder(t, admin, tech.id, [trap.id], '2040-03-01T08:00:00.000Z');
    // Not the client's: the first site's order and action.
    await createOrder(t, admin, tech.id, [(await createTrap(t)).id], '2040-01-01T08:00:00.000Z');
    await t.database.db.insert(correctiveActions).values([
      {
        siteId: south.id,
        origin: 'MANUAL',
        detectedAt: new Date(),
        severity: 'ALTA',
        description: 'Sellar el muelle',
        responsible: 'CLIENTE',
        dueDate: '2040-02-01',
      },
      {
        siteId: north.id,
        origin: 'MANUAL',
        detectedAt: new Date(),
        severity: 'BAJA',
        description: 'Cerrada',
        responsible: 'EMPRESA',
        dueDate: '2040-01-01',
        status: 'CERRADA',
        closedAt: new Date(),
      },
      {
        siteId: DEFAULT_SITE_ID,
        origin: 'MANUAL',
        detectedAt: new Date(),
        severity: 'BAJA',
        description: 'Otro cliente',
        responsible: 'EMPRESA',
        dueDate: '2040-01-01',
      },
    ]);

    const response = await api('GET', `/api/clients/${client.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const page: ClientDetail = response.json();
    expect(page).toMatchObject({ id: client.id, siteCount: 2, openActionCount: 1, nextVisitCount: 2 });
    expect(page.sites.map((site) => site.name)).toEqual(['Almacén Sur', 'Planta Norte']);
    expect(page.openActions).toEqual([
      {
        id: expect.any(Number),
        siteId: south.id,
        siteName: 'Almacén Sur',
        description: 'Sellar el muelle',
        severity: 'ALTA',
        status: 'ABIERTA',
        responsible: 'CLIENTE',
        dueDate: '2040-02-01',
      },
    ]);
    expect(page.nextVisits).toEqual([
      {
        id: sooner.id,
        siteId: north.id,
        siteName: 'Planta Norte',
        siteTimeZone: null,
        status: 'PENDING',
        scheduledAt: '2040-03-01T08:00:00.000Z',
        technicianName: 'Ana Técnica',
        servicePlanName: null,
      },
      expect.objectContaining({ id: later.id }),
    ]);
  });

  it('gives a renamed client’s sites its new name, the name their documents print', async () => {
    const client = await newClient();
    const site = await newSite({ name: 'Planta Norte', clientId: client.id });
    const renamed = await api('PATCH', `/api/clients/${client.id}`, {
      name: 'Conservas Ribera S.L.',
      taxId: 'B46000001',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Conservas Ribera S.L.',
      taxId: 'B46000001',
      sites: [{ id: site.id }],
    });
    expect((await api('GET', `/api/sites/${site.id}`)).json()).toMatchObject({
      clientId: client.id,
      client: 'Conservas Ribera S.L.',
    });
  });

  it('stays active while one of its sites is, and takes no new site once inactive', async () => {
    const client = await newClient();
    const site = await newSite({ name: 'Planta Norte', clientId: client.id });
    const refused = await api('PATCH', `/api/clients/${client.id}`, { isActive: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ClientMessages.hasActiveSites);
    expect((await api('PATCH', `/api/sites/${site.id}`, { isActive: false })).statusCode).toBe(200);
    const deactivated = await api('PATCH', `/api/clients/${client.id}`, { isActive: false });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json().isActive).toBe(false);
    const another = await api('POST', '/api/sites', { name: 'Planta Sur', clientId: client.id });
    expect(another.statusCode).toBe(400);
    expect(another.json().message).toBe(ClientMessages.inactive);
  });
});

describe('a site’s client', () => {
  it('is the one given by id', async () => {
    const client = await newClient();
    const site = await newSite({ name: 'Planta Norte', clientId: client.id });
    expect(site).toMatchObject({ clientId: client.id, client: 'Conservas Ribera S.A.' });
    const unknown = await api('POST', '/api/sites', { name: 'Planta Sur', clientId: 999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ClientMessages.notFound);
  });

  it('is found by the name an older caller sends, trimmed and ignoring case, or created', async () => {
    const client = await newClient();
    const found = await newSite({ name: 'Planta Norte', client: '  conservas RIBERA s.a. ' });
    expect(found).toMatchObject({ clientId: client.id, client: 'Conservas Ribera S.A.' });
    const created = await newSite({ name: 'Molino', client: 'Harinas Levante' });
    expect(created.client).toBe('Harinas Levante');
    expect(created.clientId).not.toBe(client.id);
    // The same rule the migration followed: no client at all is a client of the site's own name.
    const alone = await newSite({ name: 'Almacén Este' });
    expect(alone.client).toBe('Almacén Este');
    const names = ((await api('GET', '/api/clients')).json() as Client[]).map((row) => row.name);
    expect(names).toEqual(['Almacén Este', 'Conservas Ribera S.A.', 'Harinas Levante', 'Sitio principal']);
  });

  it('changes by id or by name, and is never taken away', async () => {
    const client = await newClient();
    const site = await newSite({ name: 'Planta Norte' });
    const moved = await api('PATCH', `/api/sites/${site.id}`, { clientId: client.id });
    expect(moved.json()).toMatchObject({ clientId: client.id, client: 'Conservas Ribera S.A.' });
    const byName = await api('PATCH', `/api/sites/${site.id}`, { client: 'Harinas Levante' });
    expect(byName.json()).toMatchObject({ client: 'Harinas Levante' });
    const cleared = await api('PATCH', `/api/sites/${site.id}`, { client: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe(ClientMessages.siteNeedsClient);
    expect((await api('GET', `/api/sites/${site.id}`)).json().client).toBe('Harinas Levante');
  });
});

describe('contacts', () => {
  it('adds contacts with their sites and what they are sent, listed by name', async () => {
    const client = await newClient();
    const north = await newSite({ name: 'Planta Norte', clientId: client.id });
    const created = await api('POST', `/api/clients/${client.id}/contacts`, {
      name: ' Lucía Ferrer ',
      role: 'Jefa de calidad',
      email: ' Lucia@Ribera.TEST ',
      phone: '+34 961 23 45 67',
      siteIds: [north.id, north.id],
      notifyCertificates: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      clientId: client.id,
      name: 'Lucía Ferrer',
      role: 'Jefa de calidad',
      email: 'lucia@ribera.test',
      phone: '+34 961 23 45 67',
      siteIds: [north.id],
      notifyCertificates: true,
      notifyActions: false,
      notifyReviews: false,
      createdAt: expect.any(String),
    });
    await newContact(client.id, { name: 'Andrés Gil', role: 'Gerente de planta', phone: '' });
    const list: Contact[] = (await api('GET', `/api/clients/${client.id}/contacts`)).json();
    expect(list.map((contact) => [contact.name, contact.siteIds, contact.phone])).toEqual([
      ['Andrés Gil', [], null],
      ['Lucía Ferrer', [north.id], '+34 961 23 45 67'],
    ]);
    expect((await api('GET', `/api/clients/${client.id}`)).json().contactCount).toBe(2);
  });

  it('refuses a bad email or phone, and a contact without a name or role, in Spanish', async () => {
    const client = await newClient();
    const url = `/api/clients/${client.id}/contacts`;
    const email = await api('POST', url, { name: 'Ana', role: 'Calidad', email: 'ana@' });
    expect(email.statusCode).toBe(400);
    expect(messageOf(email)).toEqual([ClientMessages.emailInvalid]);
    const phone = await api('POST', url, { name: 'Ana', role: 'Calidad', phone: 'llamar a recepción' });
    expect(phone.statusCode).toBe(400);
    expect(messageOf(phone)).toEqual([ClientMessages.phoneInvalid]);
    const empty = await api('POST', url, { name: ' ', role: '' });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty).sort()).toEqual(
      [ClientMessages.contactNameRequired, ClientMessages.contactRoleRequired].sort(),
    );
  });

  it('refuses sites that are not the client’s', async () => {
    const client = await newClient();
    const own = await newSite({ name: 'Planta Norte', clientId: client.id });
    const response = await api('POST', `/api/clients/${client.id}/contacts`, {
      name: 'Ana',
      role: 'Calidad',
      siteIds: [own.id, DEFAULT_SITE_ID],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ClientMessages.siteNotOfClient);
    const contact = await newContact(client.id, { siteIds: [own.id] });
    const changed = await api('PATCH', `/api/contacts/${contact.id}`, { siteIds: [999] });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(ClientMessages.siteNotOfClient);
  });

  it('no longer names a site that moved to another client', async () => {
    const client = await newClient();
    const site = await newSite({ name: 'Planta Norte', clientId: client.id });
    const kept = await newSite({ name: 'Planta Sur', clientId: client.id });
    const contact = await newContact(client.id, { siteIds: [site.id, kept.id] });
    await api('PATCH', `/api/sites/${site.id}`, { client: 'Harinas Levante' });
    expect((await api('GET', `/api/clients/${client.id}/contacts`)).json()[0].siteIds).toEqual([kept.id]);
    expect(contact.siteIds).toEqual([site.id, kept.id].sort((a, b) => a - b));
  });

  it('needs an email to be sent anything, when added and when changed', async () => {
    const client = await newClient();
    const url = `/api/clients/${client.id}/contacts`;
    const refused = await api('POST', url, { name: 'Ana', role: 'Calidad', notifyActions: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ClientMessages.notifyWithoutEmail);
    const contact = await newContact(client.id, { email: 'ana@ribera.test', notifyReviews: true });
    const cleared = await api('PATCH', `/api/contacts/${contact.id}`, { email: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe(ClientMessages.notifyWithoutEmail);
    const both = await api('PATCH', `/api/contacts/${contact.id}`, { email: null, notifyReviews: false });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ email: null, notifyReviews: false, name: 'Lucía Ferrer' });
  });

  it('changes and deletes a contact by its id, 404 once gone', async () => {
    const client = await newClient();
    const contact = await newContact(client.id);
    const changed = await api('PATCH', `/api/contacts/${contact.id}`, { role: 'Directora de calidad' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: contact.id, role: 'Directora de calidad', name: 'Lucía Ferrer' });
    expect((await api('DELETE', `/api/contacts/${contact.id}`)).statusCode).toBe(204);
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PATCH', { role: 'Calidad' }],
    ] as const) {
      const gone = await api(method, `/api/contacts/${contact.id}`, body);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe(ClientMessages.contactNotFound);
    }
    expect((await api('GET', `/api/clients/${client.id}/contacts`)).json()).toEqual([]);
  });
});

describe('the change log', () => {
  it('keeps who changed a client or a contact, when, and the record before and after', async () => {
    const client = await newClient({ taxId: 'A46000001' });
    await api('PATCH', `/api/clients/${client.id}`, { address: 'Calle Mayor 1, Valencia' });
    const contact = await newContact(client.id, { email: 'lucia@ribera.test' });
    await api('PATCH', `/api/contacts/${contact.id}`, { notifyActions: true });
    await api('DELETE', `/api/contacts/${contact.id}`);
    const log = async (entity: string, id: number) =>
      (await api('GET', `/api/audit-log?entity=${entity}&entityId=${id}`)).json().items.reverse();

    const actor = { id: admin.id, fullName: expect.any(String) };
    expect(await log('client', client.id)).toEqual([
      expect.objectContaining({
        action: 'create',
        actor,
        at: expect.any(String),
        after: expect.objectContaining({ name: 'Conservas Ribera S.A.', taxId: 'A46000001' }),
      }),
      expect.objectContaining({
        action: 'update',
        actor,
        before: { name: 'Conservas Ribera S.A.', address: null },
        after: { name: 'Conservas Ribera S.A.', address: 'Calle Mayor 1, Valencia' },
      }),
    ]);
    expect(await log('contact', contact.id)).toEqual([
      expect.objectContaining({ action: 'create', actor, after: expect.objectContaining({ name: 'Lucía Ferrer' }) }),
      expect.objectContaining({
        action: 'update',
        before: { name: 'Lucía Ferrer', clientId: client.id, notifyActions: false },
        after: { name: 'Lucía Ferrer', clientId: client.id, notifyActions: true },
      }),
      expect.objectContaining({
        action: 'delete',
        actor,
        before: expect.objectContaining({ role: 'Jefa de calidad', email: 'lucia@ribera.test', siteIds: [] }),
      }),
    ]);
  });
});
