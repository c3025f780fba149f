import type { TrendsReport } from '@rondin/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nothingFound, putFinding } from '../../../../test/findings.js';
import { close, createOrder, scan } from '../../../../test/orders.js';
import { sendRemoteEvent } from '../../../../test/remote-events.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../../test/test-app.js';

/**
 * The trends with electronic devices: their remote captures and activity show as the period's remote monitoring
 * (`remote`), apart from the inspections, whose points do not change. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'UTC' });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

it('shows remote captures and activity in their period, apart from the inspections', async () => {
  // One technician's inspection with a catch, so the inspections' figures are not empty.
  const tech = await createUser(t);
  const inspected = await createTrap(t, { code: 'RT-INS', type: 'LAMINA' });
  const order = await createOrder(t, admin, tech.id, [inspected.id]);
  expect((await scan(t, tech, order.id, inspected.qrSlug)).statusCode).toBe(200);
  const found = await putFinding(t, tech, order.id, order.items[0]!.id, nothingFound({ activity: 'BAJA' }));
  expect(found.statusCode, found.body).toBe(200);
  expect((await close(t, tech, order.id)).statusCode).toBe(200);
  await createTrap(t, { code: 'RT-BOARD', type: 'LAMINA' });
  await createTrap(t, { code: 'RT-SNAP', type: 'CAPTURA' });

  const trends = async (query: string) => {
    const response = await t.app.inject({ url: `/api/reports/trends?${query}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    const { from, to, ...report } = response.json<TrendsReport>();
    return report;
  };
  const queries = ['interval=month', `interval=month&siteId=${DEFAULT_SITE_ID}`, 'interval=week&by=pestGroup'];
  const before = await Promise.all(queries.map(trends));
  for (const report of before) expect(report.remote).toEqual([]);

  const occurredAt = new Date(Date.now() - 60_000).toISOString();
  for (const fields of [
    { deviceCode: 'RT-BOARD', type: 'CAPTURA', count: 3 },
    { deviceCode: 'RT-SNAP', type: 'ACTIVIDAD' },
    { deviceCode: 'RT-SNAP', type: 'BATERIA_BAJA' },
  ]) {
    await sendRemoteEvent(t, admin, { occurredAt, ...fields });
  }

  const after = await Promise.all(queries.map(trends));
  for (const [index, report] of after.entries()) {
    // The inspections' figures, device counts, rates and limits are as they were.
    const { remote, ...inspections } = report;
    const { remote: _none, ...inspectionsBefore } = before[index]!;
    expect(inspections).toEqual(inspectionsBefore);
    expect(inspections.points.reduce((sum, point) => sum + point.inspectedDevices, 0)).toBeGreaterThan(0);
    // The remote monitoring of the event's period: a capture and an activity (the battery alert is no finding).
    const period = report.interval === 'month' ? `${occurredAt.slice(0, 8)}01` : mondayOf(occurredAt);
    expect(remote).toEqual([
      {
        period,
        events: 2,
        devices: 2,
        devicesWithActivity: 2,
        captures: { RASTREROS: 3 },
        capturesPerDeviceWeek: expect.any(Number),
      },
    ]);
    expect(remote![0]!.capturesPerDeviceWeek).toBeGreaterThan(0);
  }

  // Another site's trends show none of it.
  const other = await t.app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: admin.headers,
    payload: { name: 'Otra planta', client: 'Otro cliente' },
  });
  expect(other.statusCode, other.body).toBe(201);
  expect((await trends(`interval=month&siteId=${other.json<{ id: number }>().id}`)).remote).toEqual([]);
});

/** The Monday (UTC) of the week holding an instant, YYYY-MM-DD. */
function mondayOf(instant: string): string {
  const date = new Date(`${instant.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
