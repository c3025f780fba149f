import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { freePort } from '../apps/server/test/server-process.js';
import { freshDatabase } from './lib/database.js';
import { load } from './lib/load.js';
import { repoRoot, type RunningServer, startRondin } from './lib/server.js';
import { median, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * Capacity as production runs it (docs/deploy.md): scans through Caddy (deploy/Caddyfile.local, least
 * connections) to one and then two Rondín processes sharing PostgreSQL and Redis, in the same run; and
 * realtime sockets, how many each process holds and what they cost it. On this 2-core machine the load
 * generator, Caddy, PostgreSQL and the processes share the cores: the ratio between one and two processes
 * says what a second process buys when cores are the limit, not what it buys on a larger server.
 */
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ORDERS = 4000;
const TRAPS_PER_ORDER = 50;
const SOCKETS = 2000;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function startCaddy(upstreams: string[]): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-bench-caddy-'));
  // Plain HTTP in front (the same reverse proxy snippet as production): TLS would measure the load generator.
  const caddyfile = path.join(data, 'Caddyfile');
  fs.writeFileSync(
    caddyfile,
    `{\n\tadmin off\n\tauto_https off\n}\n\nhttp://127.0.0.1:${port} {\n\timport ${path.join(repoRoot, 'deploy/caddy/rondin.caddy')}\n}\n`,
  );
  const child = spawn('/usr/bin/caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      XDG_DATA_HOME: data,
      XDG_CONFIG_HOME: data,
      HOME: data,
      RONDIN_UPSTREAMS: upstreams.join(' '),
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          fs.rmSync(data, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export async function processesBenchmark(): Promise<string> {
  const database = await freshDatabase('postgres', 'rondin_bench_processes');
  const [tech] = await database.sql<{ id: number }>(`
    insert into traps (site_id, code, area, qr_slug)
      select (select min(id) from sites), 'P-' || g, 'Área ' || (g % 20), 'slug-' || lpad(g::text, 12, '0') from generate_series(1, ${TRAPS_PER_ORDER}) g;
    insert into technicians (email, full_name, role, password_hash) values ('procesos@rondin.test', 'Técnico de carga', 'TECH', 'x');
    insert into sessions (site_id, technician_id, item_count)
      select (select min(id) from sites), (select id from technicians where email = 'procesos@rondin.test'), ${TRAPS_PER_ORDER} from generate_series(1, ${ORDERS});
    insert into session_items (session_id, trap_id) select s.id, t.id from sessions s cross join traps t;
    select id from technicians where email = 'procesos@rondin.test';
  `);
  const token = await tokenFor(tech!.id, 'TECH');
  let cursor = 0;
  const nextScan = () => {
    const index = cursor++;
    const trap = Math.floor(index / ORDERS) + 1;
    if (trap > TRAPS_PER_ORDER) throw new Error('ran out of pending items: seed more orders');
    return {
      path: `/api/sessions/${(index % ORDERS) + 1}/scan`,
      body: JSON.stringify({ qrSlug: `slug-${String(trap).padStart(12, '0')}` }),
    };
  };
  const env = { ...database.env, REDIS_URL, LOG_LEVEL: 'warn' };
  const servers: RunningServer[] = [await startRondin(env), await startRondin(env)];
  const rows: string[] = [];
  try {
    const throughput: Record<number, number[]> = { 1: [], 2: [] };
    const p99: Record<number, number[]> = { 1: [], 2: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const count of [1, 2]) {
        const caddy = await startCaddy(servers.slice(0, count).map((server) => server.base.replace('http://', '')));
        try {
          const result = await load({
            url: caddy.base,
            connections: CONNECTIONS,
            durationSeconds: DURATION,
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            next: nextScan,
          });
          throughput[count]!.push(result.requestsPerSecond);
          p99[count]!.push(result.p99);
        } finally {
          await caddy.stop();
        }
      }
    }
    const one = median(throughput[1]!);
    const two = median(throughput[2]!);
    rows.push(
      `| Scans through Caddy, 1 process | ${round(one)} req/s | p99 ${round(median(p99[1]!))} ms |`,
      `| Scans through Caddy, 2 processes | ${round(two)} req/s | p99 ${round(median(p99[2]!))} ms |`,
      `| 2 processes ÷ 1 | ${(two / one).toFixed(2)}× | |`,
    );

    // Sockets: half on each process, as Caddy spreads them; memory each process adds per 1,000 sockets.
    const rssBefore = servers.map((server) => server.rssMb());
    const sockets: Socket[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SOCKETS }, (_, index) => {
        const socket = io(`${servers[index % 2]!.base}/sessions`, {
          transports: ['websocket'],
          auth: { token },
          reconnection: false,
          forceNew: true,
        });
        sockets.push(socket);
        return new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      }),
    );
    const connectSeconds = (performance.now() - started) / 1000;
    const rssAfter = servers.map((server) => server.rssMb());
    for (const socket of sockets) socket.disconnect();
    const perThousand = rssAfter.map((after, index) => ((after - rssBefore[index]!) / (SOCKETS / 2)) * 1000);
    rows.push(
      `| ${SOCKETS} sockets over 2 processes, all connected in | ${connectSeconds.toFixed(1)} s | |`,
      `| Memory per 1,000 sockets, each process | ${perThousand.map((mb) => `${round(mb)} MB`).join(' / ')} | RSS ${rssAfter.map((mb) => `${round(mb)} MB`).join(' / ')} |`,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.dispose();
  }
  return [
    `${CONNECTIONS} connections, ${DURATION} s, median of ${RUNS} runs; each scan a different pending item; PostgreSQL and Redis on this machine; Caddy 2 (deploy/caddy/rondin.caddy) in front.`,
    '',
    '| Measure | Value | |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}
