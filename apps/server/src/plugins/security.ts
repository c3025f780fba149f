import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityOptions {
  /** Origins allowed to call the API from another site; none means same-origin only. */
  corsOrigins?: string[] | undefined;
}

export default fp<SecurityOptions>(
  async function security(app: FastifyInstance, { corsOrigins }) {
    // Built once: @fastify/helmet rebuilds the middleware, CSP parsing included, for every request
    // (3 % of the server's CPU under the scan benchmark on PGlite).
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          // The label preview embeds the API's own PDFs; camera frames are decoded from blob: workers.
          'default-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'worker-src': ["'self'", 'blob:'],
          'frame-src': ["'self'", 'blob:'],
          'object-src': ["'self'", 'blob:'],
          'script-src': ["'self'", "'wasm-unsafe-eval'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Plants often serve Rondín over plain HTTP on their own network: upgrading requests would break it.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
    if (corsOrigins?.length) {
      await app.register(cors, { origin: corsOrigins, credentials: false, maxAge: 600 });
    }
    // Limits are applied by the routes that need them (login), not globally.
    await app.register(rateLimit, { global: false });
  },
  { name: 'security' },
);
