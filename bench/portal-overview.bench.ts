import os from 'node:os';
import { freshDatabase, type Kind } from './lib/database.js';
import { startRondin } from './lib/server.js';
import { median, percentile, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * The plant's portal overview (`GET /api/portal/sites`) as a QA manager of a large client opens it: one client
 * with 50 sites, 40 devices each, a year of visits (30 sites weekly, 20 monthly, every order with its
 * inspections and findings, a certificate for each closed one, one in 13 forced closed short, a few missed),
 * the next visit scheduled, corrective actions a threshold opened (most closed), recommendations waiting for
 * her and sightings by the plant's staff. Seeded in SQL, asked through HTTP of the production server by a
 * CLIENTE seeing all 50 sites, one request after another, on PostgreSQL and on PGlite (`BENCH_DATABASES`), each
 * followed by her profile (the floor: authentication and the round trip under the same load).
 * Target: p95 < 300 ms. `BENCH_REQUESTS` (default 60) after 5 warm-ups.
 */
const SITES = Number(process.env.BENCH_SITES ?? 50);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 40);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];

function portalSeedSql(): string {
  return `
    alter table findings disable trigger findings_thresholds;
    alter table session_items disable trigger session_items_trend;
    alter table corrective_actions disable trigger corrective_actions_notify;
    insert into technicians (email, full_name, role, password_hash) values ('admin@bench.test', 'Administración', 'ADMIN', 'x');
    insert into technicians (email, full_name, role, password_hash) values ('tec@bench.test', 'Técnico', 'TECH', 'x');
    insert into sites (name, client, address, time_zone)
      select 'Planta ' || lpad(s::text, 2, '0'), 'Conservas del Banco', 'Polígono ' || s || ', Madrid', 'Europe/Madrid'
      from generate_series(1, ${SITES}) s;
    insert into technicians (email, full_name, role, password_hash, client_id)
      values ('calidad@banco.test', 'Calidad Banco', 'CLIENTE', 'x',
              (select id from clients where name = 'Conservas del Banco'));
    insert into traps (site_id, code, area, type, zone, risk_level, qr_slug)
      select s.id, 'P' || s.id || '-' || lpad(g::text, 3, '0'), 'Área ' || (g % 8),
             (array['CEBADERO','CEBADERO','CEBADERO','CAPTURA','LAMINA','LUZ_UV','FEROMONA','OTRO'])[1 + g % 8],
             (array['INTERIOR','PERIMETRO_INTERIOR','EXTERIOR'])[1 + g % 3], 'MEDIO', 'slug-' || s.id || '-' || g
      from sites s cross join generate_series(1, ${DEVICES}) g where s.client = 'Conservas del Banco';
    -- A year of visits: the first 30 sites weekly, the others monthly; one visit in 13 closed short (forced).
    insert into sessions (site_id, technician_id, status, scheduled_at, item_count, completed_count, closed_at, force_closed)
      select s.id, (select id from technicians where email = 'tec@bench.test'), 'COMPLETED', v.at, ${DEVICES},
             case when (s.id + v.k) % 13 = 0 then ${DEVICES} - 3 else ${DEVICES} end, v.at + interval '6 hours',
             (s.id + v.k) % 13 = 0
      from sites s
      cross join lateral (
        select k, now() - interval '365 days' + k * (case when s.id % 5 < 3 then interval '7 days' else interval '1 month' end) as at
        from generate_series(0, case when s.id % 5 < 3 then 51 else 11 end) k
      ) v
      where s.client = 'Conservas del Banco' and v.at < now() - interval '1 day';
    -- The next visit of every site, and a missed one (still open, overdue) at one site in five.
    insert into sessions (site_id, technician_id, status, scheduled_at, item_count)
      select s.id, (select id from technicians where email = 'tec@bench.test'), 'PENDING',
             now() + (s.id % 7 + 1) * interval '1 day', ${DEVICES}
      from sites s where s.client = 'Conservas del Banco';
    insert into sessions (site_id, technician_id, status, scheduled_at, item_count)
      select s.id, (select id from technicians where email = 'tec@bench.test'), 'PENDING', now() - interval '20 days', ${DEVICES}
      from sites s where s.client = 'Conservas del Banco' and s.id % 5 = 0;
    insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
      select o.id, t.id, 'COMPLETED', o.scheduled_at + (t.id % 300) * interval '1 minute',
             o.scheduled_at + (t.id % 300) * interval '1 minute', o.technician_id
      from sessions o join traps t on t.site_id = o.site_id
      where o.status = 'COMPLETED' and (not o.force_closed or t.id % ${DEVICES} > 2);
    insert into session_items (session_id, trap_id, status)
      select o.id, t.id, 'PENDING' from sessions o join traps t on t.site_id = o.site_id where o.status = 'PENDING';
    insert into findings (item_id, site_id, trap_id, trap_type, client_finding_id, technician_id, recorded_at,
                          device_time, received_at, device_status, activity, derived_activity, bait_consumption)
      select i.id, t.site_id, t.id, t.type, gen_random_uuid(), i.completed_by_id, i.completed_at, i.completed_at,
             i.completed_at, 'OK', a.activity, a.activity,
             case when t.type = 'CEBADERO' then (array[0,0,0,0,25,25,50,100])[1 + (i.id * 7) % 8] end
      from session_items i join traps t on t.id = i.trap_id
      cross join lateral (select (array['NINGUNA','NINGUNA','NINGUNA','NINGUNA','NINGUNA','BAJA','MEDIA','ALTA'])
        [1 + (i.id * 13 + t.id) % 8] as activity) a
      where i.status = 'COMPLETED';
    update session_items i set finding_id = f.id from findings f where f.item_id = i.id;
    alter table findings enable trigger findings_thresholds;
    alter table session_items enable trigger session_items_trend;
    alter table trend_inspections disable trigger trend_inspections_periods;
    insert into trend_inspections select * from trend_inspection_source;
    alter table trend_inspections enable trigger trend_inspections_periods;
    select rondin_trend_periods_rebuild(null);
    insert into certificates (session_id, year, number, code, issued_at, sha256)
      select o.id, extract(year from o.closed_at)::int, row_number() over (order by o.id), 'code-' || o.id, o.closed_at,
             md5(o.id::text) || md5((o.id * 7)::text)
      from sessions o where o.status = 'COMPLETED';
    -- A threshold's action for one bait station in ten over the year, one in four of them still open.
    insert into corrective_actions (site_id, trap_id, area, origin, detected_at, severity, description, responsible,
                                    due_date, status, closed_at, closing_note)
      select t.site_id, t.id, t.area, 'UMBRAL', now() - (t.id % 300) * interval '1 day', 'ALTA',
             'Consumo de cebo sobre el umbral', 'EMPRESA', (now() - (t.id % 300) * interval '1 day' + interval '7 days')::date,
             case when t.id % 40 = 0 then 'ABIERTA' else 'CERRADA' end,
             case when t.id % 40 = 0 then null else now() - (t.id % 300) * interval '1 day' + interval '3 days' end,
             case when t.id % 40 = 0 then null else 'Cebo repuesto' end
      from traps t where t.type = 'CEBADERO' and t.id % 10 = 0;
    -- Three recommendations for the plant at every site: one acknowledged, two waiting for her.
    insert into corrective_actions (site_id, area, origin, detected_at, severity, description, responsible, due_date,
                                    acknowledged_at)
      select s.id, 'Área ' || r, 'RECOMENDACION', now() - (10 + r * 20) * interval '1 day', 'MEDIA',
             'Sellar el hueco bajo la puerta del muelle ' || r, 'CLIENTE', (now() + interval '30 days')::date,
             case when r = 1 then now() - interval '5 days' end
      from sites s cross join generate_series(1, 3) r where s.client = 'Conservas del Banco';
    -- Sightings by the plant's staff at one site in three, each with its action, half of them attended.
    insert into corrective_actions (site_id, area, origin, detected_at, severity, description, responsible, due_date,
                                    status, closed_at)
      select s.id, 'Área ' || g, 'AVISTAMIENTO', now() - g * interval '9 days', 'ALTA', 'Avistamiento: ratón', 'EMPRESA',
             (now() - g * interval '9 days' + interval '2 days')::date,
             case when g % 2 = 0 then 'CERRADA' else 'ABIERTA' end, case when g % 2 = 0 then now() - g * interval '8 days' end
      from sites s cross join generate_series(1, 4) g where s.client = 'Conservas del Banco' and s.id % 3 = 0;
    insert into sightings (site_id, area, description, seen_at, reporter_name, source, action_id)
      select a.site_id, a.area, 'Un ratón junto al muelle', a.detected_at, 'Turno de noche', 'PUBLICO', a.id
      from corrective_actions a where a.origin = 'AVISTAMIENTO';
    alter table corrective_actions enable trigger corrective_actions_notify;
    analyze;`;
}

async function measure(kind: Kind) {
  const database = await freshDatabase(kind, `rondin_bench_portal_${kind}`);
  const seeded = performance.now();
  await database.sql(portalSeedSql());
  const seedSeconds = (performance.now() - seeded) / 1000;
  const [counts] = await database.sql<{
    orders: number;
    items: number;
    actions: number;
    sightings: number;
    id: number;
  }>(
    `select (select count(*) from sessions)::int as orders, (select count(*) from session_items)::int as items,
       (select count(*) from corrective_actions)::int as actions, (select count(*) from sightings)::int as sightings,
       (select id from technicians where email = 'calidad@banco.test') as id`,
  );
  const token = await tokenFor(counts!.id, 'CLIENTE');
  const server = await startRondin(database.env);
  const times: number[] = [];
  const floor: number[] = [];
  let body = '';
  const get = async (path: string) => {
    const start = performance.now();
    const response = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
    return { ms: performance.now() - start, text };
  };
  // What the server does at start (the scheduler's reminders of the waiting recommendations) is over first.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const load = os.loadavg();
  try {
    for (let run = -5; run < REQUESTS; run++) {
      const overview = await get('/api/portal/sites');
      body = overview.text;
      // Her profile, the same authentication and HTTP round trip with nearly no work: the machine's floor.
      const profile = await get('/api/technicians/me/profile');
      if (run >= 0) {
        times.push(overview.ms);
        floor.push(profile.ms);
      }
    }
  } finally {
    await server.stop();
    await database.dispose();
  }
  const sites = (
    JSON.parse(body) as { items: { openActions: number; recommendationsAwaiting: number; openSightings: number }[] }
  ).items;
  if (sites.length !== SITES) throw new Error(`expected ${SITES} sites, got ${sites.length}`);
  return { kind, times, floor, counts: counts!, seedSeconds, load, bytes: body.length, sites };
}

export async function portalOverviewBenchmark(): Promise<string> {
  const rows: string[] = [];
  let described = '';
  for (const kind of DATABASES) {
    const result = await measure(kind);
    const p95 = percentile(result.times, 95);
    rows.push(
      `| ${kind} | ${round(median(result.times), 1)} | ${round(p95, 1)} | ${round(Math.max(...result.times), 1)} | ${round(median(result.floor), 1)} / ${round(percentile(result.floor, 95), 1)} | ${round(result.bytes / 1024, 1)} | ${result.load[0]!.toFixed(1)} / ${result.load[1]!.toFixed(1)} | ${round(result.seedSeconds)} | ${p95 < 300 ? 'met' : 'missed'} |`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
    const { orders, items, actions, sightings } = result.counts;
    described = `${SITES} sites of one client, ${DEVICES} devices each: ${orders.toLocaleString('en')} orders (a year, weekly or monthly, with the next and some missed), ${items.toLocaleString('en')} inspections with their findings, ${actions.toLocaleString('en')} corrective actions (thresholds, recommendations, sightings), ${sightings} sightings; the overview answered ${result.sites.reduce((sum, site) => sum + site.openActions, 0)} open actions, ${result.sites.reduce((sum, site) => sum + site.recommendationsAwaiting, 0)} recommendations waiting and ${result.sites.reduce((sum, site) => sum + site.openSightings, 0)} open sightings.`;
  }
  return [
    `${described} \`GET /api/portal/sites\` for a CLIENTE seeing all of them, ${REQUESTS} requests one after another through HTTP after 5 warm-ups, each followed by \`GET /api/technicians/me/profile\` (the same authentication and round trip with almost no work: what the machine's load alone costs). Target: p95 < 300 ms.`,
    '',
    '| Database | p50 ms | p95 ms | slowest ms | her profile p50 / p95 ms (floor) | answer KB | load 1 / 5 min at start | seed s | target |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
