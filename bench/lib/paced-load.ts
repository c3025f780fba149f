import { Pool } from 'undici';
import { percentile } from './stats.js';

export interface PacedLoadOptions {
  url: string;
  /** Requests a second, sent evenly: one every 1/rate s, whether or not earlier ones were answered. */
  rate: number;
  durationSeconds: number;
  /**
   * Seconds sent at the same rate first, on the same connections, and not counted: the figures are the steady
   * state, not the climb to it (connections opened, the server's database pool grown to what the rate needs).
   */
  warmUpSeconds?: number;
  /** Keep-alive connections the requests share; a request finding them all busy waits in line. */
  connections: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called for every request: lets each one target a different item. */
  next: () => { path: string; body?: string };
}

export interface PacedLoadResult {
  /** Requests sent, the warm-up's included (as are its errors and non-2xx answers below). */
  sent: number;
  /** Answers a second, from the first counted request's due time to the last answer. */
  requestsPerSecond: number;
  /** Latency from when each counted request was due (not when a connection was free), in ms. */
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

/**
 * An open-loop load: requests at a steady rate, each timed from the moment it was due, so a server falling
 * behind shows as growing latency rather than as fewer requests sent (autocannon's `overallRate` sends each
 * connection's quota for the second at once and times from the send, which measures bursts, not a steady rate).
 */
export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const warmUp = Math.round(options.rate * (options.warmUpSeconds ?? 0));
  const total = warmUp + Math.round(options.rate * options.durationSeconds);
  const headers = { 'content-type': 'application/json', ...options.headers };
  const latencies: number[] = [];
  const answers: Promise<void>[] = [];
  let errors = 0;
  let non2xx = 0;
  let lastAnswer = 0;
  const start = performance.now();
  /** When the first counted request was due. */
  const counted = start + (warmUp * 1000) / options.rate;
  const send = (index: number) => {
    const due = start + (index * 1000) / options.rate;
    const { path, body } = options.next();
    answers.push(
      pool.request({ path, method: options.method ?? 'GET', headers, body }).then(
        async (response) => {
          await response.body.dump();
          if (response.statusCode < 200 || response.statusCode >= 300) non2xx++;
          if (index < warmUp) return;
          lastAnswer = performance.now();
          latencies.push(lastAnswer - due);
        },
        () => {
          errors++;
        },
      ),
    );
  };
  let sent = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * options.rate) / 1000) + 1);
      for (; sent < due; sent++) send(sent);
      if (sent < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(answers);
  await pool.close();
  return {
    sent,
    requestsPerSecond: (latencies.length * 1000) / (lastAnswer - counted),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    errors,
    non2xx,
  };
}
