import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/app-error.js';
import { AuthMessages } from '../lib/auth-user.js';
import { bearerToken } from './auth.js';

export interface MetricsOptions {
  /** Served only when set, and only to `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** Scans waiting for the embedded database's next batch (0 on PostgreSQL). */
  scanQueueDepth(): number;
  /** Realtime sockets open on this process. */
  openSockets(): number;
  /** The PostgreSQL pool's connections; undefined on the embedded database. */
  pool(): { total: number; idle: number; waiting: number } | undefined;
}

const SCAN_ROUTE = '/api/sessions/:id/scan';

/** Seconds; the scan answers in milliseconds, an export may take tens of seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format, for the company's monitoring: request rate and latency by route,
 * scans accepted and refused, the embedded database's scan queue, open sockets, the PostgreSQL pool, and
 * Node's own process figures. One registry per app, so each process reports its own. Not served at all
 * without METRICS_TOKEN: the figures say how busy a plant is.
 */
export default fp<MetricsOptions>(
  async function metrics(app: FastifyInstance, options) {
    if (!options.token) return;
    const token = options.token;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'rondin_' });

    const requests = new Histogram({
      name: 'rondin_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const scans = new Counter({
      name: 'rondin_scans_total',
      help: 'Scans answered: accepted (2xx), refused (4xx) or failed (5xx).',
      labelNames: ['result'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'rondin_scan_batch_queue_depth',
      help: 'Scans waiting for the embedded database (PGlite) to take the next batch.',
      registers: [registry],
      collect() {
        this.set(options.scanQueueDepth());
      },
    });
    new Gauge({
      name: 'rondin_realtime_sockets',
      help: 'Realtime sockets open on this process.',
      registers: [registry],
      collect() {
        this.set(options.openSockets());
      },
    });
    new Gauge({
      name: 'rondin_database_pool_connections',
      help: 'PostgreSQL pool connections by state (absent on the embedded database).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const pool = options.pool();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });

    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern, not the address: /api/sessions/:id, never one series per order.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      if (route === SCAN_ROUTE && request.method === 'POST') {
        scans.inc({ result: reply.statusCode < 300 ? 'accepted' : reply.statusCode < 500 ? 'refused' : 'failed' });
      }
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!sameToken(bearerToken(request), token)) {
        throw AppError.unauthorized(AuthMessages.missingToken);
      }
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
