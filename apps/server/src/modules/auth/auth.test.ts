import { LOGIN_FAILED_MESSAGE } from '@rondin/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '1000', LOGIN_RATE_LIMIT_PER_EMAIL: '1000' });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('POST /api/auth/login', () => {
  it('answers a token and the technician for valid credentials', async () => {
    const tech = await createUser(t, { email: 'ana@planta.test', fullName: 'Ana Pérez' });
    const response = await login('ana@planta.test', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.technician).toMatchObject({
      id: tech.id,
      email: 'ana@planta.test',
      fullName: 'Ana Pérez',
      role: 'TECH',
      isActive: true,
    });
    expect(body.technician).not.toHaveProperty('passwordHash');
    const profile = await t.app.inject({
      url: '/api/technicians/me/profile',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(profile.json().id).toBe(tech.id);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    await createUser(t, { email: 'ana@planta.test' });
    expect((await login('  ANA@Planta.TEST ', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password, an unknown email and an inactive account', async () => {
    await createUser(t, { email: 'ana@planta.test' });
    await createUser(t, { email: 'baja@planta.test', isActive: false });
    const answers = await Promise.all([
      login('ana@planta.test', 'otra-contraseña'),
      login('nadie@planta.test', TEST_PASSWORD),
      login('baja@planta.test', TEST_PASSWORD),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: LOGIN_FAILED_MESSAGE });
    }
  });

  it('takes about as long for an unknown email as for a wrong password, so timing reveals no account', async () => {
    await createUser(t, { email: 'ana@planta.test' });
    const timed = async (email: string) => {
      const start = process.hrtime.bigint();
      expect((await login(email, 'adivinanza')).statusCode).toBe(401);
      return Number(process.hrtime.bigint() - start);
    };
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 7; i++) {
      unknown.push(await timed(`nadie${i}@planta.test`));
      known.push(await timed('ana@planta.test'));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Both paths run one scrypt verification (about 50 ms); without the dummy hash an unknown email
    // would answer in a few milliseconds.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('refuses missing, wrong-typed and oversized fields with Spanish messages', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toEqual(['El correo es obligatorio.', 'La contraseña es obligatoria.']);

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 42, password: true },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toHaveLength(2);

    const huge = await login('ana@planta.test', 'x'.repeat(10_000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toEqual(['La contraseña admite como máximo 200 caracteres.']);
  });
});

describe('login throttling', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '3', LOGIN_RATE_LIMIT_PER_EMAIL: '2' });
  });
  beforeEach(() => limited.reset());
  afterAll(() => limited.close());

  const attempt = (email: string, remoteAddress: string, password = 'adivinanza') =>
    limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('stops a client address after its allowance of failures, with a Spanish 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt(`x${i}@planta.test`, '10.0.0.1')).statusCode).toBe(401);
    const blocked = await attempt('x9@planta.test', '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Demasiados intentos fallidos de inicio de sesión\. Espera (\d+ segundos|1 minuto) e inténtalo de nuevo\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await attempt('x9@planta.test', '10.0.0.2')).statusCode).toBe(401);
  });

  it("stops guessing one account from one address, but never locks the account's owner out from another", async () => {
    const owner = await createAdmin(limited, { email: 'admin@planta.test' });
    expect((await attempt('admin@planta.test', '10.0.1.1')).statusCode).toBe(401);
    expect((await attempt('ADMIN@planta.test', '10.0.1.1')).statusCode).toBe(401);
    const blocked = await attempt('admin@planta.test', '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    // The stranger keeps trying from many addresses: the real administrator still gets in at once.
    for (const address of ['10.0.1.2', '10.0.1.3', '10.0.1.4']) {
      for (let i = 0; i < 2; i++) expect((await attempt('admin@planta.test', address)).statusCode).toBe(401);
    }
    const real = await attempt(owner.email, '192.168.1.20', TEST_PASSWORD);
    expect(real.statusCode).toBe(200);
  });

  it('does not count successful sign-ins, and a success clears its own account and address', async () => {
    const tech = await createUser(limited, { email: 'ana@planta.test' });
    for (let i = 0; i < 5; i++) expect((await attempt(tech.email, '10.0.2.1', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await attempt(tech.email, '10.0.2.1')).statusCode).toBe(401);
    expect((await attempt(tech.email, '10.0.2.1', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await attempt(tech.email, '10.0.2.1')).statusCode).toBe(401);
    expect((await attempt(tech.email, '10.0.2.1', TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('bearer tokens', () => {
  const profile = (authorization?: string) =>
    t.app.inject({ url: '/api/technicians/me/profile', headers: authorization ? { authorization } : {} });

  it('refuses a request without a token', async () => {
    const response = await profile();
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Inicia sesión para continuar.');
  });

  it('refuses a malformed or forged token', async () => {
    expect((await profile('Bearer not-a-token')).statusCode).toBe(401);
    const user = await createUser(t);
    const forged = await new SignJWT({ role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('rondin')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await profile(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('refuses a token signed the right way but with the wrong algorithm, issuer or no expiry, and an unsigned one', async () => {
    const user = await createUser(t);
    const secret = new TextEncoder().encode(t.config.JWT_SECRET!);
    const token = (alg: string, issuer: string | null, expires: boolean) => {
      const jwt = new SignJWT({ role: 'ADMIN' }).setProtectedHeader({ alg }).setSubject(String(user.id));
      if (issuer) jwt.setIssuer(issuer);
      if (expires) jwt.setExpirationTime('1h');
      return jwt.sign(secret);
    };
    expect((await profile(`Bearer ${await token('HS256', 'rondin', true)}`)).statusCode).toBe(200);
    expect((await profile(`Bearer ${await token('HS512', 'rondin', true)}`)).statusCode).toBe(401);
    expect((await profile(`Bearer ${await token('HS256', 'someone-else', true)}`)).statusCode).toBe(401);
    expect((await profile(`Bearer ${await token('HS256', null, true)}`)).statusCode).toBe(401);
    expect((await profile(`Bearer ${await token('HS256', 'rondin', false)}`)).statusCode).toBe(401);
    const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ role: 'ADMIN', sub: String(user.id), iss: 'rondin', exp })}.`;
    expect((await profile(`Bearer ${unsigned}`)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'TECH' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('rondin')
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET!));
    const response = await profile(`Bearer ${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Tu sesión expiró o no es válida. Inicia sesión nuevamente.');
  });

  it('refuses the token of an account deactivated after signing in', async () => {
    const admin = await createAdmin(t);
    const tech = await createUser(t);
    expect((await profile(tech.headers.authorization)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/technicians/${tech.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    expect((await profile(tech.headers.authorization)).statusCode).toBe(401);
  });

  it('uses the current role, not the one in the token, once an admin is demoted', async () => {
    const admin = await createAdmin(t);
    const demoted = await createAdmin(t);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/technicians/${demoted.id}`,
      headers: admin.headers,
      payload: { role: 'TECH' },
    });
    expect((await t.app.inject({ url: '/api/technicians', headers: demoted.headers })).statusCode).toBe(403);
  });
});

describe('PATCH /api/technicians/me/password', () => {
  const change = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/technicians/me/password', headers, payload });

  it('changes the password of the signed-in user, who then signs in with the new one', async () => {
    const tech = await createUser(t, { email: 'ana@planta.test' });
    const response = await change(tech.headers, { currentPassword: TEST_PASSWORD, newPassword: 'nueva-clave-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accessToken: expect.any(String) });
    expect((await login('ana@planta.test', TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('ana@planta.test', 'nueva-clave-1')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400, keeping the session', async () => {
    const tech = await createUser(t, { email: 'ana@planta.test' });
    const response = await change(tech.headers, { currentPassword: 'equivocada', newPassword: 'nueva-clave-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('La contraseña actual no es correcta.');
    expect((await login('ana@planta.test', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const tech = await createUser(t);
    const response = await change(tech.headers, { currentPassword: TEST_PASSWORD, newPassword: 'corta' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(['La contraseña debe tener al menos 8 caracteres.']);
  });

  it('requires a signed-in user', async () => {
    expect((await change({}, { currentPassword: TEST_PASSWORD, newPassword: 'nueva-clave-1' })).statusCode).toBe(401);
  });

  it.each([
    ['a common password', 'password', 'Esa contraseña es de las más usadas y se adivina enseguida: elige otra.'],
    [
      'a common password with digits after it',
      'Dragon2024',
      'Esa contraseña es de las más usadas y se adivina enseguida: elige otra.',
    ],
    ['a common Spanish one', 'contraseña', 'Esa contraseña es de las más usadas y se adivina enseguida: elige otra.'],
    ['a series', '12345678', 'La contraseña no puede ser una serie como 12345678 o abcdefgh.'],
    ['a row of the keyboard', 'qwertyuiop', 'La contraseña no puede ser una serie como 12345678 o abcdefgh.'],
    ['one character repeated', 'aaaaaaaaaa', 'La contraseña no puede ser un mismo carácter repetido.'],
    [
      "the account's email",
      'ana.perez@planta.test',
      'La contraseña no puede ser el correo de la cuenta ni contenerlo.',
    ],
    [
      "the email's name with digits",
      'ana.perez2024',
      'La contraseña no puede ser el correo de la cuenta ni contenerlo.',
    ],
  ])('refuses %s, and keeps the old one', async (_case, newPassword, message) => {
    const tech = await createUser(t, { email: 'ana.perez@planta.test' });
    const response = await change(tech.headers, { currentPassword: TEST_PASSWORD, newPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await login('ana.perez@planta.test', TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('weak passwords chosen by an administrator', () => {
  it('are refused when creating an account and when resetting one', async () => {
    const admin = await createAdmin(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/technicians',
      headers: admin.headers,
      payload: { email: 'luis@planta.test', fullName: 'Luis', password: '12345678' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe('La contraseña no puede ser una serie como 12345678 o abcdefgh.');
    const tech = await createUser(t, { email: 'marta@planta.test' });
    const reset = await t.app.inject({
      method: 'PATCH',
      url: `/api/technicians/${tech.id}`,
      headers: admin.headers,
      payload: { password: 'marta@planta.test' },
    });
    expect(reset.statusCode).toBe(400);
    expect((await login('marta@planta.test', TEST_PASSWORD)).statusCode).toBe(200);
  });
});
