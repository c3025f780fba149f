import { AuthMessages } from '../../lib/auth-user.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clients, sites } from '../../db/schema.js';
import {
  createAdmin,
  createPortalUser,
  createTestApp,
  DEFAULT_SITE_ID,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/test-app.js';
import { TechniciansRepository } from '../technicians/technicians.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('a CLIENTE account outside the portal', () => {
  it('is refused every office route with a Spanish 403, the scan included', async () => {
    const person = await createPortalUser(t);
    for (const [method, url] of [
      ['GET', '/api/sites'],
      ['GET', `/api/sites/${DEFAULT_SITE_ID}`],
      ['GET', '/api/technicians'],
      ['GET', '/api/actions'],
      ['GET', '/api/clients/1'],
      ['POST', '/api/sessions/1/scan'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: person.headers,
        ...(method === 'POST' ? { payload: { qrSlug: 'x' } } : {}),
      });
      expect({ url, status: response.statusCode, message: response.json().message }).toEqual({
        url,
        status: 403,
        message: AuthMessages.portalOnly,
      });
    }
  });

  it('reads its own profile and changes its own password', async () => {
    const person = await createPortalUser(t);
    const profile = await t.app.inject({ url: '/api/technicians/me/profile', headers: person.headers });
    expect(profile.json()).toMatchObject({ id: person.id, role: 'CLIENTE' });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/technicians/me/password',
      headers: person.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'otra-clave-del-portal' },
    });
    expect(changed.statusCode).toBe(200);
  });
});

describe('the Técnicos screen', () => {
  it('lists the office accounts only, and does not edit or delete a portal account', async () => {
    const admin = await createAdmin(t);
    const person = await createPortalUser(t, { isActive: false });
    const list = await t.app.inject({ url: '/api/technicians', headers: admin.headers });
    expect(list.json<{ role: string }[]>().map((each) => each.role)).not.toContain('CLIENTE');
    const promoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/technicians/${person.id}`,
      headers: admin.headers,
      payload: { role: 'ADMIN' },
    });
    expect(promoted.statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/technicians/${person.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(404);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/technicians',
      headers: admin.headers,
      payload: { email: 'planta@cliente.test', fullName: 'Calidad', password: 'clave-nueva-1', role: 'CLIENTE' },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('the site scope resolved at authentication', () => {
  it("is the client's active sites, or the chosen ones of them, never another client's", async () => {
    const db = t.database.db;
    const [other] = await db.insert(clients).values({ name: 'Otra empresa' }).returning();
    const [second, inactive, foreign] = await db
      .insert(sites)
      .values([
        { name: 'Planta dos', clientId: 1 },
        { name: 'Planta cerrada', clientId: 1, isActive: false },
        { name: 'Planta ajena', clientId: other!.id },
      ])
      .returning();
    const repository = new TechniciansRepository(db);
    const all = await createPortalUser(t);
    expect((await repository.findActiveAccount(all.id))?.siteIds).toEqual([DEFAULT_SITE_ID, second!.id]);
    const chosen = await createPortalUser(t, { siteIds: [second!.id, inactive!.id, foreign!.id] });
    expect((await repository.findActiveAccount(chosen.id))?.siteIds).toEqual([second!.id]);
    const admin = await createAdmin(t);
    expect((await repository.findActiveAccount(admin.id))?.siteIds).toEqual([]);
  });
});
