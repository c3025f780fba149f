import { TechnicianMessages } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import {
  createAdmin,
  createTestApp,
  createUser,
  DEFAULT_SITE_ID,
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
  admin = await createAdmin(t, { email: 'jefa@planta.test' });
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

const newTechnician = { email: 'Luis@Planta.test', fullName: '  Luis Gómez ', password: 'clave-segura-1' };

describe('admin-only access', () => {
  it('answers 403 to a technician and 401 without a token on every admin route', async () => {
    const tech = await createUser(t);
    const calls = [
      ['GET', '/api/technicians'],
      ['POST', '/api/technicians'],
      ['PATCH', `/api/technicians/${admin.id}`],
      ['DELETE', `/api/technicians/${admin.id}`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await api(method, url, tech, {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('GET /api/technicians', () => {
  it('lists every account without password hashes', async () => {
    await createUser(t, { fullName: 'Beatriz' });
    const response = await api('GET', '/api/technicians', admin);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0]).sort()).toEqual([
      'createdAt',
      'email',
      'fullName',
      'id',
      'isActive',
      'licenceExpiresAt',
      'licenceNumber',
      'mustChangePassword',
      'qualification',
      'role',
    ]);
  });
});

describe('POST /api/technicians', () => {
  it('creates a technician with a normalised email and trimmed name, who can sign in', async () => {
    const response = await api('POST', '/api/technicians', admin, newTechnician);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'luis@planta.test',
      fullName: 'Luis Gómez',
      role: 'TECH',
      isActive: true,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'luis@planta.test', password: 'clave-segura-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an email already used, ignoring case', async () => {
    const response = await api('POST', '/api/technicians', admin, { ...newTechnician, email: 'JEFA@planta.test' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(TechnicianMessages.emailTaken);
  });

  it('refuses a password shorter than 8 characters, a bad email and missing fields', async () => {
    const short = await api('POST', '/api/technicians', admin, { ...newTechnician, password: '1234567' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toEqual(['La contraseña debe tener al menos 8 caracteres.']);

    const badEmail = await api('POST', '/api/technicians', admin, { ...newTechnician, email: 'luis-sin-arroba' });
    expect(badEmail.json().message).toEqual(['El correo no es válido.']);

    const empty = await api('POST', '/api/technicians', admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual([
      'El correo es obligatorio.',
      'El nombre completo es obligatorio.',
      'La contraseña es obligatoria.',
    ]);
  });

  it('refuses an unknown role, unknown fields and oversized values', async () => {
    const role = await api('POST', '/api/technicians', admin, { ...newTechnician, role: 'ROOT' });
    expect(role.statusCode).toBe(400);
    const extra = await api('POST', '/api/technicians', admin, { ...newTechnician, isAdmin: true });
    expect(extra.statusCode).toBe(400);
    const long = await api('POST', '/api/technicians', admin, { ...newTechnician, fullName: 'a'.repeat(121) });
    expect(long.json().message).toEqual(['El nombre completo admite como máximo 120 caracteres.']);
    expect((await api('GET', '/api/technicians', admin)).json()).toHaveLength(1);
  });
});

describe('PATCH /api/technicians/:id', () => {
  it('updates name, email, role and status', async () => {
    const tech = await createUser(t);
    const response = await api('PATCH', `/api/technicians/${tech.id}`, admin, {
      fullName: 'Nombre Nuevo',
      email: 'nuevo@planta.test',
      role: 'ADMIN',
      isActive: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullName: 'Nombre Nuevo',
      email: 'nuevo@planta.test',
      role: 'ADMIN',
      isActive: false,
    });
  });

  it('sets a new password only when one is sent', async () => {
    const tech = await createUser(t, { email: 'ana@planta.test' });
    await api('PATCH', `/api/technicians/${tech.id}`, admin, { password: 'otra-clave-9' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ana@planta.test', password: 'otra-clave-9' },
    });
    expect(login.statusCode).toBe(200);
    const short = await api('PATCH', `/api/technicians/${tech.id}`, admin, { password: 'corta' });
    expect(short.statusCode).toBe(400);
  });

  it('refuses to deactivate your own account', async () => {
    const response = await api('PATCH', `/api/technicians/${admin.id}`, admin, { isActive: false });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('No puedes desactivar tu propia cuenta.');
  });

  it('refuses to demote the last active administrator', async () => {
    const other = await createAdmin(t);
    // With two admins, one may step down; then the remaining one is the last.
    expect((await api('PATCH', `/api/technicians/${other.id}`, admin, { role: 'TECH' })).statusCode).toBe(200);
    const demote = await api('PATCH', `/api/technicians/${admin.id}`, admin, { role: 'TECH' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('Debe permanecer al menos un administrador activo.');
    // An inactive administrator does not count as a remaining one.
    await createAdmin(t, { isActive: false });
    expect((await api('PATCH', `/api/technicians/${admin.id}`, admin, { role: 'TECH' })).statusCode).toBe(409);
  });

  it('keeps one active administrator when two demote each other at the same time', async () => {
    const other = await createAdmin(t);
    const [a, b] = await Promise.all([
      api('PATCH', `/api/technicians/${other.id}`, admin, { role: 'TECH' }),
      api('PATCH', `/api/technicians/${admin.id}`, other, { isActive: false }),
    ]);
    // The loser is refused either by the last-admin rule (409) or, when the winner's change landed before
    // its request was authorised, because it is no longer an administrator (403).
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = (await api('GET', '/api/technicians', a.statusCode === 200 ? admin : other)).json();
    expect(
      admins.filter((user: { role: string; isActive: boolean }) => user.role === 'ADMIN' && user.isActive),
    ).toHaveLength(1);
  });

  it('refuses an email taken by another account, ignoring case', async () => {
    const tech = await createUser(t);
    const response = await api('PATCH', `/api/technicians/${tech.id}`, admin, { email: 'Jefa@Planta.test' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(TechnicianMessages.emailTaken);
    expect((await api('PATCH', `/api/technicians/${admin.id}`, admin, { email: 'JEFA@planta.test' })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for an unknown technician and 400 for a bad id', async () => {
    expect((await api('PATCH', '/api/technicians/99999', admin, { fullName: 'X' })).statusCode).toBe(404);
    const bad = await api('PATCH', '/api/technicians/abc', admin, { fullName: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(['El identificador debe ser un número entero positivo.']);
    expect((await api('PATCH', '/api/technicians/99999999999', admin, { fullName: 'X' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/technicians/:id', () => {
  it('deletes an inactive technician without orders', async () => {
    const tech = await createUser(t, { isActive: false });
    expect((await api('DELETE', `/api/technicians/${tech.id}`, admin)).statusCode).toBe(204);
    expect((await api('GET', '/api/technicians', admin)).json()).toHaveLength(1);
  });

  it('refuses to delete your own account', async () => {
    const response = await api('DELETE', `/api/technicians/${admin.id}`, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('No puedes eliminar tu propia cuenta.');
  });

  it('refuses to delete an active account', async () => {
    const tech = await createUser(t);
    const response = await api('DELETE', `/api/technicians/${tech.id}`, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(TechnicianMessages.deleteActive);
  });

  it('refuses to delete a technician who has orders', async () => {
    const tech = await createUser(t, { isActive: false });
    await t.database.db.insert(sessions).values({ siteId: DEFAULT_SITE_ID, technicianId: tech.id });
    const response = await api('DELETE', `/api/technicians/${tech.id}`, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(TechnicianMessages.deleteWithOrders);
  });

  it('answers 404 for an unknown technician', async () => {
    expect((await api('DELETE', '/api/technicians/4242', admin)).statusCode).toBe(404);
  });
});
