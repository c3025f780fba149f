import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close } from '../../test/orders.js';
import { createAdmin, createTestApp, createUser, type TestApp, type TestUser } from '../../test/test-app.js';

/**
 * Drawing a PDF is synchronous work in the server's one thread. The longest documents one request can ask
 * for (a service report of an order with 5,000 traps, a sheet of 5,000 labels) took about a second of
 * drawing, and every other request (scans, health checks) waited for all of it. They are now drawn a page
 * at a time: another request is answered while the document is still being drawn.
 */
const TRAPS = 5000;
let t: TestApp;
let admin: TestUser;
let trapIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  const { rows } = (await t.database.db.execute(sql`
    insert into traps (site_id, code, area, qr_slug)
    select (select min(id) from sites), 'LARGA-' || g, 'Almacén de producto terminado, pasillo ' || (g % 40), 'larga-' || g
    from generate_series(1, ${TRAPS}) g
    returning id`)) as unknown as { rows: { id: number }[] };
  trapIds = rows.map((row) => Number(row.id));
}, 120_000);
afterAll(() => t.close());

/** Starts `slow`, then asks for the health check: whether the health check was answered first. */
async function answeredMeanwhile(slow: () => Promise<{ statusCode: number; rawPayload: Buffer }>): Promise<boolean> {
  let documentDone = false;
  const document = slow().then((response) => {
    documentDone = true;
    return response;
  });
  const health = await t.app.inject({ url: '/api/health' });
  expect(health.statusCode).toBe(200);
  const answeredFirst = !documentDone;
  const finished = await document;
  expect(finished.statusCode).toBe(200);
  expect(finished.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return answeredFirst;
}

describe('long documents', () => {
  it('let other requests through while a 5,000-trap service report is drawn', async () => {
    const tech: TestUser = await createUser(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: admin.headers,
      payload: { technicianId: tech.id, trapIds },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const closed = await close(t, admin, id, { force: true });
    expect(closed.statusCode).toBe(200);
    expect(
      await answeredMeanwhile(() => t.app.inject({ url: `/api/sessions/${id}/report`, headers: admin.headers })),
    ).toBe(true);
  }, 120_000);

  it('let other requests through while a sheet of 5,000 labels is drawn', async () => {
    expect(
      await answeredMeanwhile(() =>
        t.app.inject({ method: 'POST', url: '/api/traps/labels', headers: admin.headers, payload: { ids: trapIds } }),
      ),
    ).toBe(true);
  }, 120_000);
});
