import { execFileSync } from 'node:child_process';
import { freshDatabase, type BenchDatabase } from './lib/database.js';
import { load } from './lib/load.js';
import { startRondin, type RunningServer } from './lib/server.js';
import { median, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * A national operator's year on PostgreSQL: 50,000 traps, 300 technicians, 100,000 orders of 5 traps.
 * Lists (paged and filtered), the compliance figures, and the streamed exports are measured against it.
 */
const TRAPS = 50_000;
const TECHNICIANS = 300;
const ORDERS = 100_000;
const ITEMS_PER_ORDER = 5;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function seed(database: BenchDatabase): Promise<{ adminId: number; techId: number }> {
  const [ids] = await database.sql<{ admin_id: number; tech_id: number }>(`
    insert into technicians (email, full_name, role, password_hash) values ('admin@bench.test', 'Administración', 'ADMIN', 'x');
    insert into technicians (email, full_name, role, password_hash)
      select 'tecnico' || g || '@bench.test', 'Técnico ' || g, 'TECH', 'x' from generate_series(1, ${TECHNICIANS}) g;
    insert into traps (code, area, description, qr_slug, is_active)
      select 'TRP-' || lpad(g::text, 5, '0'), 'Planta ' || (g % 60) || ' · Área ' || (g % 12), 'Estación ' || g,
             'slug' || lpad(g::text, 16, '0'), g % 50 <> 0
      from generate_series(1, ${TRAPS}) g;
    insert into sessions (technician_id, status, scheduled_at, item_count, completed_count, closed_at)
      select 2 + (g % ${TECHNICIANS}),
             case when g % 10 < 7 then 'COMPLETED' when g % 10 < 9 then 'PENDING' else 'IN_PROGRESS' end,
             now() - ((${ORDERS} - g) || ' hours')::interval,
             ${ITEMS_PER_ORDER},
             case when g % 10 < 7 then ${ITEMS_PER_ORDER} when g % 10 < 9 then 0 else 2 end,
             case when g % 10 < 7 then now() - ((${ORDERS} - g) || ' hours')::interval + interval '2 hours' end
      from generate_series(1, ${ORDERS}) g;
    insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
      select s.id, 1 + ((s.id * 7 + k * 1009) % ${TRAPS}),
             case when k < s.completed_count then 'COMPLETED' else 'PENDING' end,
             case when k < s.completed_count then s.scheduled_at + interval '1 hour' end,
             case when k < s.completed_count then s.scheduled_at + interval '1 hour' end,
             case when k < s.completed_count then s.technician_id end
      from sessions s cross join generate_series(0, ${ITEMS_PER_ORDER - 1}) k;
    analyze;
    select (select id from technicians where email = 'admin@bench.test') as admin_id,
           (select id from technicians where email = 'tecnico1@bench.test') as tech_id;
  `);
  return { adminId: ids!.admin_id, techId: ids!.tech_id };
}

async function timedDownload(server: RunningServer, path: string, token: string) {
  const baseline = server.rssMb();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50);
  const start = performance.now();
  const response = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await response.arrayBuffer()).byteLength;
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return { seconds, growthMb: peak - baseline, megabytes: bytes / 2 ** 20 };
}

export async function scaleBenchmark(): Promise<string> {
  const database = await freshDatabase('postgres', 'rondin_bench_scale');
  const seedStart = performance.now();
  const { adminId, techId } = await seed(database);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const admin = await tokenFor(adminId, 'ADMIN');
  const tech = await tokenFor(techId, 'TECH');
  const server = await startRondin(database.env);
  try {
    const lists: [string, string, string][] = [
      ['Traps, first page', '/api/traps?page=1&pageSize=50', admin],
      ['Traps, page 500', '/api/traps?page=500&pageSize=50', admin],
      ['Traps, search "TRP-4"', '/api/traps?q=TRP-4&pageSize=50', admin],
      ['Traps, area filter', `/api/traps?area=${encodeURIComponent('Planta 7 · Área 7')}&pageSize=50`, admin],
      ['Orders, first page', '/api/sessions?page=1&pageSize=50', admin],
      ['Orders, pending filter', '/api/sessions?status=PENDING&pageSize=50', admin],
      ['Orders, search by technician', `/api/sessions?q=${encodeURIComponent('Técnico 42')}&pageSize=50`, admin],
      ["Technician's own orders, page", '/api/sessions/me?pageSize=50', tech],
      ["Technician's open orders (plain list)", '/api/sessions/me/active', tech],
      ['Compliance figures', '/api/reports/compliance', admin],
    ];
    const rows: string[] = [];
    for (const [label, path, token] of lists) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        runs.push(await load({ url: `${server.base}${path}`, connections: 10, durationSeconds: DURATION, headers: { authorization: `Bearer ${token}` } }));
      }
      const failures = runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0);
      rows.push(`| ${label} | \`${path.split('?')[0]}\` | ${round(median(runs.map((r) => r.requestsPerSecond)))} | ${round(median(runs.map((r) => r.p50)), 1)} | ${round(median(runs.map((r) => r.p99)), 1)} | ${failures} |`);
    }

    const excel = [];
    const pdf = [];
    for (let run = 0; run < RUNS; run++) {
      excel.push(await timedDownload(server, '/api/reports/export?format=excel', admin));
      pdf.push(await timedDownload(server, '/api/reports/export?format=pdf', admin));
    }
    const [labelIds] = await database.sql<{ ids: string }>(`select string_agg(id::text, ',' order by id) as ids from (select id from traps order by id limit 1000) t`);
    const labels = [];
    for (let run = 0; run < RUNS; run++) labels.push(await timedDownload(server, `/api/traps/labels?ids=${labelIds!.ids}`, admin));

    const cpu = execFileSync('nproc').toString().trim();
    return [
      `PostgreSQL seeded with ${TRAPS.toLocaleString('en')} traps, ${TECHNICIANS} technicians, ${ORDERS.toLocaleString('en')} orders of ${ITEMS_PER_ORDER} traps (${round(seedSeconds)} s to seed). Load from the same ${cpu}-core machine; 10 connections, ${DURATION} s per run, median of ${RUNS} runs.`,
      '',
      '### Lists (target: p95 under 100 ms; p99 shown, which is stricter)',
      '',
      '| List | Route | req/s | p50 ms | p99 ms | errors |',
      '| --- | --- | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
      '### Exports (streamed)',
      '',
      '| Export | seconds | size MB | server RSS growth MB |',
      '| --- | ---: | ---: | ---: |',
      `| Excel, ${ORDERS.toLocaleString('en')} orders (target < 5 s, < 150 MB growth) | ${round(median(excel.map((e) => e.seconds)), 2)} | ${round(median(excel.map((e) => e.megabytes)), 1)} | ${round(median(excel.map((e) => e.growthMb)))} |`,
      `| PDF, ${ORDERS.toLocaleString('en')} orders | ${round(median(pdf.map((e) => e.seconds)), 2)} | ${round(median(pdf.map((e) => e.megabytes)), 1)} | ${round(median(pdf.map((e) => e.growthMb)))} |`,
      `| Labels sheet, 1,000 traps (target < 2 s) | ${round(median(labels.map((e) => e.seconds)), 2)} | ${round(median(labels.map((e) => e.megabytes)), 1)} | ${round(median(labels.map((e) => e.growthMb)))} |`,
      '',
    ].join('\n');
  } finally {
    await server.stop();
    await database.dispose();
  }
}
