import { execFileSync } from 'node:child_process';
import { freshDatabase } from './lib/database.js';
import { NATIONAL_PLANT, seedNationalPlant } from './lib/national-plant.js';
import { load } from './lib/load.js';
import { startRondin, type RunningServer } from './lib/server.js';
import { median, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * A national operator's year on PostgreSQL: 50,000 traps, 300 technicians, 100,000 orders of 5 traps.
 * Lists (paged and filtered), the compliance figures, and the streamed exports are measured against it.
 */
const { traps: TRAPS, technicians: TECHNICIANS, orders: ORDERS, itemsPerOrder: ITEMS_PER_ORDER } = NATIONAL_PLANT;
/** The page size of the technician's completed orders (COMPLETED_PAGE_SIZE in apps/web's get-my-completed-sessions.ts). */
const TECH_COMPLETED_PAGE_SIZE = 10;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

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
  const { adminId, techId } = await seedNationalPlant(database);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const admin = await tokenFor(adminId, 'ADMIN');
  const tech = await tokenFor(techId, 'TECH');
  const server = await startRondin(database.env);
  // The calendar year the plant's last orders fall in (in UTC, as a browser in UTC would ask for it): about
  // 8,000 of the 100,000 orders, which are an hour apart up to now.
  const year = new Date().getUTCFullYear();
  const thisYear = `from=${year}-01-01T00:00:00.000Z&to=${year + 1}-01-01T00:00:00.000Z`;
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
      [
        "Technician's open orders with items (plain list, what the phone polls every 10 s)",
        '/api/sessions/me/active',
        tech,
      ],
      [
        "Technician's completed orders, first page (what the phone reads on open, on close and on 'Ver más')",
        `/api/sessions/me?status=COMPLETED&page=1&pageSize=${TECH_COMPLETED_PAGE_SIZE}`,
        tech,
      ],
      [
        "Technician's every order with items (the spec's plain list; the phone no longer polls it)",
        '/api/sessions/me',
        tech,
      ],
      ['Compliance figures, no period (every order due up to now: 100,000)', '/api/reports/compliance', admin],
      ['Compliance for this calendar year', `/api/reports/compliance?${thisYear}`, admin],
      [
        'Compliance for a period holding all 100,000 orders',
        '/api/reports/compliance?from=2000-01-01T00:00:00.000Z&to=2100-01-01T00:00:00.000Z',
        admin,
      ],
    ];
    const rows: string[] = [];
    for (const [label, path, token] of lists) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        runs.push(
          await load({
            url: `${server.base}${path}`,
            connections: 10,
            durationSeconds: DURATION,
            headers: { authorization: `Bearer ${token}` },
          }),
        );
      }
      const failures = runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0);
      rows.push(
        `| ${label} | \`${path}\` | ${round(median(runs.map((r) => r.requestsPerSecond)))} | ${round(median(runs.map((r) => r.p50)), 1)} | ${round(median(runs.map((r) => r.p99)), 1)} | ${failures} |`,
      );
    }

    const excel = [];
    const pdf = [];
    const excelYear = [];
    for (let run = 0; run < RUNS; run++) {
      excel.push(await timedDownload(server, '/api/reports/export?format=excel', admin));
      pdf.push(await timedDownload(server, '/api/reports/export?format=pdf', admin));
      excelYear.push(await timedDownload(server, `/api/reports/export?format=excel&${thisYear}`, admin));
    }
    const [labelIds] = await database.sql<{ ids: string }>(
      `select string_agg(id::text, ',' order by id) as ids from (select id from traps order by id limit 1000) t`,
    );
    const labels = [];
    for (let run = 0; run < RUNS; run++)
      labels.push(await timedDownload(server, `/api/traps/labels?ids=${labelIds!.ids}`, admin));

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
      `| Excel, this calendar year's orders | ${round(median(excelYear.map((e) => e.seconds)), 2)} | ${round(median(excelYear.map((e) => e.megabytes)), 1)} | ${round(median(excelYear.map((e) => e.growthMb)))} |`,
      `| Labels sheet, 1,000 traps (target < 2 s) | ${round(median(labels.map((e) => e.seconds)), 2)} | ${round(median(labels.map((e) => e.megabytes)), 1)} | ${round(median(labels.map((e) => e.growthMb)))} |`,
      '',
    ].join('\n');
  } finally {
    await server.stop();
    await database.dispose();
  }
}
