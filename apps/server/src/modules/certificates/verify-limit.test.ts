import { CertificateMessages } from '@rondin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, createOrder, scan } from '../../../test/orders.js';
import { createAdmin, createTestApp, createTrap, createUser, type TestApp } from '../../../test/test-app.js';

/** Few misses a minute, so the limit is reached within the test. */
const VERIFY_LIMIT = 3;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ VERIFY_RATE_LIMIT_PER_MINUTE: String(VERIFY_LIMIT) });
});
afterAll(() => t.close());

const verify = (code: string) => t.app.inject({ url: `/api/verify/${code}` });

describe('the public verification limit', { timeout: 60_000 }, () => {
  it('counts only codes that do not exist: a real certificate can be checked again and again', async () => {
    const admin = await createAdmin(t);
    const tech = await createUser(t);
    const trap = await createTrap(t, { code: 'VER-1' });
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const summary = await t.app.inject({ url: `/api/sessions/${order.id}/certificate`, headers: tech.headers });
    const code = (summary.json().verifyUrl as string).split('/').pop()!;
    for (let lookup = 0; lookup < VERIFY_LIMIT * 3; lookup++) expect((await verify(code)).statusCode).toBe(200);
    for (let miss = 0; miss < VERIFY_LIMIT; miss++)
      expect((await verify('abcdefghijkmnpqrstuvw')).statusCode).toBe(404);
    const refused = await verify('abcdefghijkmnpqrstuvw');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(CertificateMessages.tooManyLookups);
  });
});
