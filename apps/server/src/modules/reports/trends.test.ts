import { PEST_GROUPS, TRAP_TYPES, type TrendPoint, type TrendsReport } from '@rondin/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, traps } from '../../db/schema.js';
import { seedDemoYear } from '../../scripts/demo-year.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { TrapsRepository } from '../traps/traps.repository.js';

/**
 * Trends against an independent count: the demonstration's year of weekly visits (pseudo-random findings with
 * two outbreaks) at a site in Santiago's time zone, counted again here from the rows, period by period, with
 * Intl's own calendar instead of the database's.
 */
let t: TestApp;
let admin: TestUser;
const ZONE = 'America/Santiago';
const AREAS = ['Andén de carga', 'Almacenamiento en racks', 'Perímetro exterior'];

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'UTC' });
  admin = await createAdmin(t);
  await t.database.db.update(sites).set({ timeZone: ZONE }).where(eq(sites.id, DEFAULT_SITE_ID));
  for (const area of AREAS) {
    for (const type of TRAP_TYPES) {
      const trap = await createTrap(t, { area, type });
      const zone = area === 'Perímetro exterior' ? 'EXTERIOR' : 'INTERIOR';
      await t.database.db.update(traps).set({ zone }).where(eq(traps.id, trap.id));
    }
  }
  await createTrap(t, { area: null, type: 'CEBADERO' });
  const all = await new TrapsRepository(t.database.db).list();
  await seedDemoYear(t.database.db, [{ siteId: DEFAULT_SITE_ID, traps: all, technicianIds: [admin.id] }]);
  // One inspection at 02:30 UTC on the first of a month two months back: still the month before in Santiago.
  const now = new Date();
  const evening = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1, 2, 30));
  await t.database.db.execute(
    sql`update findings set recorded_at = ${evening} where id = (select max(finding_id) from session_items)`,
  );
}, 120_000);
afterAll(() => t.close());

interface Current {
  trapId: number;
  type: string;
  activity: string;
  bait: number | null;
  recordedAt: Date;
  area: string | null;
  zone: string | null;
  caught: { group: string; count: number | null; band: string | null }[];
}

/** Every current finding of the site with its catches, read as plain rows. */
async function currentFindings(): Promise<Current[]> {
  const { rows } = (await t.database.db.execute(sql`
    select f.trap_id as "trapId", f.trap_type as type, f.activity, f.bait_consumption as bait,
           f.recorded_at as "recordedAt", t.area, t.zone,
           coalesce((select json_agg(json_build_object('group', p."group", 'count', c.count, 'band', c.band))
                     from finding_captures c join pests p on p.id = c.pest_id where c.finding_id = f.id), '[]') as caught
    from session_items i join findings f on f.id = i.finding_id join traps t on t.id = f.trap_id`)) as unknown as {
    rows: Current[];
  };
  return rows.map((row) => ({ ...row, recordedAt: new Date(row.recordedAt) }));
}

const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const monthOf = (instant: Date) => `${day.format(instant).slice(0, 7)}-01`;
const LEAST: Record<string, number> = { '0': 0, '1-10': 1, '11-50': 11, '>50': 51 };

/** The same figures as the route, counted here. */
function expected(rows: Current[], keyOf: (row: Current) => string | null, periodOf: (row: Current) => string) {
  const points = new Map<
    string,
    {
      period: string;
      key: string | null;
      devices: Set<number>;
      active: Set<number>;
      baits: number[];
      captures: Record<string, number>;
    }
  >();
  for (const row of rows) {
    const period = periodOf(row);
    const key = keyOf(row);
    const id = `${period}|${key}`;
    const point = points.get(id) ?? { period, key, devices: new Set(), active: new Set(), baits: [], captures: {} };
    points.set(id, point);
    point.devices.add(row.trapId);
    if (row.activity !== 'NINGUNA') point.active.add(row.trapId);
    if (row.type === 'CEBADERO' && row.bait !== null) point.baits.push(row.bait);
    for (const catchOf of row.caught) {
      point.captures[catchOf.group] = (point.captures[catchOf.group] ?? 0) + (catchOf.count ?? LEAST[catchOf.band!]!);
    }
  }
  return [...points.values()]
    .sort((a, b) => (a.period + (a.key ?? '')).localeCompare(b.period + (b.key ?? '')))
    .map((point) => ({
      period: point.period,
      key: point.key,
      inspectedDevices: point.devices.size,
      devicesWithActivity: point.active.size,
      captures: point.captures,
      meanBaitConsumption: point.baits.length
        ? Math.round((point.baits.reduce((sum, bait) => sum + bait, 0) / point.baits.length) * 100) / 100
        : null,
    }));
}

async function trends(query: string, user = admin) {
  const response = await t.app.inject({ url: `/api/reports/trends?${query}`, headers: user.headers });
  return response;
}

const withoutRate = (points: TrendPoint[]) => points.map(({ capturesPerDeviceWeek: _, ...point }) => point);

describe('GET /api/reports/trends', () => {
  it('counts each month by area as an independent count of the same year does, in the site’s time zone', async () => {
    const rows = await currentFindings();
    expect(rows.length).toBeGreaterThan(900);
    const from = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const to = new Date().toISOString();
    const response = await trends(`siteId=${DEFAULT_SITE_ID}&from=${from}&to=${to}&interval=month&by=area`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<TrendsReport>();
    expect(report).toMatchObject({ interval: 'month', by: 'area', timeZone: ZONE, previousYear: null });
    const sortKey = (point: { period: string; key: string | null }) => point.period + (point.key ?? '');
    const points = [...report.points].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    expect(withoutRate(points)).toEqual(
      expected(
        rows,
        (row) => row.area ?? '',
        (row) => monthOf(row.recordedAt),
      ),
    );
    // The outbreaks show: the loading dock catches rodents in some month, the perimeter never does.
    expect(points.some((point) => point.key === 'Andén de carga' && (point.captures.ROEDORES ?? 0) > 0)).toBe(true);
    // A rate per device and week: a month's catches over its devices and its (about four and a half) weeks.
    const busiest = points.reduce((top, point) =>
      (point.captures.VOLADORES ?? 0) > (top.captures.VOLADORES ?? 0) ? point : top,
    );
    const rate = (busiest.captures.VOLADORES ?? 0) / busiest.inspectedDevices / 4.43;
    expect(busiest.capturesPerDeviceWeek).toBeGreaterThan(rate * 0.9);
    expect(busiest.capturesPerDeviceWeek).toBeLessThan(rate * 1.1);
  });

  it('splits by pest group, type or zone and steps by week from Monday, all from the same findings', async () => {
    const rows = await currentFindings();
    const from = new Date(Date.now() - 120 * 86_400_000).toISOString();
    const to = new Date().toISOString();
    const inRange = rows.filter((row) => row.recordedAt >= new Date(from) && row.recordedAt < new Date(to));

    const byGroup = (await trends(`siteId=${DEFAULT_SITE_ID}&from=${from}&to=${to}&by=pestGroup`)).json<TrendsReport>();
    const months = new Set(inRange.map((row) => monthOf(row.recordedAt)));
    expect(byGroup.points).toHaveLength(months.size * PEST_GROUPS.length);
    const totals = expected(
      inRange,
      () => null,
      (row) => monthOf(row.recordedAt),
    );
    for (const month of totals) {
      for (const group of PEST_GROUPS) {
        const point = byGroup.points.find((p) => p.period === month.period && p.key === group)!;
        expect(point.captures).toEqual({ [group]: month.captures[group] ?? 0 });
        expect(point.inspectedDevices).toBe(month.inspectedDevices);
      }
    }

    const byType = (
      await trends(`siteId=${DEFAULT_SITE_ID}&from=${from}&to=${to}&by=type&interval=quarter`)
    ).json<TrendsReport>();
    const quarterOf = (row: Current) => {
      const [year, month] = day.format(row.recordedAt).split('-').map(Number) as [number, number];
      return `${year}-${String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
    };
    const sortKey = (point: { period: string; key: string | null }) => point.period + (point.key ?? '');
    expect(withoutRate([...byType.points].sort((a, b) => sortKey(a).localeCompare(sortKey(b))))).toEqual(
      expected(inRange, (row) => row.type, quarterOf),
    );

    const weekly = (
      await trends(`siteId=${DEFAULT_SITE_ID}&from=${from}&to=${to}&interval=week&by=zone`)
    ).json<TrendsReport>();
    for (const point of weekly.points) expect(new Date(`${point.period}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(new Set(weekly.points.map((point) => point.key))).toEqual(new Set(['INTERIOR', 'EXTERIOR', '']));
    const weekDevices = weekly.points.reduce((sum, point) => sum + point.inspectedDevices, 0);
    // Each device once in each week it was inspected (weeks from Monday, in Santiago), split over the zones.
    const mondayOf = (row: Current) => {
      const local = new Date(`${day.format(row.recordedAt)}T00:00:00Z`);
      local.setUTCDate(local.getUTCDate() - ((local.getUTCDay() + 6) % 7));
      return local.toISOString().slice(0, 10);
    };
    expect(weekDevices).toBe(new Set(inRange.map((row) => `${row.trapId}|${mondayOf(row)}`)).size);
    expect(new Set(weekly.points.map((point) => point.period))).toEqual(new Set(inRange.map(mondayOf)));
  });

  it('adds the same periods a year before with compare=prevYear', async () => {
    const rows = await currentFindings();
    // The demonstration holds one year: the period asked for is next year's, so last year's is the one seeded.
    const from = new Date(Date.now() + 165 * 86_400_000);
    const to = new Date(Date.now() + 365 * 86_400_000);
    const response = await trends(
      `siteId=${DEFAULT_SITE_ID}&from=${from.toISOString()}&to=${to.toISOString()}&compare=prevYear`,
    );
    const report = response.json<TrendsReport>();
    const yearBefore = (instant: Date) => {
      const shifted = new Date(instant);
      shifted.setUTCFullYear(shifted.getUTCFullYear() - 1);
      return shifted;
    };
    const before = rows.filter((row) => row.recordedAt >= yearBefore(from) && row.recordedAt < yearBefore(to));
    expect(withoutRate(report.previousYear!)).toEqual(
      expected(
        before,
        () => null,
        (row) => monthOf(row.recordedAt),
      ),
    );
    expect(report.points).toEqual([]);
    expect(report.previousYear!.length).toBeGreaterThan(5);
  });

  it('refuses a bad query in Spanish, an unknown site with 404 and a technician with 403', async () => {
    const bad = async (query: string, message: RegExp) => {
      const response = await trends(query);
      expect(response.statusCode, response.body).toBe(400);
      expect([response.json().message].flat().join(' ')).toMatch(message);
    };
    await bad('interval=day', /interval debe ser week, month, quarter o year/);
    await bad('by=color', /by debe ser area, zone, type o pestGroup/);
    await bad('compare=ayer', /compare solo admite prevYear/);
    await bad('from=2026-05-01T00:00:00Z&to=2026-04-01T00:00:00Z', /no puede ser posterior/);
    await bad('from=2016-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', /no puede pasar de 5 años/);
    expect((await trends('siteId=999999')).statusCode).toBe(404);
    const tech = await createUser(t);
    expect((await trends('', tech)).statusCode).toBe(403);
  });
});
