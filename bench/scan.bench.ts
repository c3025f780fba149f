import pg from 'pg';
import { freshDatabase, type BenchDatabase, type Kind } from './lib/database.js';
import { load, type LoadResult } from './lib/load.js';
import { startRondin, startServer, type RunningServer } from './lib/server.js';
import { median, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * The scan hot path: POST /api/sessions/{id}/scan under 50 connections, each request a different pending
 * item, spread over many orders as at a shift start. Compared in the same run with the database's own limit
 * (the same SQL driven straight from a node-postgres pool), with the straightforward version (separate
 * queries in a transaction), and with GET /api/health as the HTTP stack's ceiling.
 */
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TRAPS_PER_ORDER = 50;

interface Workload {
  technicianId: number;
  orders: number;
  /** The next pending (order, slug) pair; every call gives a different one. */
  next(): { orderId: number; slug: string };
}

async function seed(database: BenchDatabase, orders: number): Promise<Workload> {
  const [tech] = await database.sql<{ id: number }>(`
    insert into traps (site_id, code, area, qr_slug)
      select (select min(id) from sites), 'B-' || g, 'Área ' || (g % 20), 'slug-' || lpad(g::text, 12, '0') from generate_series(1, ${TRAPS_PER_ORDER}) g;
    insert into technicians (email, full_name, role, password_hash) values ('bench@rondin.test', 'Técnico de carga', 'TECH', 'x');
    insert into sessions (site_id, technician_id, item_count)
      select (select min(id) from sites), (select id from technicians where email = 'bench@rondin.test'), ${TRAPS_PER_ORDER} from generate_series(1, ${orders});
    insert into session_items (session_id, trap_id) select s.id, t.id from sessions s cross join traps t;
    select id from technicians where email = 'bench@rondin.test';
  `);
  let cursor = 0;
  return {
    technicianId: tech!.id,
    orders,
    next() {
      const index = cursor++;
      const orderId = (index % orders) + 1;
      const trap = Math.floor(index / orders) + 1;
      if (trap > TRAPS_PER_ORDER) throw new Error('benchmark ran out of pending items: seed more orders');
      return { orderId, slug: `slug-${String(trap).padStart(12, '0')}` };
    },
  };
}

async function scanLoad(server: RunningServer, token: string, workload: Workload): Promise<LoadResult> {
  return load({
    url: server.base,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    next: () => {
      const { orderId, slug } = workload.next();
      return { path: `/api/sessions/${orderId}/scan`, body: JSON.stringify({ qrSlug: slug }) };
    },
  });
}

/** The same SQL as the production route, from a pool in this process: what the database itself can do. */
async function directLoad(url: string, technicianId: number, workload: Workload): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  let done = 0;
  const until = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const { orderId, slug } = workload.next();
        await pool.query(
          'select result, session, item from rondin_scan($1::integer, $2::text, $3::integer, null, null, 0)',
          [orderId, slug, technicianId],
        );
        done++;
      }
    }),
  );
  await pool.end();
  return done / DURATION;
}

interface Row {
  label: string;
  runs: LoadResult[];
  rss?: number[];
}

function summarise(rows: Row[]): string[] {
  return rows.map(({ label, runs, rss }) => {
    const failures = runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0);
    return `| ${label} | ${round(median(runs.map((run) => run.requestsPerSecond)))} | ${round(median(runs.map((run) => run.p50)), 1)} | ${round(median(runs.map((run) => run.p99)), 1)} | ${failures} | ${rss ? round(median(rss)) : '—'} |`;
  });
}

async function benchKind(kind: Kind): Promise<{ lines: string[]; figures: Record<string, number> }> {
  const database = await freshDatabase(kind, `rondin_bench_scan`);
  const orders = kind === 'postgres' ? 8000 : 2000;
  const workload = await seed(database, orders);
  const token = await tokenFor(workload.technicianId, 'TECH');
  const server = await startRondin({ ...database.env, DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '10' });
  const rows: Row[] = [];
  const figures: Record<string, number> = {};
  try {
    const health: Row = { label: `GET /api/health (HTTP ceiling)`, runs: [] };
    const scan: Row = { label: `POST scan, production route`, runs: [], rss: [] };
    const naive: Row = { label: `POST scan, separate queries in a transaction (baseline)`, runs: [] };
    const direct: number[] = [];
    let naiveServer: RunningServer | undefined;
    if (kind === 'postgres')
      naiveServer = await startServer(['--import', 'tsx', 'bench/naive-scan-server.ts'], database.env);
    try {
      for (let run = 0; run < RUNS; run++) {
        health.runs.push(
          await load({ url: `${server.base}/api/health`, connections: CONNECTIONS, durationSeconds: DURATION }),
        );
        scan.runs.push(await scanLoad(server, token, workload));
        scan.rss!.push(server.rssMb());
        if (naiveServer) naive.runs.push(await scanLoad(naiveServer, token, workload));
        if (database.url) direct.push(await directLoad(database.url, workload.technicianId, workload));
      }
    } finally {
      await naiveServer?.stop();
    }
    rows.push(health, scan);
    figures.scan = median(scan.runs.map((run) => run.requestsPerSecond));
    figures.scanP99 = median(scan.runs.map((run) => run.p99));
    figures.health = median(health.runs.map((run) => run.requestsPerSecond));
    figures.rss = median(scan.rss!);
    if (naive.runs.length) {
      rows.push(naive);
      figures.naive = median(naive.runs.map((run) => run.requestsPerSecond));
    }
    const lines = summarise(rows);
    if (direct.length) {
      figures.direct = median(direct);
      lines.push(
        `| rondin_scan() straight from a node-postgres pool (database limit) | ${round(figures.direct)} | — | — | 0 | — |`,
      );
    }
    return { lines, figures };
  } finally {
    await server.stop();
    await database.dispose();
  }
}

export async function scanBenchmark(): Promise<string> {
  const sections: string[] = [
    `${CONNECTIONS} connections, ${DURATION} s per run, median of ${RUNS} runs; orders of ${TRAPS_PER_ORDER} traps, every request a different pending item.`,
    '',
  ];
  for (const kind of ['postgres', 'pglite'] as const) {
    const { lines, figures } = await benchKind(kind);
    sections.push(`### ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`, '');
    sections.push(
      '| Variant | req/s | p50 ms | p99 ms | errors | server RSS MB |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...lines,
      '',
    );
    if (kind === 'postgres') {
      sections.push(
        `- Production route vs database limit: **${round((figures.scan! / figures.direct!) * 100)} %** (target ≥ 60 %).`,
        `- Production route vs baseline: **${round(figures.scan! / figures.naive!, 2)}×** (target ≥ 3×).`,
        `- p99 **${round(figures.scanP99!, 1)} ms** (target < 30 ms).`,
        '',
      );
    } else {
      sections.push(
        `- **${round(figures.scan!)} scans/s** (target ≥ 1,200), p99 **${round(figures.scanP99!, 1)} ms** (target < 80 ms), server RSS **${round(figures.rss!)} MB** (target < 400 MB).`,
        '',
      );
    }
  }
  return sections.join('\n');
}
