import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, scan } from '../../test/orders.js';
import { createAdmin, createTestApp, createTrap, createUser, type TestApp } from '../../test/test-app.js';

const TOKEN = 'metrics-token-for-the-tests-0123';

/** The value of one series in Prometheus' text format (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const read = async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it('answers only the bearer of the token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Inicia sesión para continuar.');
  });

  it('counts requests by route pattern, scans accepted and refused, and open sockets', async () => {
    const admin = await createAdmin(t);
    const tech = await createUser(t);
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    const before = await read();
    const health = 'rondin_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}';
    const session = `rondin_http_request_duration_seconds_count{method="GET",route="/api/sessions/:id",status="200"}`;

    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: `/api/sessions/${order.id}`, headers: admin.headers });
    expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
    expect((await scan(t, tech, order.id, 'no-es-de-esta-orden')).statusCode).toBe(404);
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = io(`http://127.0.0.1:${port}/sessions`, {
      transports: ['websocket'],
      auth: { token: tech.token },
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
    try {
      const after = await read();
      expect(sample(after, health) - sample(before, health)).toBe(1);
      expect(sample(after, session) - sample(before, session)).toBe(1);
      expect(
        sample(after, 'rondin_scans_total{result="accepted"}') -
          sample(before, 'rondin_scans_total{result="accepted"}'),
      ).toBe(1);
      expect(
        sample(after, 'rondin_scans_total{result="refused"}') - sample(before, 'rondin_scans_total{result="refused"}'),
      ).toBe(1);
      expect(sample(after, 'rondin_realtime_sockets')).toBe(1);
      expect(after).toContain('rondin_scan_batch_queue_depth 0');
      expect(after).toContain('rondin_process_cpu_seconds_total');
      if (process.env.DATABASE_URL)
        expect(sample(after, 'rondin_database_pool_connections{state="total"}')).toBeGreaterThan(0);
      else expect(after).not.toContain('rondin_database_pool_connections{');
    } finally {
      socket.disconnect();
    }
  });
});
