import { freshDatabase, type Kind } from './lib/database.js';
import { NATIONAL_PLANT, seedNationalPlant } from './lib/national-plant.js';
import { startRondin, type RunningServer } from './lib/server.js';
import { median, percentile, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * The office's search box (`GET /api/search`) over the national plant, spread over 40 sites with clients and
 * addresses, with a certificate for each of its 70,000 closed orders: what an office types, one request after
 * another as a person typing sees them, on both databases.
 */
const SITES = 40;
const QUERIES: [string, string][] = [
  ['a device code, whole', 'TRP-04211'],
  ['a code prefix, 10,000 matches', 'TRP-4'],
  ['digits inside codes (and an order, a folio number)', '0123'],
  ['an area without its accent', 'area 7'],
  ['a site by name (its 1,250 devices)', 'norte 12'],
  ['two words in code and site', 'sur 3 trp-0'],
  ['two letters, everything matches', 'rp'],
  ['an order by number', '#54321'],
  ['a folio, whole', '2025-000123'],
  ['a folio in part', '2025-0001'],
  ['nothing matches', 'bodega xyz'],
];
/** Requests per query, one after another, after a warm-up. */
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 40);

/** Sites with names, clients and addresses; each trap moved to one of them; a certificate per closed order. */
const SEED = `
  insert into sites (name, client, address)
    select (array['Planta Norte', 'Planta Sur', 'Almacén Centro', 'Bodega Peñón'])[1 + g % 4] || ' ' || g,
           'Alimentos ' || (array['Río', 'Montaña', 'Valle', 'Llano'])[1 + g % 4] || ' S.A.',
           'Calle ' || g || ', Polígono Industrial'
    from generate_series(1, ${SITES}) g;
  update traps set site_id = (select min(id) from sites) + 1 + (id % ${SITES});
  insert into certificates (session_id, year, number, code, issued_at, client_absent)
    select id, extract(year from closed_at)::int,
           row_number() over (partition by extract(year from closed_at) order by id),
           'bench' || id, closed_at, true
    from sessions where status = 'COMPLETED';
  analyze;
`;

async function timed(server: RunningServer, path: string, token: string) {
  const start = performance.now();
  const response = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  return { ms: performance.now() - start, status: response.status, body };
}

async function searchRows(
  kind: Kind,
  server: RunningServer,
  token: string,
): Promise<{ rows: string[]; all: number[] }> {
  const rows: string[] = [];
  const all: number[] = [];
  for (const [label, q] of QUERIES) {
    const path = `/api/search?q=${encodeURIComponent(q)}`;
    await timed(server, path, token);
    const times: number[] = [];
    let found = '';
    for (let i = 0; i < REQUESTS; i++) {
      const result = await timed(server, path, token);
      if (result.status !== 200) throw new Error(`${path}: ${result.status} ${result.body}`);
      const { groups } = JSON.parse(result.body) as { groups: { label: string; items: unknown[]; more: boolean }[] };
      found = groups.map((group) => `${group.label} ${group.items.length}${group.more ? '+' : ''}`).join(', ');
      times.push(result.ms);
    }
    all.push(...times);
    rows.push(
      `| ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${label} | \`${q}\` | ${found || 'none'} | ${round(median(times), 1)} | ${round(percentile(times, 95), 1)} |`,
    );
  }
  return { rows, all };
}

export async function searchBenchmark(): Promise<string> {
  const rows: string[] = [];
  const overall: string[] = [];
  const kinds = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
  for (const kind of kinds) {
    const database = await freshDatabase(kind, 'rondin_bench_search');
    const { adminId } = await seedNationalPlant(database);
    await database.sql(SEED);
    const token = await tokenFor(adminId, 'ADMIN');
    const server = await startRondin(database.env);
    try {
      const result = await searchRows(kind, server, token);
      rows.push(...result.rows);
      overall.push(
        `| ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${round(median(result.all), 1)} | ${round(percentile(result.all, 95), 1)} | ${round(Math.max(...result.all), 1)} |`,
      );
    } finally {
      await server.stop();
      await database.dispose();
    }
  }
  return [
    `The national plant (${NATIONAL_PLANT.traps.toLocaleString('en')} devices, ${NATIONAL_PLANT.orders.toLocaleString('en')} orders) spread over ${SITES} sites, with a certificate for each of its 70,000 closed orders, on each database, served by the production server. Each query: ${REQUESTS} requests one after another through HTTP after a warm-up, 5 results a kind (the box's default). "Found" is what the box shows (+: more of that kind).`,
    '',
    '### Each query (target: p95 under 100 ms)',
    '',
    '| Database | Query | q | found | p50 ms | p95 ms |',
    '| --- | --- | --- | --- | ---: | ---: |',
    ...rows,
    '',
    '### Every query together',
    '',
    '| Database | p50 ms | p95 ms | slowest ms |',
    '| --- | ---: | ---: | ---: |',
    ...overall,
    '',
  ].join('\n');
}
