import os from 'node:os';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { ReportsRepository } from '../apps/server/src/modules/reports/reports.repository.js';
import { ReportsService } from '../apps/server/src/modules/reports/reports.service.js';
import { POSTGRES_URL } from './lib/database.js';
import { median, percentile, round } from './lib/stats.js';

/**
 * Trends ([M]) at the sizes of the issue: one site of 2,000 devices with a year of weekly visits (~104,000
 * inspections) and the national plant (that site and 24 more of 2,000 devices visited every 2.5 weeks: ~1.1
 * million inspections), 2 % of them corrected once (a second version, so the current one must be picked).
 * Seeded in plain SQL; each trend is asked of the reports service as the route asks it (the query, the
 * thresholds in force, the points built in JavaScript; no HTTP nor JSON), one after another after a warm-up.
 * Target: p95 < 200 ms. On PostgreSQL both sizes, on PGlite the site's (the embedded database serves one site).
 * npx tsx bench/trends.bench.ts   (BENCH_DATABASES=postgres|pglite, BENCH_REQUESTS per trend, default 20)
 */
const SITE_DEVICES = 2000;
const OTHER_SITES = 24;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const WARM_UPS = Number(process.env.BENCH_WARM_UPS ?? 3);
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const SIZES = (process.env.BENCH_SIZES ?? 'site,national').split(',');

/** Seeds sites 1..1+others; site 1 is visited weekly, the others every 2.5 weeks, for the year up to now. */
function seedSql(others: number): string {
  return `
    alter table findings disable trigger findings_thresholds;
    -- The trends' summary is filled once at the end, as the migration fills it, not one item at a time.
    alter table session_items disable trigger session_items_trend;
    update sites set time_zone = 'Europe/Madrid' where id = 1;
    insert into sites (name) select 'Planta ' || g from generate_series(2, ${1 + others}) g;
    insert into technicians (email, full_name, role, password_hash) values ('tec@bench.test', 'Técnico', 'TECH', 'x');
    insert into traps (site_id, code, area, type, zone, risk_level, qr_slug)
      select s.id, 'T' || s.id || '-' || g, 'Área ' || (g % 20),
             (array['CEBADERO','CEBADERO','CEBADERO','CAPTURA','LAMINA','LUZ_UV','FEROMONA','OTRO'])[1 + g % 8],
             (array['INTERIOR','PERIMETRO_INTERIOR','EXTERIOR'])[1 + g % 3],
             (array['ALTO','MEDIO','BAJO'])[1 + (g / 7) % 3],
             'slug-' || s.id || '-' || g
      from sites s cross join generate_series(1, ${SITE_DEVICES}) g;
    -- One order a site and visit: weekly at site 1, every 2.5 weeks (17.5 days) elsewhere.
    insert into sessions (site_id, technician_id, status, scheduled_at, item_count, completed_count, closed_at)
      select s.id, (select id from technicians where email = 'tec@bench.test'), 'COMPLETED', v.at, ${SITE_DEVICES},
             ${SITE_DEVICES}, v.at + interval '8 hours'
      from sites s cross join lateral (
        select now() - interval '365 days' + (k * (case when s.id = 1 then 7 else 17.5 end)) * interval '1 day' as at
        from generate_series(0, case when s.id = 1 then 51 else 20 end) k) v;
    insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
      select o.id, t.id, 'COMPLETED', o.scheduled_at + (t.id % 480) * interval '1 minute',
             o.scheduled_at + (t.id % 480) * interval '1 minute', o.technician_id
      from sessions o join traps t on t.site_id = o.site_id;
    -- Every item's finding; then a correction of one in 50 recorded an hour later (the current version).
    insert into findings (item_id, site_id, trap_id, trap_type, client_finding_id, technician_id, recorded_at,
                          device_time, received_at, device_status, activity, derived_activity, bait_consumption)
      select i.id, t.site_id, t.id, t.type, gen_random_uuid(), i.completed_by_id, i.completed_at, i.completed_at,
             i.completed_at, 'OK', a.activity, a.activity,
             case when t.type = 'CEBADERO' then (array[0,0,0,0,25,25,50,100])[1 + (i.id * 7) % 8] end
      from session_items i join traps t on t.id = i.trap_id
      cross join lateral (select (array['NINGUNA','NINGUNA','NINGUNA','NINGUNA','NINGUNA','BAJA','MEDIA','ALTA'])
        [1 + (i.id * 13 + t.id) % 8] as activity) a;
    insert into findings (item_id, site_id, trap_id, trap_type, client_finding_id, technician_id, recorded_at,
                          device_time, received_at, device_status, activity, derived_activity, bait_consumption,
                          is_correction, reason)
      select f.item_id, f.site_id, f.trap_id, f.trap_type, gen_random_uuid(), f.technician_id,
             f.recorded_at + interval '1 hour', f.device_time, f.received_at + interval '1 hour', 'OK', 'NINGUNA',
             'NINGUNA', case when f.trap_type = 'CEBADERO' then 0 end, true, 'Corregido'
      from findings f where f.item_id % 50 = 0;
    update session_items i set finding_id = c.id
      from (select distinct on (item_id) item_id, id from findings order by item_id, recorded_at desc, id desc) c
      where c.item_id = i.id;
    -- Catches on the catching devices: one in three inspections, a count or a band, of one or two groups.
    insert into finding_captures (finding_id, pest_id, count, band, recorded_at)
      select f.id, p.id, case when f.id % 4 = 0 then null else 1 + f.id % 9 end,
             case when f.id % 4 = 0 then '1-10' end, f.recorded_at
      from findings f
      join lateral (select id from pests where "group" = case f.trap_type when 'LUZ_UV' then 'VOLADORES'
          when 'FEROMONA' then 'PRODUCTO_ALMACENADO' when 'CAPTURA' then 'ROEDORES' else 'RASTREROS' end
        order by id limit 1) p on true
      where f.trap_type in ('CAPTURA', 'LAMINA', 'LUZ_UV', 'FEROMONA') and f.id % 3 = 0;
    alter table findings enable trigger findings_thresholds;
    alter table session_items enable trigger session_items_trend;
    -- Likewise trend_periods, counted once from the whole table (rondin_trend_periods_rebuild, timed apart).
    alter table trend_inspections disable trigger trend_inspections_periods;
    insert into trend_inspections select * from trend_inspection_source;
    alter table trend_inspections enable trigger trend_inspections_periods;
    insert into trend_settings (id, server_time_zone) values (1, 'Europe/Madrid');
    select (select count(*) from session_items)::int as items, (select count(*) from findings)::int as findings,
           (select count(*) from finding_captures)::int as captures`;
}

interface Trend {
  label: string;
  siteId?: number;
  interval: 'week' | 'month' | 'quarter';
  by?: 'area' | 'zone' | 'type' | 'pestGroup';
  compare?: boolean;
}

const SITE_TRENDS: Trend[] = [
  { label: 'site, by month', siteId: 1, interval: 'month' },
  { label: 'site, by week and area', siteId: 1, interval: 'week', by: 'area' },
  {
    label: 'site, by quarter and zone, with the year before',
    siteId: 1,
    interval: 'quarter',
    by: 'zone',
    compare: true,
  },
  { label: 'site, by month and pest group', siteId: 1, interval: 'month', by: 'pestGroup' },
];
const NATIONAL_TRENDS: Trend[] = [
  { label: 'national, by month', interval: 'month' },
  { label: 'national, by week and type', interval: 'week', by: 'type' },
  { label: 'national, by quarter and zone, with the year before', interval: 'quarter', by: 'zone', compare: true },
  { label: 'national, by month and pest group', interval: 'month', by: 'pestGroup' },
];

/**
 * Each trend twice: as the dashboard asks it (no period: from the first day of the period a year before, whole
 * periods read from trend_periods) and for 365 days up to now, which start inside a period (that first period
 * counted from trend_inspections).
 */
const PERIODS = (process.env.BENCH_PERIODS ?? 'default,365').split(',');

async function measure(handle: DatabaseHandle, trends: Trend[], database: string): Promise<string[]> {
  const service = new ReportsService(new ReportsRepository(handle.db), 'Europe/Madrid');
  const to = new Date();
  const from = new Date(to.getTime() - 365 * 86_400_000);
  const rows: string[] = [];
  for (const [trend, period] of PERIODS.flatMap((period) => trends.map((trend) => [trend, period] as const))) {
    const ask = () =>
      service.trends({
        ...(period === 'default' ? {} : { from: from.toISOString() }),
        to: to.toISOString(),
        interval: trend.interval,
        by: trend.by,
        siteId: trend.siteId,
        compare: trend.compare ? 'prevYear' : undefined,
      });
    let points = 0;
    for (let i = 0; i < Math.max(1, WARM_UPS); i++) points = (await ask()).points.length;
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      await ask();
      times.push(performance.now() - started);
    }
    const p95 = percentile(times, 95);
    rows.push(
      `| ${database} | ${trend.label} | ${period === 'default' ? 'default' : '365 days'} | ${points} | ${round(median(times), 1)} | ${round(p95, 1)} | ${p95 < 200 ? 'met' : 'missed'} |`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
  }
  return rows;
}

/** Seconds to count trend_periods from the seeded trend_inspections, as migration 0027 does on upgrade. */
let rebuilt = 0;
async function rebuild(query: (text: string) => Promise<unknown>): Promise<number> {
  const started = Date.now();
  await query('select rondin_trend_periods_rebuild(null)');
  const seconds = round((Date.now() - started) / 1000, 1);
  process.stderr.write(`trend_periods counted in ${seconds} s\n`);
  return seconds;
}

async function postgres(): Promise<{ rows: string[]; counts: string }> {
  // BENCH_REUSE=1 measures the database the last run seeded (seeding takes minutes on a loaded machine).
  const reuse = process.env.BENCH_REUSE === '1';
  if (!reuse) {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query('drop database if exists rondin_bench_trends with (force)');
    await admin.query('create database rondin_bench_trends');
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = '/rondin_bench_trends';
  const handle = await openPostgres(url.toString(), 4);
  if (handle.kind !== 'postgres') throw new Error('PostgreSQL expected');
  try {
    const seeded = Date.now();
    if (!reuse) {
      await handle.pool.query(seedSql(OTHER_SITES));
      rebuilt = await rebuild((text) => handle.pool.query(text));
    }
    // A migration that just filled a table leaves it without statistics until autovacuum comes by.
    await handle.pool.query('analyze');
    const result = await handle.pool.query(
      'select (select count(*) from session_items)::int as items, (select count(*) from findings)::int as findings',
    );
    process.stderr.write(`PostgreSQL seeded in ${round((Date.now() - seeded) / 1000)} s\n`);
    const rows = [
      ...(SIZES.includes('site') ? await measure(handle, SITE_TRENDS, 'PostgreSQL') : []),
      ...(SIZES.includes('national') ? await measure(handle, NATIONAL_TRENDS, 'PostgreSQL') : []),
    ];
    const { items, findings } = result.rows[0] as { items: number; findings: number };
    return {
      rows,
      counts: `PostgreSQL: ${items.toLocaleString('en')} inspections, ${findings.toLocaleString('en')} finding versions${rebuilt ? `; trend_periods counted from them in ${rebuilt} s` : ''}`,
    };
  } finally {
    await handle.close();
  }
}

async function pglite(): Promise<{ rows: string[]; counts: string }> {
  const handle = await openPglite();
  if (handle.kind !== 'pglite') throw new Error('PGlite expected');
  try {
    const seeded = Date.now();
    await handle.client.exec(seedSql(0));
    rebuilt = await rebuild((text) => handle.client.query(text));
    await handle.client.exec('analyze');
    const { rows: counted } = await handle.client.query<{ items: number; findings: number }>(
      'select (select count(*) from session_items)::int as items, (select count(*) from findings)::int as findings',
    );
    process.stderr.write(`PGlite seeded in ${round((Date.now() - seeded) / 1000)} s\n`);
    const { items, findings } = counted[0]!;
    return {
      rows: await measure(handle, SITE_TRENDS, 'PGlite'),
      counts: `PGlite: ${items.toLocaleString('en')} inspections, ${findings.toLocaleString('en')} finding versions; trend_periods counted from them in ${rebuilt} s`,
    };
  } finally {
    await handle.close();
  }
}

async function main() {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  const started = new Date().toISOString().slice(0, 16);
  const results = [];
  if (KINDS.includes('postgres')) results.push(await postgres());
  if (KINDS.includes('pglite')) results.push(await pglite());
  const after = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  process.stdout.write(
    [
      `Run ${started} UTC on this machine (${os.cpus().length} cores), load average ${load} at the start, ${after} at the end.`,
      ...results.map((result) => `${result.counts}.`),
      `${REQUESTS} trends one after another for each row, after ${Math.max(1, WARM_UPS)} warm-up(s); the year up to now.`,
      '',
      '| Database | Trend | period | points | p50 ms | p95 ms | p95 < 200 ms |',
      '| --- | --- | --- | ---: | ---: | ---: | --- |',
      ...results.flatMap((result) => result.rows),
      '',
    ].join('\n'),
  );
}

await main();
