import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PLANS, drawFloorPlan } from '../apps/server/dist/scripts/demo-floor-plans.js';
import { loweredFacts, type RecordedFacts } from '../packages/contracts/dist/finding-rules.js';
import { freshDatabase, type BenchDatabase, type Kind } from './lib/database.js';
import type { LoadResult } from './lib/load.js';
import { startRondin, type RunningServer } from './lib/server.js';
import { median, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * Findings ([L]): (a) the round's pair, a scan then its "Sin novedad" finding, under 50 connections, against
 * the same SQL driven straight from a node-postgres pool (the database's limit, as the scan benchmark measures
 * it); (b) a finding alone on already scanned devices, p99 at 50 connections; (c) 50 photo uploads of 300 KB at
 * once, the server's RSS growth. Orders belong to 50 technicians (one a connection), so the cadence check reads
 * one technician's findings as in the field. `BENCH_DATABASES=pglite` for the embedded database only.
 */
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TRAPS_PER_ORDER = 50;
const TECHNICIANS = 50;
const PHOTO_BYTES = 300 * 1024;

interface Pair {
  orderId: number;
  slug: string;
  itemId: number;
  technicianId: number;
}

/** Hands out pending items of a range of orders, each once, spread over the orders as at a shift start. */
class Items {
  private cursor = 0;
  constructor(
    private readonly first: number,
    private readonly orders: number,
    private readonly items: Map<string, number>,
    private readonly techOf: (orderId: number) => number,
  ) {}
  next(): Pair {
    const index = this.cursor++;
    const orderId = this.first + (index % this.orders);
    const trap = Math.floor(index / this.orders) + 1;
    if (trap > TRAPS_PER_ORDER) throw new Error('benchmark ran out of pending items: seed more orders');
    const slug = `slug-${String(trap).padStart(12, '0')}`;
    return { orderId, slug, itemId: this.items.get(`${orderId}:${slug}`)!, technicianId: this.techOf(orderId) };
  }
}

const noNews = () =>
  JSON.stringify({
    clientFindingId: randomUUID(),
    recordedAt: new Date().toISOString(),
    deviceStatus: 'OK',
    baitConsumption: 0,
  });

async function seed(database: BenchDatabase, pairOrders: number, scannedOrders: number) {
  const orders = pairOrders + scannedOrders;
  await database.sql(`
    insert into traps (site_id, code, area, type, qr_slug)
      select (select min(id) from sites), 'B-' || g, 'Área ' || (g % 20), 'CEBADERO', 'slug-' || lpad(g::text, 12, '0')
      from generate_series(1, ${TRAPS_PER_ORDER}) g;
    insert into technicians (email, full_name, role, password_hash)
      select 'bench' || g || '@rondin.test', 'Técnico de carga ' || g, 'TECH', 'x' from generate_series(1, ${TECHNICIANS}) g;
    insert into sessions (site_id, technician_id, item_count, created_at)
      select (select min(id) from sites),
             (select id from technicians where email = 'bench' || (1 + g % ${TECHNICIANS}) || '@rondin.test'),
             ${TRAPS_PER_ORDER}, now() - interval '1 hour'
      from generate_series(1, ${orders}) g order by g;
    insert into session_items (session_id, trap_id) select s.id, t.id from sessions s cross join traps t order by s.id, t.id;
    -- The orders for the finding alone and the photos: every device already scanned.
    update session_items i set status = 'COMPLETED', completed_at = now(), received_at = now(),
      completed_by_id = s.technician_id
      from sessions s where s.id = i.session_id and s.id > ${pairOrders};
    update sessions set status = 'IN_PROGRESS', started_at = now(), completed_count = item_count where id > ${pairOrders};
  `);
  const rows = await database.sql<{ id: number; session_id: number; qr_slug: string; technician_id: number }>(`
    select i.id, i.session_id, t.qr_slug, s.technician_id
      from session_items i join traps t on t.id = i.trap_id join sessions s on s.id = i.session_id`);
  const items = new Map(rows.map((row) => [`${row.session_id}:${row.qr_slug}`, Number(row.id)]));
  const techOfOrder = new Map(rows.map((row) => [Number(row.session_id), Number(row.technician_id)]));
  const techOf = (orderId: number) => techOfOrder.get(orderId)!;
  const tokens = new Map<number, string>();
  for (const id of new Set(techOfOrder.values())) tokens.set(id, await tokenFor(id, 'TECH'));
  return {
    pairs: new Items(1, pairOrders, items, techOf),
    scanned: new Items(pairOrders + 1, scannedOrders, items, techOf),
    tokens,
  };
}

/** Scan, then its finding, one after the other on each connection: pairs/s is half the requests/s. */
async function pairLoad(server: RunningServer, pairs: Items, tokens: Map<number, string>): Promise<LoadResult> {
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const pair = pairs.next();
          (context as { pair?: Pair }).pair = pair;
          return {
            ...request,
            path: `/api/sessions/${pair.orderId}/scan`,
            headers: { ...request.headers, authorization: `Bearer ${tokens.get(pair.technicianId)}` },
            body: JSON.stringify({ qrSlug: pair.slug }),
          };
        },
      },
      {
        method: 'PUT',
        setupRequest: (request, context) => {
          const pair = (context as { pair: Pair }).pair;
          return {
            ...request,
            path: `/api/sessions/${pair.orderId}/items/${pair.itemId}/finding`,
            headers: { ...request.headers, authorization: `Bearer ${tokens.get(pair.technicianId)}` },
            body: noNews(),
          };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average / 2,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/**
 * The pair's SQL from a pool in this process, as the routes send it: rondin_scan(), then the finding's two
 * statements (rondin_finding_context, then rondin_finding, which writes it and answers its and the item's JSON).
 */
async function directPairs(url: string, pairs: Items): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  let done = 0;
  const until = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = await pool.connect();
      try {
        while (Date.now() < until) {
          const pair = pairs.next();
          await client.query(
            'select result, session, item from rondin_scan($1::integer, $2::text, $3::integer, null, null, 0)',
            [pair.orderId, pair.slug, pair.technicianId],
          );
          const clientId = randomUUID();
          const [context] = (
            await client.query(
              'select trap_type, pests from rondin_finding_context($1::integer, $2::integer, $3::integer, $4::uuid, $5::integer[])',
              [pair.orderId, pair.itemId, pair.technicianId, clientId, []],
            )
          ).rows;
          await client.query(
            `select result, technician_id, finding, item from rondin_finding($1::integer, $2::integer, $3::integer, 0,
               false, $4::text, $5::json, $6::json, '1 day', '3 minutes', 40)`,
            [
              pair.orderId,
              pair.itemId,
              pair.technicianId,
              context.trap_type,
              JSON.stringify(context.pests),
              JSON.stringify({
                clientFindingId: clientId,
                deviceTime: new Date().toISOString(),
                deviceStatus: 'OK',
                activity: 'NINGUNA',
                derivedActivity: 'NINGUNA',
                baitConsumption: 0,
                baitState: null,
                evidence: [],
                actions: [],
                notes: null,
                reason: null,
                captures: [],
              }),
            ],
          );
          done++;
        }
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  return done / DURATION;
}

async function findingLoad(server: RunningServer, scanned: Items, tokens: Map<number, string>): Promise<LoadResult> {
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        method: 'PUT',
        setupRequest: (request) => {
          const item = scanned.next();
          return {
            ...request,
            path: `/api/sessions/${item.orderId}/items/${item.itemId}/finding`,
            headers: { ...request.headers, authorization: `Bearer ${tokens.get(item.technicianId)}` },
            body: noNews(),
          };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/**
 * A photo's worth of JPEG: the demo plan drawn with a scanner's grain (noise JPEG cannot shrink), at the largest
 * size under 300 KB.
 */
async function photo(): Promise<Buffer> {
  for (let scale = 0.7; ; scale -= 0.01) {
    const jpeg = await drawFloorPlan(DEMO_PLANS.plant, { scale, scan: true });
    if (jpeg.length <= PHOTO_BYTES) return jpeg;
  }
}

const rssOf = (pid: number) =>
  Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .toString()
      .trim(),
  ) / 1024;

/** 50 uploads at once, each on a different scanned device; the server's RSS sampled every 20 ms throughout. */
async function photoBurst(server: RunningServer, scanned: Items, tokens: Map<number, string>, image: Buffer) {
  const before = rssOf(server.child.pid!);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(server.child.pid!));
  }, 20);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const item = scanned.next();
      const form = new FormData();
      form.set('clientPhotoId', randomUUID());
      form.set('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'foto.jpg');
      const response = await fetch(`${server.base}/api/sessions/${item.orderId}/items/${item.itemId}/photos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.get(item.technicianId)}` },
        body: form,
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(server.child.pid!));
  return { before, growth: peak - before, seconds, failed: statuses.filter((status) => status >= 300).length };
}

async function benchKind(kind: Kind) {
  const database = await freshDatabase(kind, 'bench_findings');
  const pairOrders = kind === 'postgres' ? 1500 : 400;
  const scannedOrders = kind === 'postgres' ? 1500 : 400;
  const { pairs, scanned, tokens } = await seed(database, pairOrders, scannedOrders);
  const server = await startRondin({ ...database.env, DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '10' });
  try {
    const image = await photo();
    const pair: LoadResult[] = [];
    const alone: LoadResult[] = [];
    const direct: number[] = [];
    const bursts: Awaited<ReturnType<typeof photoBurst>>[] = [];
    for (let run = 0; run < RUNS; run++) {
      pair.push(await pairLoad(server, pairs, tokens));
      if (database.url) direct.push(await directPairs(database.url, pairs));
      alone.push(await findingLoad(server, scanned, tokens));
      bursts.push(await photoBurst(server, scanned, tokens, image));
    }
    return { pair, alone, direct, bursts, image: image.length };
  } finally {
    await server.stop();
    await database.dispose();
  }
}

/**
 * What [Q]'s correction check adds to a finding write: the server already read the current version in the
 * finding's context statement (no round trip is added), then compares in the process, as the service does: the
 * device times (replacesCurrent) and loweredFacts. A glue board with 4 catches of two pests and two signs, against
 * «Sin novedad» (lowers, the 422 path) and against more catches (lowers nothing, the common path). Batches of
 * 1,000 checks, per check: p50 and p99 of 500 batches, in microseconds.
 */
export function correctionCheckCost(): { lowering: [number, number]; notLowering: [number, number] } {
  const current: RecordedFacts & { recordedAt: string } = {
    activity: 'MEDIA',
    baitConsumption: null,
    captures: [
      { pestId: 3, count: 3, band: null },
      { pestId: 7, count: 1, band: null },
    ],
    evidence: ['EXCREMENTOS', 'ROEDURAS'],
    recordedAt: '2026-11-28T10:00:00.000Z',
  };
  const noNews: RecordedFacts = { activity: 'NINGUNA', baitConsumption: 0, captures: [], evidence: [] };
  const more: RecordedFacts = {
    ...current,
    captures: [
      { pestId: 3, count: 5, band: null },
      { pestId: 7, count: 1, band: null },
    ],
  };
  const orderCreatedAt = new Date('2026-11-28T08:00:00.000Z');
  const check = (next: RecordedFacts, recordedAt: string) => {
    const at = new Date(recordedAt).getTime();
    const earlier = at >= orderCreatedAt.getTime() && at < new Date(current.recordedAt).getTime();
    return earlier ? [] : loweredFacts(current, next);
  };
  const measure = (next: RecordedFacts): [number, number] => {
    let sink = 0;
    const perCheck: number[] = [];
    for (let batch = 0; batch < 500; batch++) {
      const started = performance.now();
      for (let index = 0; index < 1000; index++) sink += check(next, '2026-11-28T10:05:00.000Z').length;
      perCheck.push(((performance.now() - started) / 1000) * 1000);
    }
    if (sink < 0) throw new Error('unreachable');
    perCheck.sort((a, b) => a - b);
    return [perCheck[Math.floor(perCheck.length / 2)]!, perCheck[Math.floor(perCheck.length * 0.99)]!];
  };
  return { lowering: measure(noNews), notLowering: measure(more) };
}

const failures = (runs: LoadResult[]) => runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0);

export async function findingsBenchmark(): Promise<string> {
  const kinds = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
  const cost = correctionCheckCost();
  const micro = ([p50, p99]: [number, number]) => `p50 ${round(p50, 2)} µs, p99 ${round(p99, 2)} µs`;
  const lines = [
    `[Q]'s correction check (a version that lowers the current one needs a reason), in the process, per finding: lowering ${micro(cost.lowering)}; not lowering ${micro(cost.notLowering)} (target: adds < 0.5 ms p50). The current version comes in the finding's context statement, read before [Q] too: no query is added.`,
    '',
    `${CONNECTIONS} connections, ${DURATION} s per run, median of ${RUNS} runs; ${TECHNICIANS} technicians, orders of ${TRAPS_PER_ORDER} bait stations; every request a different item. The "Sin novedad" finding is \`{deviceStatus: 'OK', baitConsumption: 0}\`.`,
    '',
  ];
  for (const kind of kinds) {
    const { pair, alone, direct, bursts, image } = await benchKind(kind);
    const pairs = median(pair.map((run) => run.requestsPerSecond));
    lines.push(
      `### ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`,
      '',
      '| Variant | per s | p50 ms | p99 ms | errors |',
      '| --- | ---: | ---: | ---: | ---: |',
      `| scan + "Sin novedad" finding (pairs) | ${round(pairs)} | ${round(median(pair.map((run) => run.p50)), 1)} | ${round(median(pair.map((run) => run.p99)), 1)} | ${failures(pair)} |`,
    );
    if (direct.length)
      lines.push(
        `| the pair's SQL straight from a node-postgres pool (database limit) | ${round(median(direct))} | — | — | 0 |`,
      );
    lines.push(
      `| finding alone, device already scanned | ${round(median(alone.map((run) => run.requestsPerSecond)))} | ${round(median(alone.map((run) => run.p50)), 1)} | ${round(median(alone.map((run) => run.p99)), 1)} | ${failures(alone)} |`,
      '',
    );
    if (direct.length) {
      lines.push(`- Pair vs database limit: **${round((pairs / median(direct)) * 100)} %** (target ≥ 60 %).`);
    }
    lines.push(
      `- Finding alone p99 **${round(median(alone.map((run) => run.p99)), 1)} ms** (target < 50 ms).`,
      `- ${CONNECTIONS} photos of ${round(image / 1024)} KB at once: server RSS ${bursts.map((burst) => `${round(burst.before)} → +${round(burst.growth)} MB`).join(', ')} (median growth **${round(median(bursts.map((burst) => burst.growth)))} MB**, target < 100 MB); ${round(median(bursts.map((burst) => burst.seconds)), 2)} s for the ${CONNECTIONS}; ${bursts.reduce((sum, burst) => sum + burst.failed, 0)} refused.`,
      '',
    );
  }
  return lines.join('\n');
}
