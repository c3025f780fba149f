import os from 'node:os';
import { seedSql } from './audit-pack.bench.js';
import { freshDatabase } from './lib/database.js';
import { startRondin } from './lib/server.js';
import { percentile, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * A quarterly review's draft (POST /api/sites/{id}/assessments, REVISION_TRIMESTRAL) of the audit pack's site:
 * 2,000 devices, a year of weekly visits (~104,000 inspections, breaches and actions), and a control programme
 * contracting every device type, so the draft counts the quarter's trends by zone and pest group with the same
 * quarter a year before, its breaches and actions, and coverage against the contracted frequency. Seeded in SQL
 * on PostgreSQL (the audit pack benchmark's seed), asked of the production server through HTTP one after
 * another. Target: p95 < 1 s. `BENCH_RUNS` (default 20) drafts, after one warm-up.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

/** The last quarter that has ended, as the review of a site is written once it is over. */
function lastEndedQuarter(): string {
  const now = new Date();
  const month = Math.floor(now.getUTCMonth() / 3) * 3 - 3;
  const start = new Date(Date.UTC(now.getUTCFullYear(), month, 1));
  return start.toISOString().slice(0, 10);
}

export async function assessmentsBenchmark(): Promise<string> {
  const database = await freshDatabase('postgres', 'rondin_bench_assessments');
  const seeded = performance.now();
  await database.sql(seedSql());
  await database.sql(`update technicians set qualification = 'RESPONSABLE_TECNICO' where email = 'admin@bench.test';
    -- In service the whole year, so coverage owes every device every week of the quarter.
    update traps set created_at = now() - interval '400 days';`);
  const seedSeconds = (performance.now() - seeded) / 1000;
  const [admin] = await database.sql<{ id: number }>(`select id from technicians where email = 'admin@bench.test'`);
  const token = await tokenFor(admin!.id, 'ADMIN');
  const server = await startRondin(database.env);
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${server.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const periodFrom = lastEndedQuarter();
  let bytes = 0;
  let owed = 0;
  let coverageRows = 0;
  const loads: number[] = [];
  /** RUNS drafts one after another after a warm-up: their times in ms. */
  const drafts = async (label: string) => {
    const times: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      loads.push(os.loadavg()[0]!);
      const start = performance.now();
      const draft = await call('POST', '/api/sites/1/assessments', { kind: 'REVISION_TRIMESTRAL', periodFrom });
      const elapsed = performance.now() - start;
      if (run > 0) times.push(elapsed);
      bytes = JSON.stringify(draft).length;
      const coverage = (draft.figures as { coverage?: { rows: { inspectionsOwed: number }[] } }).coverage;
      coverageRows = coverage?.rows.length ?? 0;
      owed = coverage?.rows.reduce((sum, row) => sum + row.inspectionsOwed, 0) ?? 0;
      process.stderr.write(`${label} draft ${run}: ${round(elapsed)} ms\n`);
    }
    return times;
  };
  let withoutProgramme: number[] = [];
  let times: number[] = [];
  try {
    // First with no programme: trends, breaches and actions alone.
    withoutProgramme = await drafts('no programme');
    const effectiveFrom = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    await call('PUT', '/api/sites/1/programme', {
      scope: 'Control de plagas en la planta y su perímetro.',
      targetPestGroups: ['ROEDORES', 'RASTREROS', 'VOLADORES'],
      methods: 'Estaciones de cebo, trampas de captura, láminas, trampas de luz y de feromona.',
      frequencies: ['CEBADERO', 'CAPTURA', 'LAMINA', 'LUZ_UV', 'FEROMONA', 'OTRO'].map((type) => ({
        type,
        zone: null,
        frequency: 'SEMANAL',
      })),
      responseTimeHours: 24,
      responsibilities: [],
      permittedProductIds: [],
      effectiveFrom,
    });
    await call('POST', '/api/sites/1/programme/versions/1/approve');
    times = await drafts('programme');
  } finally {
    await server.stop();
    await database.dispose();
  }
  const p95 = percentile(times, 95);
  return [
    `One site, 2,000 devices, a year of weekly visits (the audit pack's seed, PostgreSQL, seeded in ${round(seedSeconds)} s), a control programme contracting every device type weekly. The quarter ${periodFrom} (the last ended), ${RUNS} drafts one after another through HTTP after a warm-up; the draft's answer is ${round(bytes / 1024)} KB, its coverage ${coverageRows} rows, ${owed.toLocaleString('en')} device inspections owed. Load average (1 min) ${round(Math.min(...loads), 1)}–${round(Math.max(...loads), 1)} during the runs. Target: p95 < 1 s.`,
    '',
    '| programme | drafts | p50 ms | p95 ms | slowest ms | target |',
    '| --- | --- | --- | --- | --- | --- |',
    `| none (no coverage) | ${withoutProgramme.length} | ${round(percentile(withoutProgramme, 50))} | ${round(percentile(withoutProgramme, 95))} | ${round(Math.max(...withoutProgramme))} | — |`,
    `| every type weekly | ${times.length} | ${round(percentile(times, 50))} | ${round(p95)} | ${round(Math.max(...times))} | ${p95 < 1000 ? 'met' : 'missed'} |`,
  ].join('\n');
}
