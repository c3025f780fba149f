import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';

/**
 * A write that fails in the database is logged whole (it is a 500), but never with the statement's
 * parameters or the failing row PostgreSQL quotes in its detail: for an account, that is its password hash.
 */
const lines: string[] = [];
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logger: { write: (line) => lines.push(line) } });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

describe('error logs', () => {
  it('log a failed account write with its statement and SQLSTATE but without parameters or the failing row', async () => {
    // Every new account now breaks a constraint, as a database fault would.
    await t.database.db.execute(
      sql`alter table technicians add constraint rondin_test_refuse_all check (id < 0) not valid`,
    );
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/technicians',
        headers: admin.headers,
        payload: { email: 'nueva@planta.test', fullName: 'Nueva Técnica', password: 'clave-muy-secreta-91' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe('Error interno del servidor. Inténtalo nuevamente.');
    } finally {
      await t.database.db.execute(sql`alter table technicians drop constraint rondin_test_refuse_all`);
    }
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(failure?.err).toMatchObject({
      type: expect.any(String),
      message: expect.stringContaining('insert into "technicians"'),
      cause: { code: '23514', constraint: 'rondin_test_refuse_all' },
    });
    const logged = lines.join('\n');
    expect(logged).not.toContain('scrypt$');
    expect(logged).not.toContain('nueva@planta.test');
    expect(logged).not.toMatch(/params|Failing row|clave-muy-secreta/);
  });
});
