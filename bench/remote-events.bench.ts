/**
 * Electronic devices' events (POST /api/remote-events, modules/integrations/remote-events) on PostgreSQL: 500
 * electronic traps of one site, each event a new eventId naming its device by external id; 60 % activity, 30 %
 * captures (remote findings judged by the thresholds: indoor snap traps, so a capture opens or joins the device's
 * corrective action), 10 % low battery (a bell event, de-duplicated per device and day). First at a steady 300
 * and 1,000 events a second (lib/paced-load.ts: one request every 1/rate s over 50 connections, each timed from
 * when it was due, after a warm-up at that rate; target 1,000/s with p99 < 50 ms), then as fast as the server answers (autocannon, 50
 * connections), to show the ceiling. Afterwards every event answered 2xx must be stored.
 */
import os from 'node:os';
import { freshDatabase } from './lib/database.js';
import { load } from './lib/load.js';
import { pacedLoad } from './lib/paced-load.js';
import { startRondin } from './lib/server.js';
import { round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

const DEVICES = 500;
const CONNECTIONS = 50;
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
/** A rate below this machine's ceiling: the latency of events arriving steadily rather than piling up. */
const LOW_RATE = Number(process.env.BENCH_LOW_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Each steady run first sends this long at its rate, not counted: without it the first second measured the climb
 * (at 1,000/s after 300/s, answers of up to 270 ms in the first 100 ms: 50 new connections, the server's database
 * pool growing, each new database connection compiling the PL/pgSQL functions and planning their statements).
 */
const WARM_UP_SECONDS = 3;

export async function remoteEventsBenchmark(): Promise<string> {
  const database = await freshDatabase('postgres', 'rondin_bench_remote_events');
  await database.sql(`
    insert into traps (site_id, code, area, type, zone, risk_level, qr_slug, external_id)
      select (select min(id) from sites), 'E-' || g, 'Área ' || (g % 20), 'CAPTURA', 'INTERIOR', 'ALTO',
        'slug-' || lpad(g::text, 12, '0'), 'eui-' || g
      from generate_series(1, ${DEVICES}) g;
    insert into technicians (email, full_name, role, password_hash) values ('plataforma@rondin.test', 'Plataforma', 'ADMIN', 'x');
  `);
  const [admin] = await database.sql<{ id: number }>(
    `select id from technicians where email = 'plataforma@rondin.test'`,
  );

  const server = await startRondin({ ...database.env, LOG_LEVEL: 'warn' });
  // As an integration sends: with a write API token (modules/integrations), made by the administrator.
  const created = await fetch(`${server.base}/api/api-tokens`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await tokenFor(Number(admin!.id), 'ADMIN')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: 'Plataforma de trampas', scope: 'write' }),
  });
  if (created.status !== 201) throw new Error(`api token: ${created.status} ${await created.text()}`);
  const authorization = `Bearer ${((await created.json()) as { token: string }).token}`;
  let sequence = 0;
  const next = () => {
    const n = sequence++;
    const type = n % 10 < 6 ? 'ACTIVIDAD' : n % 10 < 9 ? 'CAPTURA' : 'BATERIA_BAJA';
    return {
      path: '/api/remote-events',
      body: JSON.stringify({
        eventId: `bench-${n}`,
        externalId: `eui-${1 + (n % DEVICES)}`,
        type,
        occurredAt: new Date().toISOString(),
        count: type === 'CAPTURA' ? 1 : 3,
        raw: { rssi: -90 - (n % 20), battery: 3.1 },
      }),
    };
  };
  const common = {
    url: server.base,
    connections: CONNECTIONS,
    method: 'POST' as const,
    headers: { authorization },
    next,
  };
  const steady = (rate: number) =>
    pacedLoad({ ...common, rate, durationSeconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS });
  try {
    // A warm-up: the server's first plans and connections.
    const warmUp = await load({ ...common, connections: 10, durationSeconds: 2 });
    const [load1] = os.loadavg();
    const low = await steady(LOW_RATE);
    const sustained = await steady(RATE);
    const [load2] = os.loadavg();
    const ceiling = await load({ ...common, durationSeconds: SECONDS });
    const answered2xx =
      [warmUp, ceiling].reduce((sum, run) => sum + run.total - run.non2xx - run.errors, 0) +
      [low, sustained].reduce((sum, run) => sum + run.sent - run.non2xx - run.errors, 0);
    const [stored] = await database.sql<{ events: number; findings: number; actions: number }>(
      `select (select count(*) from remote_events)::int as events,
        (select count(*) from findings where origin = 'REMOTO')::int as findings,
        (select count(*) from corrective_actions)::int as actions`,
    );
    type Row = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };
    const row = (label: string, result: Row, target: string) =>
      `| ${label} | ${Math.round(result.requestsPerSecond)} | ${round(result.p50, 1)} ms | ${round(result.p99, 1)} ms | ${result.errors + result.non2xx} | ${target} |`;
    return [
      `${DEVICES} electronic snap traps (indoor, high risk) of one site on PostgreSQL; each request a new event named by external id, sent with a write API token (60 % activity, 30 % captures, 10 % low battery), ${CONNECTIONS} connections, ${SECONDS} s a run; the steady runs send one request every 1/rate s and time each from when it was due, after ${WARM_UP_SECONDS} s at the same rate not counted, the last is autocannon as fast as answered; LOG_LEVEL=warn (no log line per request); the load generator on the same 2 cores. Load average ${load1!.toFixed(1)} before the sustained runs, ${load2!.toFixed(1)} before the ceiling run.`,
      '',
      '| Run | Events/s | p50 | p99 | Errors or non-2xx | Target |',
      '| --- | --- | --- | --- | --- | --- |',
      row(`Steady ${LOW_RATE.toLocaleString('en')}/s`, low, 'p99 < 50 ms'),
      row(`Steady ${RATE.toLocaleString('en')}/s`, sustained, `${RATE.toLocaleString('en')}/s, p99 < 50 ms`),
      row('As fast as answered', ceiling, '—'),
      '',
      `- At ${RATE.toLocaleString('en')}/s offered: **${Math.round(sustained.requestsPerSecond)} events/s, p99 ${round(sustained.p99, 1)} ms** (target ${RATE.toLocaleString('en')}/s, p99 < 50 ms)${sustained.requestsPerSecond >= RATE * 0.98 && sustained.p99 < 50 ? ': met.' : ': not met on this machine at this load.'}`,
      '',
      `Stored afterwards (warm-up included): ${stored!.events.toLocaleString('en')} events of ${sequence.toLocaleString('en')} sent, ${answered2xx.toLocaleString('en')} answered 2xx (the rest still in flight when autocannon stopped)${stored!.events >= answered2xx && stored!.events <= sequence ? '' : ': MISMATCH, an answered event is missing'}, ${stored!.findings.toLocaleString('en')} remote findings, ${stored!.actions} corrective actions (one a device: later captures join it).`,
    ].join('\n');
  } finally {
    await server.stop();
    await database.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${await remoteEventsBenchmark()}\n`);
}
