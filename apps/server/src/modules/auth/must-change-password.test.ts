import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, createUser, type TestApp } from '../../../test/test-app.js';
import { ensureAdmin } from '../technicians/ensure-admin.js';
import { TechniciansRepository } from '../technicians/technicians.repository.js';

const REFUSED = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'Cambia tu contraseña para continuar: la actual la conoce alguien más.',
  code: 'PASSWORD_CHANGE_REQUIRED',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '1000', LOGIN_RATE_LIMIT_PER_EMAIL: '1000' });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

async function signIn(email: string, password: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return { body, headers: { authorization: `Bearer ${body.accessToken}` } };
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

/** Defect 9 of [T]: the console box said to change the printed password, and nothing asked for it. */
describe('an account that must change its password', () => {
  it('is the first administrator with a printed password: refused everywhere but its profile until it changes it', async () => {
    await t.reset();
    const admin = await ensureAdmin(new TechniciansRepository(t.database.db), {});
    const password = admin!.generatedPassword!;
    const first = await signIn(admin!.email, password);
    expect(first.body.technician.mustChangePassword).toBe(true);

    for (const url of ['/api/traps', '/api/sites', '/api/sessions', '/api/technicians']) {
      const refused = await get(url, first.headers);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual(REFUSED);
    }
    // The scan checks the token alone; the token says it.
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/1/scan',
      headers: first.headers,
      payload: { qrSlug: 'abcdefghijklmnop' },
    });
    expect(scan.statusCode).toBe(403);
    expect(scan.json()).toEqual(REFUSED);

    const profile = await get('/api/technicians/me/profile', first.headers);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().mustChangePassword).toBe(true);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/technicians/me/password',
      headers: first.headers,
      payload: { currentPassword: password, newPassword: 'bodega-norte-2031' },
    });
    expect(changed.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${changed.json().accessToken}` };
    expect((await get('/api/traps', headers)).statusCode).toBe(200);
    expect((await get('/api/technicians/me/profile', headers)).json().mustChangePassword).toBe(false);
    expect((await signIn(admin!.email, 'bodega-norte-2031')).body.technician.mustChangePassword).toBe(false);
  });

  it('is not the first administrator whose password was given in ADMIN_PASSWORD', async () => {
    await t.reset();
    await ensureAdmin(new TechniciansRepository(t.database.db), {
      email: 'jefa@planta.test',
      password: 'elegida-al-instalar',
    });
    const first = await signIn('jefa@planta.test', 'elegida-al-instalar');
    expect(first.body.technician.mustChangePassword).toBe(false);
    expect((await get('/api/traps', first.headers)).statusCode).toBe(200);
  });

  it('is one an administrator created or reset with a typed password, not the administrator resetting their own', async () => {
    const admin = await createAdmin(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/technicians',
      headers: admin.headers,
      payload: { email: 'luis@planta.test', fullName: 'Luis Mora', password: 'dada-por-la-oficina' },
    });
    expect(created.json().mustChangePassword).toBe(true);
    const luis = await signIn('luis@planta.test', 'dada-por-la-oficina');
    expect((await get('/api/settings/company', luis.headers)).json()).toEqual(REFUSED);

    const marta = await createUser(t, { email: 'marta@planta.test' });
    const reset = await t.app.inject({
      method: 'PATCH',
      url: `/api/technicians/${marta.id}`,
      headers: admin.headers,
      payload: { password: 'olvidada-y-repuesta' },
    });
    expect(reset.json().mustChangePassword).toBe(true);

    const own = await t.app.inject({
      method: 'PATCH',
      url: `/api/technicians/${admin.id}`,
      headers: admin.headers,
      payload: { password: 'la-mia-de-siempre' },
    });
    expect(own.json().mustChangePassword).toBe(false);
  });
});
