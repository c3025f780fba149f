import { freshDatabase, type Kind } from './lib/database.js';
import { NATIONAL_PLANT, seedNationalPlant } from './lib/national-plant.js';
import { startRondin, type RunningServer } from './lib/server.js';
import { median, percentile, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * Setting up and searching a large plant, on both databases: the inventory's search for text anywhere in a code
 * or area (trigram indexes) against the national plant's 50,000 traps, and the import of a 5,000-trap CSV
 * (preview, then all rows in one transaction; and a file whose last row is bad, which must write nothing).
 */
const SEARCHES: [string, string][] = [
  ['common code text, 10,000 matches', 'TRP-4'],
  ['inside the code, 15 matches', '0123'],
  ['end of a code, 1 match', '49999'],
  ['inside the area, ~4,000 matches', 'área 7'],
  ['two letters (no trigram), ~50,000 matches', 'rp'],
  ['nothing matches', 'bodega norte'],
];
/** Requests per search and page, one after another: the latency a person typing sees. */
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 30);
const IMPORT_ROWS = 5000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function timed(server: RunningServer, path: string, token: string, init: RequestInit = {}) {
  const start = performance.now();
  const response = await fetch(`${server.base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  const body = await response.text();
  return { ms: performance.now() - start, status: response.status, body };
}

async function searchRows(kind: Kind, server: RunningServer, token: string): Promise<string[]> {
  const rows: string[] = [];
  for (const [label, q] of SEARCHES) {
    const times: number[] = [];
    let total = 0;
    for (const page of [1, 3]) {
      const path = `/api/traps?q=${encodeURIComponent(q)}&page=${page}&pageSize=50`;
      await timed(server, path, token); // warm-up
      for (let i = 0; i < REQUESTS; i++) {
        const result = await timed(server, path, token);
        if (result.status !== 200) throw new Error(`${path}: ${result.status} ${result.body}`);
        total = (JSON.parse(result.body) as { total: number }).total;
        times.push(result.ms);
      }
    }
    rows.push(
      `| ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${label} | \`${q}\` | ${total.toLocaleString('en')} | ${round(median(times), 1)} | ${round(percentile(times, 95), 1)} |`,
    );
  }
  return rows;
}

function importCsv(prefix: string, badLastRow: boolean): string {
  const lines = ['codigo;area;descripcion;activa'];
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    const last = i === IMPORT_ROWS && badLastRow;
    lines.push(`${last ? '' : `${prefix}-${String(i).padStart(5, '0')}`};Importadas ${i % 20};Fila ${i};sí`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function importRows(kind: Kind, server: RunningServer, token: string, countTraps: () => Promise<number>) {
  const post = (csv: string, dryRun: boolean) =>
    timed(server, `/api/traps/import${dryRun ? '?dryRun=true' : ''}`, token, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: csv,
    });
  const previews: number[] = [];
  const imports: number[] = [];
  const refusals: number[] = [];
  let writtenByRefused = 0;
  for (let run = 0; run < RUNS; run++) {
    const before = await countTraps();
    const refused = await post(importCsv(`BAD${run}`, true), false);
    if (refused.status !== 422) throw new Error(`bad file: ${refused.status} ${refused.body.slice(0, 200)}`);
    refusals.push(refused.ms / 1000);
    writtenByRefused += (await countTraps()) - before;

    const csv = importCsv(`IMP${run}`, false);
    const preview = await post(csv, true);
    if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${preview.body.slice(0, 200)}`);
    previews.push(preview.ms / 1000);
    const done = await post(csv, false);
    if (done.status !== 201) throw new Error(`import: ${done.status} ${done.body.slice(0, 200)}`);
    imports.push(done.ms / 1000);
  }
  const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  return [
    `| ${name} | preview (dryRun), ${IMPORT_ROWS.toLocaleString('en')} rows | ${round(median(previews), 2)} |`,
    `| ${name} | import, ${IMPORT_ROWS.toLocaleString('en')} rows in one transaction (target < 5 s) | ${round(median(imports), 2)} |`,
    `| ${name} | refused import, last row bad: traps written ${writtenByRefused} (must be 0) | ${round(median(refusals), 2)} |`,
  ];
}

export async function trapsBenchmark(): Promise<string> {
  const search: string[] = [];
  const imports: string[] = [];
  for (const kind of ['postgres', 'pglite'] as const) {
    const database = await freshDatabase(kind, 'rondin_bench_traps');
    const { adminId } = await seedNationalPlant(database);
    const token = await tokenFor(adminId, 'ADMIN');
    const server = await startRondin(database.env);
    try {
      search.push(...(await searchRows(kind, server, token)));
      const countTraps = async () => {
        const result = await timed(server, '/api/traps/areas', token);
        return (JSON.parse(result.body) as { total: number }[]).reduce((sum, area) => sum + area.total, 0);
      };
      imports.push(...(await importRows(kind, server, token, countTraps)));
    } finally {
      await server.stop();
      await database.dispose();
    }
  }
  return [
    `The national plant (${NATIONAL_PLANT.traps.toLocaleString('en')} traps, ${NATIONAL_PLANT.orders.toLocaleString('en')} orders) on each database, served by the production server. Searches: ${REQUESTS} requests one after another for page 1 and again for page 3 (after a warm-up), through HTTP. Imports: median of ${RUNS} runs.`,
    '',
    '### Search for text anywhere in a code or area (target: p95 under 100 ms)',
    '',
    '| Database | Search | q | matches | p50 ms | p95 ms |',
    '| --- | --- | --- | ---: | ---: | ---: |',
    ...search,
    '',
    '### Import of a CSV file',
    '',
    '| Database | Step | seconds |',
    '| --- | --- | ---: |',
    ...imports,
    '',
  ].join('\n');
}
