import type { PlanHeat } from '@rondin/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlan, placeTrap, planImage } from '../../../../test/plans.js';
import { sendRemoteEvent } from '../../../../test/remote-events.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../../test/test-app.js';

/**
 * The heat map with an electronic device: its remote captures and activity heat its marker, but it shows no
 * inspection (a remote event is never a visit). Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'UTC' });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

it('heats an electronic device by its remote captures without counting an inspection', async () => {
  const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Almacén', await planImage(800, 600));
  const codes = ['RH-1', 'RH-2', 'RH-3'];
  for (const [index, code] of codes.entries()) {
    const trap = await createTrap(t, { code, type: 'CAPTURA' });
    expect((await placeTrap(t, admin, trap.id, { planId: plan.id, x: 0.2 + 0.3 * index, y: 0.5 })).statusCode).toBe(
      200,
    );
  }
  const send = (fields: Record<string, unknown>) => sendRemoteEvent(t, admin, fields);
  for (let i = 0; i < 12; i++) await send({ deviceCode: 'RH-1', type: 'CAPTURA', count: 5 });
  await send({ deviceCode: 'RH-2', type: 'ACTIVIDAD' });
  const heat = await t.app.inject({ url: `/api/plans/${plan.id}/heat`, headers: admin.headers });
  expect(heat.statusCode, heat.body).toBe(200);
  const devices = heat.json<PlanHeat>().devices.map(({ code, inspections, captures, maxActivity, heat }) => ({
    code,
    inspections,
    captures,
    maxActivity,
    heat,
  }));
  expect(devices).toEqual([
    { code: 'RH-1', inspections: 0, captures: 60, maxActivity: 'ALTA', heat: 'MEDIA' },
    { code: 'RH-2', inspections: 0, captures: 0, maxActivity: 'BAJA', heat: 'BAJA' },
    { code: 'RH-3', inspections: 0, captures: 0, maxActivity: null, heat: 'SIN_DATOS' },
  ]);
});
