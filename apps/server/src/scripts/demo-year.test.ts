import { TRAP_TYPES } from '@rondin/contracts/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, queryRows, type DatabaseHandle } from '../db/database.js';
import { SitesRepository } from '../modules/sites/sites.repository.js';
import { SitesService } from '../modules/sites/sites.service.js';
import { ensureAdmin } from '../modules/technicians/ensure-admin.js';
import { TechniciansRepository } from '../modules/technicians/technicians.repository.js';
import { TrapsRepository } from '../modules/traps/traps.repository.js';
import { TrapsService } from '../modules/traps/traps.service.js';
import { DEMO_WEEKS, seedDemoYear } from './demo-year.js';

// The demonstration's year, on the areas where its outbreaks happen: every order closed and consistent, a
// finding on every scanned item (and its current version), exceptions with their note, some activity.
describe('demo year', () => {
  let handle: DatabaseHandle;
  let siteIds: number[];
  let seconds: number;

  beforeAll(async () => {
    handle = await openPglite();
    const technicians = new TechniciansRepository(handle.db);
    await ensureAdmin(technicians, { email: 'admin@example.com', password: 'clave-segura-123' });
    const adminId = (await technicians.list())[0]!.id;
    const sites = new SitesService(new SitesRepository(handle.db));
    const traps = new TrapsService(new TrapsRepository(handle.db));
    const admin = { id: adminId, role: 'ADMIN', tokenVersion: 0 } as const;
    const [existing] = await sites.list(admin);
    const second = await sites.create(admin, {
      name: 'Centro',
      client: 'Cliente',
      address: null,
      timeZone: 'UTC',
      isActive: true,
    });
    siteIds = [existing!.id, second.id];
    const areas = ['Andén de carga', 'Almacenamiento en racks', 'Perímetro exterior'];
    let number = 0;
    for (const siteId of siteIds) {
      for (const area of areas) {
        for (const type of TRAP_TYPES) {
          number++;
          await traps.create(admin, {
            siteId,
            code: `T-${number}`,
            area,
            type,
            zone: 'INTERIOR',
            riskLevel: 'MEDIO',
            isActive: true,
          });
        }
      }
    }
    const all = await new TrapsRepository(handle.db).list();
    const started = performance.now();
    await seedDemoYear(
      handle.db,
      siteIds.map((siteId) => ({
        siteId,
        traps: all.filter((trap) => trap.siteId === siteId),
        technicianIds: [adminId],
      })),
    );
    seconds = (performance.now() - started) / 1000;
  }, 120_000);

  afterAll(() => handle?.close());

  it('closes 52 weekly orders per site, each a week apart with every item completed', async () => {
    const rows = await queryRows<{ site_id: number; orders: number; weeks: number; open: number; short: number }>(
      handle.db,
      `SELECT site_id, count(*)::int AS orders,
              count(DISTINCT date_trunc('week', scheduled_at))::int AS weeks,
              count(*) FILTER (WHERE status <> 'COMPLETED' OR closed_at IS NULL)::int AS open,
              count(*) FILTER (WHERE completed_count <> item_count
                OR item_count <> (SELECT count(*) FROM session_items i WHERE i.session_id = s.id AND i.status = 'COMPLETED'))::int AS short
         FROM sessions s GROUP BY site_id ORDER BY site_id`,
      [],
    );
    expect(rows).toEqual(
      siteIds.map((siteId) => ({ site_id: siteId, orders: DEMO_WEEKS, weeks: DEMO_WEEKS, open: 0, short: 0 })),
    );
    expect(seconds).toBeLessThan(30);
  });

  it('gives every scanned item one current finding and every other item an exception with its note', async () => {
    const [row] = await queryRows<{
      scanned: number;
      current: number;
      exceptions: number;
      noted: number;
      stray: number;
    }>(
      handle.db,
      `SELECT count(*) FILTER (WHERE i.exception_reason IS NULL)::int AS scanned,
              count(*) FILTER (WHERE i.exception_reason IS NULL AND f.item_id = i.id)::int AS current,
              count(*) FILTER (WHERE i.exception_reason IS NOT NULL)::int AS exceptions,
              count(*) FILTER (WHERE i.exception_reason IS NOT NULL AND length(i.exception_note) > 10 AND i.finding_id IS NULL)::int AS noted,
              (SELECT count(*) FROM findings x WHERE x.site_id <> (SELECT s.site_id FROM session_items y JOIN sessions s ON s.id = y.session_id WHERE y.id = x.item_id))::int AS stray
         FROM session_items i LEFT JOIN findings f ON f.id = i.finding_id`,
      [],
    );
    expect(row!.scanned).toBeGreaterThan(0);
    expect(row!.current).toBe(row!.scanned);
    expect(row!.exceptions).toBeGreaterThan(0);
    expect(row!.noted).toBe(row!.exceptions);
    expect(row!.stray).toBe(0);
    const [events] = await queryRows<{ n: number }>(
      handle.db,
      `SELECT count(*)::int AS n FROM scan_events WHERE result = 'ACCEPTED'`,
      [],
    );
    expect(events!.n).toBe(row!.scanned);
  });

  it('has rare activity, and the mice at the loading dock rise and fall', async () => {
    const [share] = await queryRows<{ none: number; total: number }>(
      handle.db,
      `SELECT count(*) FILTER (WHERE activity = 'NINGUNA' AND device_status = 'OK')::int AS none, count(*)::int AS total
         FROM findings WHERE trap_type <> 'LUZ_UV'`,
      [],
    );
    expect(share!.none / share!.total).toBeGreaterThan(0.85);
    expect(share!.none).toBeLessThan(share!.total);
    const weeks = await queryRows<{ week: string; mice: number }>(
      handle.db,
      `SELECT date_trunc('week', c.recorded_at)::text AS week, sum(c.count)::int AS mice
         FROM finding_captures c JOIN pests p ON p.id = c.pest_id
        WHERE p.scientific_name = 'Mus musculus' GROUP BY 1 ORDER BY 1`,
      [],
    );
    expect(weeks.length).toBeGreaterThanOrEqual(3);
    expect(weeks.length).toBeLessThanOrEqual(10);
    const peak = Math.max(...weeks.map((week) => week.mice));
    expect(weeks.at(-1)!.mice).toBeLessThan(peak);
    const [bait] = await queryRows<{ n: number }>(
      handle.db,
      `SELECT count(*)::int AS n FROM findings WHERE trap_type = 'CEBADERO' AND bait_consumption > 0`,
      [],
    );
    expect(bait!.n).toBeGreaterThan(0);
    const [uv] = await queryRows<{ n: number }>(
      handle.db,
      `SELECT count(DISTINCT c.finding_id)::int AS n FROM finding_captures c JOIN findings f ON f.id = c.finding_id
        WHERE f.trap_type = 'LUZ_UV'`,
      [],
    );
    expect(uv!.n).toBeGreaterThan(DEMO_WEEKS);
  });

  it('answers the order JSON with each item’s finding and outcome', async () => {
    const [row] = await queryRows<{ outcome: string; finding: unknown }>(
      handle.db,
      `SELECT item->>'outcome' AS outcome, item->'finding' AS finding FROM rondin_item_json
        WHERE id = (SELECT min(id) FROM session_items WHERE exception_reason IS NULL)`,
      [],
    );
    expect(row!.outcome).toBe('SCANNED');
    expect(row!.finding).toMatchObject({ isCurrent: true, versionCount: 1 });
  });
});
