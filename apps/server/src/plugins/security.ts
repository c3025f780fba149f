import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SECURITY_HEADERS } from '../lib/security-headers.js';

export interface SecurityOptions {
  /** Origins allowed to call the API from another site; none means same-origin only. */
  corsOrigins?: string[] | undefined;
}

export default fp<SecurityOptions>(
  async function security(app: FastifyInstance, { corsOrigins }) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      done();
    });
    if (corsOrigins?.length) {
      await app.register(cors, { origin: corsOrigins, credentials: false, maxAge: 600 });
    }
  },
  { name: 'security' },
);
