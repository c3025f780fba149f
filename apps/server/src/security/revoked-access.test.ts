import type { SessionServerEvents } from '@rondin/contracts';
import { SignJWT } from 'jose';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrder } from '../../test/orders.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';

/**
 * Removing a technician, or changing a password, ends that person's access everywhere at once: tokens
 * issued before a password change are refused by every route, the scan and the realtime handshake, and a
 * connected socket is closed within a second of the change (or of its token's expiry).
 */
let t: TestApp;
let url: string;
let admin: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sessions`;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});
afterEach(() => sockets.splice(0).forEach((socket) => socket.disconnect()));

const PASSWORD_CHANGED = 'La contraseña de tu cuenta cambió. Inicia sesión nuevamente.';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profile = (token: string) => t.app.inject({ url: '/api/technicians/me/profile', headers: bearer(token) });

async function login(email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(response.statusCode).toBe(200);
  return response.json().accessToken;
}

function connect(token: string): Socket<SessionServerEvents> {
  const socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refusal(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** Resolves with the reason once the server closes the socket; fails after `ms`. */
function disconnectedWithin(socket: Socket, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe('tokens issued before a password change', () => {
  it('are refused everywhere once the user changes their own password; the device that changed it gets a new token', async () => {
    const tech = await createUser(t);
    const [phone, laptop] = [await login(tech.email), await login(tech.email)];
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id]);

    const change = await t.app.inject({
      method: 'PATCH',
      url: '/api/technicians/me/password',
      headers: bearer(laptop),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'una-clave-nueva-larga' },
    });
    expect(change.statusCode).toBe(200);
    const { accessToken } = change.json();

    for (const old of [phone, laptop]) {
      const refused = await profile(old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(PASSWORD_CHANGED);
      const scan = await t.app.inject({
        method: 'POST',
        url: `/api/sessions/${order.id}/scan`,
        headers: bearer(old),
        payload: { qrSlug: trap.qrSlug },
      });
      expect(scan.statusCode).toBe(401);
      expect(scan.json().message).toBe(PASSWORD_CHANGED);
      expect(await refusal(connect(old))).toBe(PASSWORD_CHANGED);
    }
    expect((await profile(accessToken)).statusCode).toBe(200);
    const scan = await t.app.inject({
      method: 'POST',
      url: `/api/sessions/${order.id}/scan`,
      headers: bearer(accessToken),
      payload: { qrSlug: trap.qrSlug },
    });
    expect(scan.statusCode).toBe(200);
    await connected(connect(accessToken));
    expect((await profile(await login(tech.email, 'una-clave-nueva-larga'))).statusCode).toBe(200);
  });

  it('are refused once an administrator resets the password', async () => {
    const tech = await createUser(t);
    const before = await login(tech.email);
    const reset = await t.app.inject({
      method: 'PATCH',
      url: `/api/technicians/${tech.id}`,
      headers: admin.headers,
      payload: { password: 'clave-restablecida-9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await profile(before)).statusCode).toBe(401);
    expect((await profile(await login(tech.email, 'clave-restablecida-9'))).statusCode).toBe(200);
  });

  it('are refused (401) before their body is judged on the scan and finding routes, whose account is checked late', async () => {
    const tech = await createUser(t);
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    const before = await login(tech.email);
    const write = (token: string, invalid: boolean) => [
      t.app.inject({
        method: 'POST',
        url: `/api/sessions/${order.id}/scan`,
        headers: bearer(token),
        payload: invalid ? { qrSlug: 42 } : { qrSlug: trap.qrSlug },
      }),
      t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${order.id}/items/${order.items[0]!.id}/finding`,
        headers: bearer(token),
        payload: invalid ? { activity: 'MUCHA' } : {},
      }),
    ];
    // Valid token, invalid body: 400, as before.
    for (const answer of await Promise.all(write(before, true))) expect(answer.statusCode).toBe(400);
    const reset = await t.app.inject({
      method: 'PATCH',
      url: `/api/technicians/${tech.id}`,
      headers: admin.headers,
      payload: { password: 'clave-restablecida-9' },
    });
    expect(reset.statusCode).toBe(200);
    for (const invalid of [true, false]) {
      for (const answer of await Promise.all(write(before, invalid))) {
        expect(answer.statusCode, answer.body).toBe(401);
        expect(answer.json().message).toBe(PASSWORD_CHANGED);
      }
    }
  });

  it('keep working when the account changes anything but its password, and when issued by the previous release', async () => {
    const tech = await createUser(t);
    const token = await login(tech.email);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/technicians/${tech.id}`,
      headers: admin.headers,
      payload: { fullName: 'Otro Nombre' },
    });
    expect((await profile(token)).statusCode).toBe(200);
    // Tokens signed before versions existed carry no "ver": they belong to every account's first version.
    const legacy = await new SignJWT({ role: 'TECH' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(tech.id))
      .setIssuer('rondin')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.config.JWT_SECRET!));
    expect((await profile(legacy)).statusCode).toBe(200);
  });
});

describe('connected sockets', () => {
  const change = (id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/technicians/${id}`, headers: admin.headers, payload });

  it.each([
    ['deactivated', async (tech: TestUser) => change(tech.id, { isActive: false })],
    ['demoted or promoted', async (tech: TestUser) => change(tech.id, { role: 'ADMIN' })],
    ['given a new password', async (tech: TestUser) => change(tech.id, { password: 'otra-clave-distinta-3' })],
    [
      'deactivated, then deleted',
      async (tech: TestUser) => {
        await change(tech.id, { isActive: false });
        return t.app.inject({ method: 'DELETE', url: `/api/technicians/${tech.id}`, headers: admin.headers });
      },
    ],
  ])('are closed within a second when the account is %s', async (_case, act) => {
    const tech = await createUser(t);
    const socket = connect(tech.token);
    await connected(socket);
    const closed = disconnectedWithin(socket, 1000);
    expect((await act(tech)).statusCode).toBeLessThan(300);
    expect(await closed).toBe('io server disconnect');
  });

  it('of an administrator demoted to technician are closed too', async () => {
    const other = await createAdmin(t);
    const socket = connect(other.token);
    await connected(socket);
    const closed = disconnectedWithin(socket, 1000);
    expect((await change(other.id, { role: 'TECH' })).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('stay open when the account changes nothing about its access', async () => {
    const tech = await createUser(t);
    const socket = connect(tech.token);
    await connected(socket);
    expect((await change(tech.id, { fullName: 'Nombre Nuevo' })).statusCode).toBe(200);
    await expect(disconnectedWithin(socket, 500)).rejects.toThrow(/still connected/);
  });

  it('are closed when their token expires', async () => {
    const tech = await createUser(t);
    const shortLived = await new SignJWT({ role: 'TECH', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(tech.id))
      .setIssuer('rondin')
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET!));
    const socket = connect(shortLived);
    await connected(socket);
    expect(await disconnectedWithin(socket, 4000)).toBe('io server disconnect');
  });
});
