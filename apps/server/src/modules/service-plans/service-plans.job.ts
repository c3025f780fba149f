import type { FastifyBaseLogger } from 'fastify';
import type { ServicePlansService } from './service-plans.service.js';

const HOUR_MS = 3_600_000;

/**
 * The generator at start-up and then every hour. Returns a stop function that also waits for a run under way,
 * so closing the server never cuts one (a cut run is still safe: the next one carries on).
 */
export function startServicePlanJob(
  service: ServicePlansService,
  log: FastifyBaseLogger,
  intervalMs = HOUR_MS,
): () => Promise<void> {
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = service.generateAll().then(
      (result) => {
        if (result.created > 0) log.info({ created: result.created }, 'service plans generated orders');
      },
      (error: unknown) => log.error({ err: error }, 'service plan generator failed'),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
