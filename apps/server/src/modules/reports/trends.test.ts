import {
  PEST_GROUPS,
  type SiteThresholds,
  TRAP_TYPES,
  type TrendPoint,
  type TrendsReport,
  type TrendThreshold,
} from '@rondin/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, sites, traps, trendInspections } from '../../db/schema.js';
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
import { untilWaitingForLock } from '../../../test/lock-wait.js';
import { TrapsRepository } from '../traps/traps.repository.js';
import { countTrendPeriodsAfter, countTrends, fillTrendInspections } from './trends.repository.js';
import { nothingFound, putFinding } from '../../../test/findings.js';
import { close, createOrder, scan } from '../../../test/orders.js';

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

  it('draws the limits in force at `to`: the global ones, a site’s own in their place, never a later change', async () => {
    const lines = (report: TrendsReport, metric: string) =>
      report.thresholds
        .filter((line) => line.metric === metric)
        .map(({ level, value, key, zone, trapType, pestGroup }) => ({ level, value, key, zone, trapType, pestGroup }));
    const to = new Date().toISOString();
    const shipped = (await trends(`siteId=${DEFAULT_SITE_ID}&to=${to}&by=zone`)).json<TrendsReport>();
    // The shipped bait limits: ACCION at 25 % inside (also over devices without a zone, judged as inside) and in
    // the inner perimeter, ALERTA at 50 % outside.
    expect(lines(shipped, 'CONSUMO_CEBO')).toEqual([
      { level: 'ACCION', value: 25, key: 'INTERIOR', zone: 'INTERIOR', trapType: 'CEBADERO', pestGroup: null },
      { level: 'ACCION', value: 25, key: '', zone: 'INTERIOR', trapType: 'CEBADERO', pestGroup: null },
      {
        level: 'ACCION',
        value: 25,
        key: 'PERIMETRO_INTERIOR',
        zone: 'PERIMETRO_INTERIOR',
        trapType: 'CEBADERO',
        pestGroup: null,
      },
      { level: 'ALERTA', value: 50, key: 'EXTERIOR', zone: 'EXTERIOR', trapType: 'CEBADERO', pestGroup: null },
    ]);
    // Unsplit, every line is drawn over the one series; by type, over its type's.
    const unsplit = (await trends(`siteId=${DEFAULT_SITE_ID}&to=${to}`)).json<TrendsReport>();
    expect(new Set(unsplit.thresholds.map((line) => line.key))).toEqual(new Set([null]));
    const byType = (await trends(`siteId=${DEFAULT_SITE_ID}&to=${to}&by=type`)).json<TrendsReport>();
    for (const line of byType.thresholds) expect(line.key).toBe(line.trapType);

    // The site tightens the inside limit and adds a weekly catch limit for flying insects on its light traps.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/sites/${DEFAULT_SITE_ID}/thresholds`,
      headers: admin.headers,
      payload: {
        thresholds: [
          {
            trapType: 'CEBADERO',
            zone: 'INTERIOR',
            riskLevel: null,
            metric: 'CONSUMO_CEBO',
            pestGroup: null,
            level: 'ACCION',
            value: 10,
          },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    // A millisecond before the change took effect, by the database's own clock: its version's start.
    const before = new Date(Date.parse(put.json<SiteThresholds>().validFrom!) - 1);
    await t.database.db.execute(sql`insert into thresholds (site_id, trap_type, zone, risk_level, metric, pest_group, level, value)
      values (${DEFAULT_SITE_ID}, 'LUZ_UV', null, null, 'CAPTURAS_SEMANA', 'VOLADORES', 'ALERTA', 12)`);
    const after = new Date(Date.now() + 1000).toISOString();
    const site = (await trends(`siteId=${DEFAULT_SITE_ID}&to=${after}&by=zone`)).json<TrendsReport>();
    expect(lines(site, 'CONSUMO_CEBO')).toEqual([
      { level: 'ACCION', value: 10, key: 'INTERIOR', zone: 'INTERIOR', trapType: 'CEBADERO', pestGroup: null },
      { level: 'ACCION', value: 10, key: '', zone: 'INTERIOR', trapType: 'CEBADERO', pestGroup: null },
      {
        level: 'ACCION',
        value: 25,
        key: 'PERIMETRO_INTERIOR',
        zone: 'PERIMETRO_INTERIOR',
        trapType: 'CEBADERO',
        pestGroup: null,
      },
      { level: 'ALERTA', value: 50, key: 'EXTERIOR', zone: 'EXTERIOR', trapType: 'CEBADERO', pestGroup: null },
    ]);
    const byGroup = (await trends(`siteId=${DEFAULT_SITE_ID}&to=${after}&by=pestGroup`)).json<TrendsReport>();
    expect(byGroup.thresholds).toContainEqual<TrendThreshold>({
      metric: 'CAPTURAS_SEMANA',
      level: 'ALERTA',
      value: 12,
      pestGroup: 'VOLADORES',
      key: 'VOLADORES',
      trapType: 'LUZ_UV',
      zone: null,
      riskLevel: null,
    });
    const siteOwn = (line: TrendThreshold) => line.metric === 'CAPTURAS_SEMANA' && line.value === 12;
    // Another site's report, and every site's (the global limits), keep 25.
    const national = (await trends(`to=${after}&by=zone`)).json<TrendsReport>();
    expect(lines(national, 'CONSUMO_CEBO').find((line) => line.key === 'INTERIOR')!.value).toBe(25);
    expect(national.thresholds.some(siteOwn)).toBe(false);
    // A period that ended before the change is read against the limits in force then.
    const earlier = (await trends(`siteId=${DEFAULT_SITE_ID}&to=${before.toISOString()}&by=zone`)).json<TrendsReport>();
    expect(lines(earlier, 'CONSUMO_CEBO')).toEqual(lines(shipped, 'CONSUMO_CEBO'));
    expect(earlier.thresholds.some(siteOwn)).toBe(false);
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

class RolledBack extends Error {}

/** trend_periods as the triggers kept it, in a stable order, numbers as numbers. */
async function periodRows(run: (query: ReturnType<typeof sql>) => Promise<unknown> = (q) => t.database.db.execute(q)) {
  const { rows } = (await run(sql`
    select site_id, interval, dimension, to_char(period, 'YYYY-MM-DD') as period, key, inspected, with_activity,
           bait_sum::float8 as bait_sum, baits, roedores::float8 as roedores, roedores_recorded,
           rastreros::float8 as rastreros, rastreros_recorded, voladores::float8 as voladores, voladores_recorded,
           producto_almacenado::float8 as producto_almacenado, producto_almacenado_recorded,
           otros::float8 as otros, otros_recorded
    from trend_periods where inspected > 0 order by site_id, interval, dimension, period, key`)) as {
    rows: Record<string, unknown>[];
  };
  return rows;
}

/** trend_periods counted again from scratch by rondin_trend_periods_rebuild, in a transaction rolled back. */
async function rebuiltPeriodRows() {
  let rows: Record<string, unknown>[] = [];
  await t.database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select rondin_trend_periods_rebuild(null)`);
      rows = await periodRows((query) => tx.execute(query));
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return rows;
}

describe('trend_periods: what the trends read whole', () => {
  const utcMonthOf = (instant: Date) => `${instant.toISOString().slice(0, 7)}-01`;

  it('counts every site as an independent count does, a site in another zone counted apart', async () => {
    // A second plant without a zone of its own (counted in the server's, UTC here) beside the one in Santiago.
    const [plant] = await t.database.db.insert(sites).values({ name: 'Planta Norte' }).returning();
    for (const type of ['CEBADERO', 'LUZ_UV', 'LAMINA'] as const) await createTrap(t, { siteId: plant!.id, type });
    const theirs = (await new TrapsRepository(t.database.db).list()).filter((trap) => trap.siteId === plant!.id);
    await seedDemoYear(t.database.db, [{ siteId: plant!.id, traps: theirs, technicianIds: [admin.id] }]);

    // Without a start: from the first day of the month a year before, in the server's zone.
    const national = (await trends('interval=month&by=type')).json<TrendsReport>();
    const from = new Date(national.from);
    const yearBefore = new Date();
    yearBefore.setUTCFullYear(yearBefore.getUTCFullYear() - 1);
    expect(national.from).toBe(`${utcMonthOf(yearBefore)}T00:00:00.000Z`);
    const rows = (await currentFindings()).filter(
      (row) => row.recordedAt >= from && row.recordedAt < new Date(national.to),
    );
    const sortKey = (point: { period: string; key: string | null }) => point.period + (point.key ?? '');
    expect(withoutRate([...national.points].sort((a, b) => sortKey(a).localeCompare(sortKey(b))))).toEqual(
      expected(
        rows,
        (row) => row.type,
        (row) => utcMonthOf(row.recordedAt),
      ),
    );
    // The plant's months come from trend_periods (Santiago's are counted in its own zone, not in UTC).
    const { rows: kept } = (await t.database.db.execute(
      sql`select distinct site_id from trend_periods where interval = 'month' order by 1`,
    )) as unknown as { rows: { site_id: number }[] };
    expect(kept.map((row) => row.site_id)).toEqual([DEFAULT_SITE_ID, plant!.id]);

    // The site in Santiago by week, its first week whole.
    const weekly = (await trends(`siteId=${DEFAULT_SITE_ID}&interval=week`)).json<TrendsReport>();
    expect(new Date(`${weekly.points[0]!.period}T12:00:00Z`).getUTCDay()).toBe(1);
    const mondayOf = (row: Current) => {
      const local = new Date(`${day.format(row.recordedAt)}T00:00:00Z`);
      local.setUTCDate(local.getUTCDate() - ((local.getUTCDay() + 6) % 7));
      return local.toISOString().slice(0, 10);
    };
    const site = (await currentFindings()).filter(
      (row) =>
        theirs.every((trap) => trap.id !== row.trapId) &&
        row.recordedAt >= new Date(weekly.from) &&
        row.recordedAt < new Date(weekly.to),
    );
    expect(withoutRate(weekly.points)).toEqual(expected(site, () => null, mondayOf));
    expect(await periodRows()).toEqual(await rebuiltPeriodRows());
  });

  it('follows a device moved to another area and a site given another zone', async () => {
    const byArea = async () => {
      const report = (await trends(`siteId=${DEFAULT_SITE_ID}&by=area`)).json<TrendsReport>();
      const sortKey = (point: { period: string; key: string | null }) => point.period + (point.key ?? '');
      return { report, points: withoutRate([...report.points].sort((a, b) => sortKey(a).localeCompare(sortKey(b)))) };
    };
    const site = async (from: string, to: string) =>
      (await currentFindings()).filter(
        (row) =>
          row.recordedAt >= new Date(from) &&
          row.recordedAt < new Date(to) &&
          row.area !== undefined &&
          siteTraps.has(row.trapId),
      );
    const siteTraps = new Set(
      (await new TrapsRepository(t.database.db).list())
        .filter((trap) => trap.siteId === DEFAULT_SITE_ID)
        .map((trap) => trap.id),
    );
    const moved = (await new TrapsRepository(t.database.db).list()).find(
      (trap) => trap.siteId === DEFAULT_SITE_ID && trap.area === AREAS[0],
    )!;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/traps/${moved.id}`,
      headers: admin.headers,
      payload: { area: 'Sala de envasado' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await byArea();
    expect(after.points.some((point) => point.key === 'Sala de envasado')).toBe(true);
    expect(after.points).toEqual(
      expected(
        await site(after.report.from, after.report.to),
        (row) => row.area ?? '',
        (row) => monthOf(row.recordedAt),
      ),
    );

    // The site moves to Madrid's zone: its months are counted again there.
    const zoned = await t.app.inject({
      method: 'PATCH',
      url: `/api/sites/${DEFAULT_SITE_ID}`,
      headers: admin.headers,
      payload: { timeZone: 'Europe/Madrid' },
    });
    expect(zoned.statusCode, zoned.body).toBe(200);
    const madrid = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit' });
    const inMadrid = await byArea();
    expect(inMadrid.report.timeZone).toBe('Europe/Madrid');
    expect(inMadrid.points).toEqual(
      expected(
        await site(inMadrid.report.from, inMadrid.report.to),
        (row) => row.area ?? '',
        (row) => `${madrid.format(row.recordedAt)}-01`,
      ),
    );
    expect(await periodRows()).toEqual(await rebuiltPeriodRows());
    await t.database.db.update(sites).set({ timeZone: ZONE }).where(eq(sites.id, DEFAULT_SITE_ID));
  });

  it('counts the sites without a zone again when the server starts in another', async () => {
    const plantRows = async () => (await periodRows()).filter((row) => row.site_id !== DEFAULT_SITE_ID);
    // One of the plant's inspections with catches at 02:30 UTC on the first of a month: the month before in Bogotá.
    const now = new Date();
    const early = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1, 2, 30));
    await t.database.db.execute(sql`update findings set recorded_at = ${early}
      where id = (select max(i.finding_id) from session_items i join sessions o on o.id = i.session_id
                  where o.site_id <> ${DEFAULT_SITE_ID} and exists (
                    select 1 from finding_captures c where c.finding_id = i.finding_id and c.count > 0))`);
    const inUtc = await plantRows();
    expect(await useServerZoneChanged('America/Bogota')).toBe(true);
    expect(await useServerZoneChanged('America/Bogota')).toBe(false);
    const inBogota = await plantRows();
    expect(inBogota).not.toEqual(inUtc);
    expect(await periodRows()).toEqual(await rebuiltPeriodRows());
    // What the plant's months in Bogotá read from trend_periods is what its findings say, counted here.
    const plantId = inBogota[0]!.site_id as number;
    const to = new Date();
    const from = new Date(Date.UTC(to.getUTCFullYear() - 2, 0, 1, 5));
    const bogota = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit' });
    const plantTraps = new Set(
      (await new TrapsRepository(t.database.db).list())
        .filter((trap) => trap.siteId === plantId)
        .map((trap) => trap.id),
    );
    const counted = await countTrends(
      t.database.db,
      { from, to, siteId: plantId },
      'month',
      undefined,
      'America/Bogota',
    );
    expect(
      counted.map((row) => ({
        period: row.period,
        key: row.key,
        inspectedDevices: row.inspected,
        devicesWithActivity: row.withActivity,
        captures: row.captures,
        meanBaitConsumption: row.meanBait === null ? null : Math.round(row.meanBait * 100) / 100,
      })),
    ).toEqual(
      expected(
        (await currentFindings()).filter((row) => plantTraps.has(row.trapId) && row.recordedAt < to),
        () => null,
        (row) => `${bogota.format(row.recordedAt)}-01`,
      ),
    );
    // Meanwhile the server (TIME_ZONE=UTC) counts the plant from trend_inspections: the same figures.
    const national = (await trends('interval=week&by=zone')).json<TrendsReport>();
    expect(await useServerZoneChanged('UTC')).toBe(true);
    expect((await trends(`interval=week&by=zone&to=${national.to}`)).json<TrendsReport>().points).toEqual(
      national.points,
    );
    expect(await plantRows()).toEqual(inUtc);
  });

  it.runIf(process.env.DATABASE_URL)('counts a device once when two of its inspections commit at once', async () => {
    if (t.database.kind !== 'postgres') throw new Error('PostgreSQL expected');
    const tech = await createUser(t);
    const trap = await createTrap(t, { type: 'LAMINA', area: AREAS[1] });
    const items = [
      (await createOrder(t, admin, tech.id, [trap.id])).items[0]!.id,
      (await createOrder(t, admin, tech.id, [trap.id])).items[0]!.id,
    ];
    const [first, second] = [await t.database.pool.connect(), await t.database.pool.connect()];
    const insert = (itemId: number) =>
      `insert into trend_inspections (item_id, finding_id, site_id, trap_id, trap_type, recorded_at, active)
       values (${itemId}, 0, ${DEFAULT_SITE_ID}, ${trap.id}, 'LAMINA', now(), true)`;
    try {
      await first.query('begin');
      await second.query('begin');
      await first.query(insert(items[0]!));
      const pid = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const waiting = second.query(insert(items[1]!));
      // The second waits for the first's commit (the site's lock), then sees its inspection.
      await untilWaitingForLock(t.database.pool, pid);
      await first.query('commit');
      await waiting;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    expect(await periodRows()).toEqual(await rebuiltPeriodRows());
    const { rows } = (await t.database.db.execute(sql`
      select inspected, with_activity from trend_periods
      where site_id = ${DEFAULT_SITE_ID} and interval = 'week' and dimension = 'area' and key = ${AREAS[1]!}
        and period = (select date_trunc('week', now() at time zone ${ZONE})::date)`)) as unknown as {
      rows: { inspected: number; with_activity: number }[];
    };
    const { rows: devices } = (await t.database.db.execute(sql`
      select count(distinct s.trap_id)::int as inspected from trend_inspections s join traps t on t.id = s.trap_id
      where s.site_id = ${DEFAULT_SITE_ID} and t.area = ${AREAS[1]!}
        and s.recorded_at >= date_trunc('week', now() at time zone ${ZONE}) at time zone ${ZONE}`)) as unknown as {
      rows: { inspected: number }[];
    };
    expect(rows[0]!.inspected).toBe(devices[0]!.inspected);
    await t.database.db.execute(sql`delete from trend_inspections where item_id in (${items[0]!}, ${items[1]!})`);
  });
});

async function useServerZoneChanged(zone: string): Promise<boolean> {
  const { rows } = (await t.database.db.execute(
    sql`select rondin_trend_server_zone(${zone}) as changed`,
  )) as unknown as {
    rows: { changed: boolean }[];
  };
  return rows[0]!.changed;
}

describe('the summary the trends read (trend_inspections)', () => {
  /**
   * The summary as it should be, recomputed from the findings with a plain join and grouping (not the view
   * the triggers write it from): each item's current finding, its catches summed by group.
   */
  async function recomputed() {
    const { rows } = (await t.database.db.execute(sql`
      select i.id as "itemId", f.id::float8 as "findingId", f.site_id as "siteId", f.trap_id as "trapId",
             f.trap_type as "trapType", f.recorded_at as "recordedAt", f.activity <> 'NINGUNA' as active,
             case when f.trap_type = 'CEBADERO' then f.bait_consumption end as "baitConsumption",
             ${sql.raw(
               PEST_GROUPS.map(
                 (group) => `sum(coalesce(c.count, case c.band when '0' then 0 when '1-10' then 1 when '11-50' then 11
                   else 51 end)) filter (where p."group" = '${group}')::int as ${group.toLowerCase()}`,
               ).join(', '),
             )}
      from session_items i join findings f on f.id = i.finding_id
      left join finding_captures c on c.finding_id = f.id left join pests p on p.id = c.pest_id
      group by i.id, f.id order by i.id`)) as unknown as { rows: Record<string, unknown>[] };
    return rows;
  }
  async function summary() {
    const { rows } = (await t.database.db.execute(sql`
      select item_id as "itemId", finding_id::float8 as "findingId", site_id as "siteId", trap_id as "trapId",
             trap_type as "trapType", recorded_at as "recordedAt", active, bait_consumption as "baitConsumption",
             ${sql.raw(PEST_GROUPS.map((group) => group.toLowerCase()).join(', '))}
      from trend_inspections order by item_id`)) as unknown as { rows: Record<string, unknown>[] };
    return rows;
  }

  it('follows a correction and a deleted order, and the migration fills it from the findings', async () => {
    expect((await summary()).length).toBeGreaterThan(500);
    expect(await summary()).toEqual(await recomputed());

    const tech = await createUser(t);
    const trap = await createTrap(t, { type: 'LAMINA', area: AREAS[0] });
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    const itemId = order.items[0]!.id;
    expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
    const { rows: pestRows } = (await t.database.db.execute(
      sql`select id, "group" from pests where "group" = 'RASTREROS' order by id`,
    )) as unknown as { rows: { id: number; group: string }[] };
    const crawler = pestRows.find((pest) => pest.group === 'RASTREROS')!.id;
    const first = await putFinding(
      t,
      tech,
      order.id,
      itemId,
      nothingFound({ captures: [{ pestId: crawler, count: 4 }] }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const mine = async () => (await summary()).find((row) => row.itemId === itemId);
    expect(await mine()).toMatchObject({ findingId: first.json().finding.id, roedores: null, rastreros: 4 });

    // A correction after the close: the item's row is the new version's, with its catches.
    const corrected = await putFinding(
      t,
      admin,
      order.id,
      itemId,
      nothingFound({ captures: [{ pestId: crawler, band: '11-50' }], reason: 'Era una cucaracha.' }),
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await mine()).toMatchObject({ findingId: corrected.json().finding.id, roedores: null, rastreros: 11 });
    expect(await summary()).toEqual(await recomputed());

    // An order deleted in the database (the API deletes only orders nobody started): its items' rows go with it.
    const other = await createOrder(t, admin, tech.id, [trap.id]);
    const otherItem = other.items[0]!.id;
    expect((await scan(t, tech, other.id, trap.qrSlug)).statusCode).toBe(200);
    const found = await putFinding(t, tech, other.id, otherItem, nothingFound());
    expect(found.statusCode, found.body).toBe(200);
    expect((await summary()).some((row) => row.itemId === otherItem)).toBe(true);
    await t.database.db.delete(sessions).where(eq(sessions.id, other.id));
    expect((await summary()).some((row) => row.itemId === otherItem)).toBe(false);
    expect(await summary()).toEqual(await recomputed());

    // An upgrade (migration 0025's last statement) or a bulk load: the table written whole from the findings
    // already recorded. The migration itself is run on an older release's data by src/db/upgrade.test.ts.
    await t.database.db.delete(trendInspections);
    await fillTrendInspections(t.database.db);
    expect(await summary()).toEqual(await recomputed());
    // trend_periods followed each row that went and came back, as counting it again from scratch does.
    expect(await periodRows()).toEqual(await rebuiltPeriodRows());
  });

  it('counts a bulk load once at its end, and one row at a time again after it, even when it failed', async () => {
    const enabled = async () => {
      const { rows } = (await t.database.db.execute(
        sql`select tgenabled from pg_trigger where tgname = 'trend_inspections_periods'`,
      )) as unknown as { rows: { tgenabled: string }[] };
      return rows[0]!.tgenabled === 'O';
    };
    const { rows } = (await t.database.db.execute(
      sql`select max(item_id) as "itemId" from trend_inspections`,
    )) as unknown as { rows: { itemId: number }[] };
    const itemId = rows[0]!.itemId;
    await expect(
      countTrendPeriodsAfter(t.database.db, async () => {
        expect(await enabled()).toBe(false);
        // An inspection gone while nothing counts it out: only the count at the end does.
        await t.database.db.delete(trendInspections).where(eq(trendInspections.itemId, itemId));
        throw new Error('La carga se cortó.');
      }),
    ).rejects.toThrow('La carga se cortó.');
    expect(await enabled()).toBe(true);
    expect(await periodRows()).toEqual(await rebuiltPeriodRows());
    await t.database.db.execute(
      sql`insert into trend_inspections select * from trend_inspection_source where item_id = ${itemId}`,
    );
    expect(await periodRows()).toEqual(await rebuiltPeriodRows());
  });
});
