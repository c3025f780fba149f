import { createHash } from 'node:crypto';
import { type ApiToken, ApiTokenMessages, type CreatedApiToken } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiTokens, technicians } from '../../db/schema.js';
import { AuthMessages } from '../../lib/auth-user.js';
import {
  DEFAULT_SITE_ID,
  createAdmin,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let now = new Date('2026-06-01T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  now = new Date('2026-06-01T10:00:00Z');
  admin = await createAdmin(t, { fullName: 'Lucía Administradora' });
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD';
const call = (method: Method, url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
const bearer = (token: string) => `Bearer ${token}`;

async function createToken(scope: 'read' | 'write', name = `ERP ${scope}`, by: TestUser = admin) {
  const response = await call('POST', '/api/api-tokens', by.headers.authorization, { name, scope });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>();
}

const listTokens = async (): Promise<ApiToken[]> => {
  const response = await call('GET', '/api/api-tokens', admin.headers.authorization);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('POST /api/api-tokens', () => {
  it('shows the token once, rdn_ and random, and keeps only its SHA-256', async () => {
    const created = await createToken('read', 'Power BI');
    expect(created.token).toMatch(/^rdn_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken).toMatchObject({
      name: 'Power BI',
      scope: 'read',
      hint: created.token.slice(0, 8),
      createdBy: { id: admin.id, fullName: 'Lucía Administradora' },
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    });
    const other = await createToken('read', 'Otro');
    expect(other.token).not.toBe(created.token);

    const listed = await call('GET', '/api/api-tokens', admin.headers.authorization);
    expect(listed.body).not.toContain(created.token);
    expect(listed.body).not.toContain(created.token.slice(8));
    const [stored] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.apiToken.id));
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(8));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
  });

  it('refuses a name missing or too long and a scope other than read or write, in Spanish', async () => {
    for (const [body, message] of [
      [{ name: '  ', scope: 'read' }, ApiTokenMessages.nameRequired],
      [{ name: 'x'.repeat(81), scope: 'read' }, 'El nombre admite como máximo 80 caracteres.'],
      [{ name: 'ERP', scope: 'admin' }, ApiTokenMessages.scopeInvalid],
    ] as const) {
      const response = await call('POST', '/api/api-tokens', admin.headers.authorization, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });
});

describe('a request with an API token', () => {
  it('acts as an administrator: a read token reads, a write token also writes, attributed to its creator', async () => {
    const { token: read } = await createToken('read');
    const { token: write } = await createToken('write');

    expect((await call('GET', '/api/sites', bearer(read))).statusCode).toBe(200);
    expect((await call('GET', '/api/technicians', bearer(read))).statusCode).toBe(200);
    expect((await call('HEAD', `/api/sites/${DEFAULT_SITE_ID}`, bearer(read))).statusCode).toBe(200);
    const refused = await call('POST', '/api/sites', bearer(read), { name: 'Planta Norte' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ApiTokenMessages.readOnly);
    const patch = await call('PATCH', `/api/sites/${DEFAULT_SITE_ID}`, bearer(read), { client: 'Otro' });
    expect(patch.statusCode).toBe(403);

    const created = await call('POST', '/api/sites', bearer(write), { name: 'Planta Norte' });
    expect(created.statusCode, created.body).toBe(201);
    const log = await call('GET', '/api/audit-log?pageSize=5', admin.headers.authorization);
    const entry = log.json<{ items: { entity: string; action: string; actor: { id: number } | null }[] }>().items[0];
    expect(entry).toMatchObject({ entity: 'site', action: 'create', actor: { id: admin.id } });
  });

  it('cannot escalate: no token manages tokens, webhooks, accounts or passwords, nor downloads a backup', async () => {
    const { token: write } = await createToken('write');
    const tech = await createUser(t);
    const attempts: [Method, string, object?][] = [
      ['POST', '/api/api-tokens', { name: 'Otro', scope: 'write' }],
      ['GET', '/api/api-tokens'],
      ['DELETE', '/api/api-tokens/1'],
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks', { url: 'https://erp.ejemplo.cl/', events: ['order.closed'] }],
      [
        'POST',
        '/api/technicians',
        { email: 'nuevo@planta.test', fullName: 'Nuevo', password: 'clave-nueva-1', role: 'ADMIN' },
      ],
      ['PATCH', `/api/technicians/${tech.id}`, { role: 'ADMIN' }],
      ['PATCH', `/api/technicians/${tech.id}`, { password: 'clave-nueva-2' }],
      ['DELETE', `/api/technicians/${tech.id}`],
      ['GET', '/api/technicians/me/profile'],
      ['PATCH', '/api/technicians/me/password', { currentPassword: 'x', newPassword: 'otra-clave-1' }],
      ['POST', '/api/clients/1/portal-accounts', { email: 'p@cliente.test', fullName: 'Portal' }],
      ['GET', '/api/notifications'],
      ['GET', '/api/backup'],
      ['DELETE', '/api/settings/signing-certificate'],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(method, url, bearer(write), payload);
      expect([`${method} ${url}`, response.statusCode]).toEqual([`${method} ${url}`, 403]);
      expect(response.json().message).toBe(ApiTokenMessages.excluded);
    }
    const [account] = await t.database.db.select().from(technicians).where(eq(technicians.id, tech.id));
    expect(account).toMatchObject({ role: 'TECH', isActive: true });
    expect(await listTokens()).toHaveLength(1);
  });

  it('is refused 401 once revoked, unknown, or when its administrator is deactivated or demoted', async () => {
    const { token, apiToken } = await createToken('write');
    expect((await call('GET', '/api/sites', bearer(token))).statusCode).toBe(200);

    const revoked = await call('DELETE', `/api/api-tokens/${apiToken.id}`, admin.headers.authorization);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<ApiToken>()).toMatchObject({ revokedAt: now.toISOString(), revokedBy: { id: admin.id } });
    const refused = await call('GET', '/api/sites', bearer(token));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(ApiTokenMessages.invalid);
    const again = await call('DELETE', `/api/api-tokens/${apiToken.id}`, admin.headers.authorization);
    expect([again.statusCode, again.json().message]).toEqual([409, ApiTokenMessages.alreadyRevoked]);
    expect((await call('DELETE', '/api/api-tokens/999', admin.headers.authorization)).statusCode).toBe(404);
    expect((await listTokens())[0]).toMatchObject({ id: apiToken.id, revokedBy: { id: admin.id } });

    const unknown = await call('GET', '/api/sites', bearer(`rdn_${'A'.repeat(43)}`));
    expect([unknown.statusCode, unknown.json().message]).toEqual([401, ApiTokenMessages.invalid]);

    const other = await createAdmin(t);
    const { token: ofOther } = await createToken('read', 'De otro', other);
    await t.database.db.update(technicians).set({ role: 'TECH' }).where(eq(technicians.id, other.id));
    expect((await call('GET', '/api/sites', bearer(ofOther))).statusCode).toBe(401);
    await t.database.db.update(technicians).set({ role: 'ADMIN', isActive: false }).where(eq(technicians.id, other.id));
    expect((await call('GET', '/api/sites', bearer(ofOther))).statusCode).toBe(401);
    await t.database.db.update(technicians).set({ isActive: true }).where(eq(technicians.id, other.id));
    expect((await call('GET', '/api/sites', bearer(ofOther))).statusCode).toBe(200);
  });

  it('keeps working when its administrator changes password: it is not a session', async () => {
    const { token } = await createToken('read');
    await t.database.db.update(technicians).set({ tokenVersion: 5 }).where(eq(technicians.id, admin.id));
    expect((await call('GET', '/api/sites', bearer(token))).statusCode).toBe(200);
    const session = await call('GET', '/api/sites', admin.headers.authorization);
    expect([session.statusCode, session.json().message]).toEqual([401, AuthMessages.passwordChanged]);
  });

  it('records its last use, at most once a minute', async () => {
    const { token, apiToken } = await createToken('read');
    const lastUse = async () => (await listTokens()).find((listed) => listed.id === apiToken.id)!.lastUsedAt;
    const started = now;
    await call('GET', '/api/sites', bearer(token));
    expect(await lastUse()).toBe(started.toISOString());
    now = new Date(started.getTime() + 59_000);
    await call('GET', '/api/sites', bearer(token));
    expect(await lastUse()).toBe(started.toISOString());
    now = new Date(started.getTime() + 61_000);
    await call('GET', '/api/sites', bearer(token));
    expect(await lastUse()).toBe(now.toISOString());
  });
});
