import { io, type Socket } from 'socket.io-client';
import { freshDatabase } from './lib/database.js';
import { load } from './lib/load.js';
import { startRondin } from './lib/server.js';
import { median, percentile, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * 1,000 technicians' sockets on one server (PostgreSQL). While background scans run at half the rate the
 * server sustains, probe scans on connected technicians' orders measure the time from sending the scan to
 * that technician's socket receiving `session.updated`.
 */
const SOCKETS = 1000;
const PROBE_TRAPS = 20;
const LOAD_ORDERS = 4000;
const LOAD_TRAPS = 50;
const PROBES = 300;

export async function realtimeBenchmark(): Promise<string> {
  const database = await freshDatabase('postgres', 'rondin_bench_realtime');
  await database.sql(`
    insert into technicians (email, full_name, role, password_hash)
      select 'rt' || g || '@bench.test', 'Técnico ' || g, 'TECH', 'x' from generate_series(1, ${SOCKETS + 1}) g;
    insert into traps (site_id, code, area, qr_slug)
      select (select min(id) from sites), 'RT-' || g, 'Área', 'rt-slug-' || lpad(g::text, 12, '0') from generate_series(1, ${LOAD_TRAPS}) g;
    -- One order of ${PROBE_TRAPS} traps per connected technician (ids 1..${SOCKETS}), then the load orders.
    insert into sessions (site_id, technician_id, item_count) select (select min(id) from sites), g, ${PROBE_TRAPS} from generate_series(1, ${SOCKETS}) g;
    insert into session_items (session_id, trap_id)
      select s.id, t.id from sessions s cross join (select id from traps order by id limit ${PROBE_TRAPS}) t;
    insert into sessions (site_id, technician_id, item_count) select (select min(id) from sites), ${SOCKETS + 1}, ${LOAD_TRAPS} from generate_series(1, ${LOAD_ORDERS});
    insert into session_items (session_id, trap_id)
      select s.id, t.id from sessions s cross join traps t where s.id > ${SOCKETS};
  `);
  const server = await startRondin(database.env);
  const sockets: Socket[] = [];
  try {
    const tokens = await Promise.all(Array.from({ length: SOCKETS + 1 }, (_, i) => tokenFor(i + 1, 'TECH')));
    const received = new Map<number, (sessionId: number) => void>();
    const connectStart = performance.now();
    for (let i = 0; i < SOCKETS; i++) {
      const socket = io(`${server.base}/sessions`, {
        transports: ['websocket'],
        auth: { token: tokens[i] },
        reconnection: false,
        forceNew: true,
      });
      const technicianId = i + 1;
      socket.on('session.updated', ({ sessionId }: { sessionId: number }) => received.get(technicianId)?.(sessionId));
      sockets.push(socket);
    }
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve, reject) => {
            if (socket.connected) return resolve();
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          }),
      ),
    );
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const rssConnected = server.rssMb();

    let cursor = 0;
    const nextLoadScan = () => {
      const index = cursor++;
      const orderId = SOCKETS + 1 + (index % LOAD_ORDERS);
      const trap = Math.floor(index / LOAD_ORDERS) + 1;
      return {
        path: `/api/sessions/${orderId}/scan`,
        body: JSON.stringify({ qrSlug: `rt-slug-${String(trap).padStart(12, '0')}` }),
      };
    };
    const loadToken = tokens[SOCKETS]!;
    const max = await load({
      url: server.base,
      connections: 50,
      durationSeconds: 4,
      method: 'POST',
      headers: { authorization: `Bearer ${loadToken}` },
      next: nextLoadScan,
    });
    const rate = Math.floor(max.requestsPerSecond / 2);

    const background = import('autocannon').then(({ default: autocannon }) =>
      autocannon({
        url: server.base,
        connections: 50,
        duration: 15,
        overallRate: rate,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${loadToken}` },
        requests: [{ setupRequest: (request) => ({ ...request, ...nextLoadScan() }) }],
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const latencies: number[] = [];
    for (let probe = 0; probe < PROBES; probe++) {
      const technicianId = 1 + ((probe * 37) % SOCKETS);
      const trap = 1 + Math.floor((probe * 37) / SOCKETS);
      const start = performance.now();
      const delivered = new Promise<void>((resolve) =>
        received.set(technicianId, (sessionId) => sessionId === technicianId && resolve()),
      );
      const response = await fetch(`${server.base}/api/sessions/${technicianId}/scan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[technicianId - 1]}` },
        body: JSON.stringify({ qrSlug: `rt-slug-${String(trap).padStart(12, '0')}` }),
      });
      if (!response.ok) throw new Error(`probe scan failed: ${response.status} ${await response.text()}`);
      await delivered;
      latencies.push(performance.now() - start);
      received.delete(technicianId);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const backgroundResult = await background;
    return [
      `${SOCKETS.toLocaleString('en')} technician sockets connected in ${round(connectSeconds, 1)} s (server RSS ${round(rssConnected)} MB). Maximum scan rate measured first: ${round(max.requestsPerSecond)} req/s; background scans then held at ${rate} req/s (achieved ${round(backgroundResult.requests.average)} req/s, p99 ${backgroundResult.latency.p99} ms) while ${PROBES} probe scans ran one after another.`,
      '',
      "| Probe: scan sent → its technician's socket gets `session.updated` | ms |",
      '| --- | ---: |',
      `| p50 | ${round(median(latencies), 1)} |`,
      `| p99 (target < 100 ms) | ${round(percentile(latencies, 99), 1)} |`,
      `| max | ${round(Math.max(...latencies), 1)} |`,
      '',
    ].join('\n');
  } finally {
    sockets.forEach((socket) => socket.disconnect());
    await server.stop();
    await database.dispose();
  }
}
