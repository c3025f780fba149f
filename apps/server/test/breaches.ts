import type { PutFindingInput, TrapType } from '@rondin/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { pests, sessions, thresholdBreaches, traps } from '../src/db/schema.js';
import { nothingFound, putFinding } from './findings.js';
import { createOrder, scan } from './orders.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from './test-app.js';

export type Device = {
  type: TrapType;
  zone?: 'EXTERIOR' | 'PERIMETRO_INTERIOR' | 'INTERIOR' | null;
  risk?: 'ALTO' | 'MEDIO' | 'BAJO' | null;
  siteId?: number;
  area?: string | null;
};

export interface BreachWorld {
  t: TestApp;
  admin: TestUser;
  tech: TestUser;
  /** Pest ids by name, from the catalogue the migration seeds. */
  pest: Record<string, number>;
}

/**
 * What the thresholds' and the corrective actions' tests share: an app on a database reset before each test, an
 * administrator and a technician, and the steps from a device to its judged finding. Registers the file's hooks;
 * the world's fields are set from the first test on.
 */
export function useBreachWorld() {
  const world = {} as BreachWorld;
  beforeAll(async () => {
    world.t = await createTestApp();
  });
  afterAll(() => world.t.close());
  beforeEach(async () => {
    const { t } = world;
    await t.reset();
    world.admin = await createAdmin(t);
    world.tech = await createUser(t, { fullName: 'Ana Técnica' });
    const rows = await t.database.db.select({ id: pests.id, name: pests.name }).from(pests);
    world.pest = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });

  const get = <T>(url: string) =>
    world.t.app.inject({ url, headers: world.admin.headers }).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    });
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) =>
    world.t.app.inject({ method, url, headers: world.admin.headers, payload });

  async function device({ type, zone = 'INTERIOR', risk = 'BAJO', siteId = DEFAULT_SITE_ID, area }: Device) {
    const trap = await createTrap(world.t, { type, siteId, ...(area === undefined ? {} : { area }) });
    await world.t.database.db.update(traps).set({ zone, riskLevel: risk }).where(eq(traps.id, trap.id));
    return trap;
  }

  /** An order of these traps for the technician, created two hours ago, each trap scanned unless told otherwise. */
  async function visit(trapList: { id: number; qrSlug: string }[], scanned = true) {
    const { t, admin, tech } = world;
    const order = await createOrder(
      t,
      admin,
      tech.id,
      trapList.map((trap) => trap.id),
    );
    await t.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.id, order.id));
    if (scanned) for (const trap of trapList) expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
    const item = (trapId: number) => order.items.find((entry) => entry.trapId === trapId)!.id;
    return { order, item };
  }

  /** Records one finding at a fresh visit of the trap; answers the finding's breach record, if any. */
  async function inspect(trap: { id: number; qrSlug: string }, finding: Partial<PutFindingInput>) {
    const { order, item } = await visit([trap]);
    const response = await putFinding(world.t, world.tech, order.id, item(trap.id), nothingFound(finding));
    expect(response.statusCode, response.body).toBe(200);
    return breachOf(item(trap.id));
  }

  async function breachOf(itemId: number) {
    const [row] = await world.t.database.db
      .select()
      .from(thresholdBreaches)
      .where(eq(thresholdBreaches.itemId, itemId));
    if (!row) return null;
    // The metrics crossed at the breach's level (an ACCION crossing usually crosses that metric's ALERTA too).
    const crossed = (row.breaches as { metric: string; level: string }[]).filter((b) => b.level === row.level);
    return { level: row.level, metrics: crossed.map((b) => b.metric) };
  }

  /**
   * Moves the second shipped version (migration 0020, UV and pheromone traps per device-week; in force since the
   * reset) to `minutes` ago, so findings recorded offline a little earlier are judged by one version or the other.
   */
  async function shippedSecondVersionSince(minutes: number) {
    const since = sql`now() - make_interval(mins => ${minutes})`;
    await world.t.database.db.execute(
      sql`update thresholds set valid_to = ${since} where valid_to is not null and metric = 'CAPTURAS'`,
    );
    await world.t.database.db.execute(
      sql`update thresholds set valid_from = ${since} where metric = 'CAPTURAS_SEMANA'`,
    );
  }

  return { world, get, send, device, visit, inspect, breachOf, shippedSecondVersionSince };
}
