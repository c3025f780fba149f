import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { ensureAdmin } from './ensure-admin.js';
import { TechniciansRepository } from './technicians.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('ensureAdmin', () => {
  it('creates one administrator when several processes start together on an empty database', async () => {
    await t.reset();
    // Each process has its own repository on the shared database, and its own generated password.
    const starts = await Promise.all(
      Array.from({ length: 4 }, () => ensureAdmin(new TechniciansRepository(t.database.db), {})),
    );
    const created = starts.filter((start) => start !== undefined);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ email: 'admin@rondin.local', generatedPassword: expect.any(String) });
    const accounts = await new TechniciansRepository(t.database.db).list();
    expect(accounts.map((account) => [account.email, account.role])).toEqual([['admin@rondin.local', 'ADMIN']]);
    // The password shown is the one that works.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@rondin.local', password: created[0]!.generatedPassword },
    });
    expect(login.statusCode).toBe(200);
  });
});
