import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called for every request: lets each one target a different item. */
  next?: () => { path: string; body?: string };
  /** Requests a second over all connections (a sustained rate); as fast as the server answers without it. */
  overallRate?: number;
}

/** One autocannon run against a server in another process. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    method: options.method ?? 'GET',
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    headers: { 'content-type': 'application/json', ...options.headers },
    requests: options.next
      ? [
          {
            setupRequest: (request) => {
              const { path, body } = options.next!();
              return { ...request, path, body };
            },
          },
        ]
      : undefined,
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
