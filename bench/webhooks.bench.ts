/**
 * 10,000 webhook deliveries without loss across a server killed mid-way ([X] 33): 10,000 corrective actions
 * inserted in one transaction queue one `action.opened` delivery each for a hook pointing at a receiver on the
 * same machine; one production server process sends them, is killed (SIGKILL) once a third has arrived, and a
 * new one sends the rest. Counted at the receiver by `webhook-id`: none lost, and how many arrived twice (a kill
 * between the receiver's 200 and the commit may send one again, with the same id).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { freshDatabase } from './lib/database.js';
import { startRondin } from './lib/server.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const ADMIN = { email: 'admin@bench.test', password: 'admin-bench-1' };

async function startReceiver() {
  const ids = new Set<string>();
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      ids.add(String(request.headers['webhook-id']));
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rondin`,
    distinct: () => ids.size,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the deliveries');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function webhooksBenchmark(): Promise<string> {
  const database = await freshDatabase('postgres', 'rondin_bench_webhooks');
  const receiver = await startReceiver();
  const env = {
    ...database.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The receiver listens on 127.0.0.1, which production refuses by default.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    LOG_LEVEL: 'warn',
  };
  let server = await startRondin(env);
  try {
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const created = await fetch(`${server.base}/api/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ url: receiver.url, events: ['action.opened'] }),
    });
    if (created.status !== 201) throw new Error(`webhook not created: ${created.status} ${await created.text()}`);

    const [load1] = os.loadavg();
    const started = performance.now();
    await database.sql(`insert into corrective_actions (site_id, origin, detected_at, severity, description,
        responsible, due_date)
      select (select min(id) from sites), 'MANUAL', now(), 'BAJA', 'Acción de la prueba de carga ' || i, 'EMPRESA',
        current_date + 30
      from generate_series(1, ${EVENTS}) as i`);
    const queued = (performance.now() - started) / 1000;
    await until(() => receiver.distinct() >= EVENTS / 3, 600_000);
    const atKill = receiver.distinct();
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    const killedAt = performance.now();
    server = await startRondin(env);
    const restarted = (performance.now() - killedAt) / 1000;
    await until(() => receiver.distinct() >= EVENTS, 600_000);
    const seconds = (performance.now() - started) / 1000;
    // Anything sent twice would arrive shortly after the last one: wait a little for it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const [row] = await database.sql<{ delivered: number; other: number }>(
      `select count(*) filter (where status = 'DELIVERED')::int as delivered,
        count(*) filter (where status <> 'DELIVERED')::int as other from webhook_deliveries`,
    );
    return [
      `${EVENTS.toLocaleString('en')} actions inserted in one transaction (queued in ${queued.toFixed(1)} s), each an \`action.opened\` delivery to a receiver on the same machine; one server process on PostgreSQL, killed (SIGKILL) after ${atKill.toLocaleString('en')} had arrived and replaced by a new one (up in ${restarted.toFixed(1)} s). Load average ${load1!.toFixed(1)} when the queue committed.`,
      '',
      '| Events | Insert → last received | Deliveries/s | Lost | Received twice | DELIVERED / other | Target |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      `| ${EVENTS.toLocaleString('en')} | ${seconds.toFixed(1)} s | ${Math.round(EVENTS / seconds)} | ${EVENTS - receiver.distinct()} | ${receiver.received() - receiver.distinct()} | ${row!.delivered} / ${row!.other} | none lost |`,
    ].join('\n');
  } finally {
    await server.stop();
    await receiver.close();
    await database.dispose();
  }
}
