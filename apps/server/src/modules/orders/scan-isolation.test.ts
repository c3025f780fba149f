import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/orders.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

/**
 * One technician's bad scan must never cost another's good one. On the embedded database the scans that
 * arrive together are stored as one statement; a scan the database could not take used to fail the whole
 * statement, and 6–16 of 20 good scans sent beside it got 500 and were lost.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const BAD_SCANS = [
  { qrSlug: 'abc\u0000def' },
  { qrSlug: 'X\ud800' },
  { qrSlug: '\udfffX' },
  { qrSlug: 'cualquiera', scannedAt: '0000-01-01T00:00:00Z' },
  { qrSlug: 'cualquiera', scannedAt: '2026-01-01T00:00:00+23:00' },
];

async function technicianWithOrder(traps: number) {
  const tech = await createUser(t);
  const trapRows = await Promise.all(Array.from({ length: traps }, () => createTrap(t)));
  const order = await createOrder(
    t,
    admin,
    tech.id,
    trapRows.map((trap) => trap.id),
  );
  return { tech, order, slugs: trapRows.map((trap) => trap.qrSlug) };
}

describe('scans sent together', () => {
  it('accepts and stores every good scan of two technicians when bad ones arrive in the same burst', async () => {
    const first = await technicianWithOrder(10);
    const second = await technicianWithOrder(10);
    const send = (user: TestUser, sessionId: number, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/scan`, headers: user.headers, payload });
    const good = [first, second].flatMap(({ tech, order, slugs }) =>
      slugs.map((qrSlug) => ({
        user: tech,
        sessionId: order.id,
        payload: { qrSlug, scannedAt: new Date().toISOString() },
      })),
    );
    const bad = BAD_SCANS.map((payload, index) => {
      const { tech, order } = index % 2 ? first : second;
      return { user: tech, sessionId: order.id, payload };
    });
    // Interleaved, all in flight at once.
    const burst = good.flatMap((scan, index) => (index % 4 === 0 && bad[index / 4] ? [scan, bad[index / 4]!] : [scan]));
    const answers = await Promise.all(burst.map(({ user, sessionId, payload }) => send(user, sessionId, payload)));

    burst.forEach((scan, index) => {
      const expected = bad.includes(scan) ? 400 : 200;
      expect(answers[index]!.statusCode, `${JSON.stringify(scan.payload)} → ${answers[index]!.body}`).toBe(expected);
    });
    for (const { tech, order } of [first, second]) {
      const stored = (await t.app.inject({ url: `/api/sessions/${order.id}`, headers: tech.headers })).json();
      expect(stored.completedCount).toBe(10);
      expect(stored.items.every((item: { status: string }) => item.status === 'COMPLETED')).toBe(true);
    }
  });
});
