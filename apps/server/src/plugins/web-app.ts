import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';

export interface WebAppOptions {
  /** The web app's production build (apps/web/dist). */
  root: string;
}

/**
 * Serves the built web app from the same port as the API. Hashed assets are cached for a year; any other
 * GET outside /api that accepts HTML gets index.html, so the client-side router handles deep links.
 */
export default fp<WebAppOptions>(
  async function webApp(app: FastifyInstance, { root }) {
    const index = fs.readFileSync(path.join(root, 'index.html'));
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/scripts/precompress.ts); browsers get the smallest they accept.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const sendIndex = (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
    // Pages, not API: kept out of the OpenAPI document.
    const schema = { hide: true };
    app.get('/', { schema }, sendIndex);
    app.get('/*', { schema }, (request, reply) => {
      const wantsPage =
        request.method === 'GET' && !path.extname(request.url.split('?')[0]!) && !request.url.startsWith('/api/');
      if (wantsPage) return sendIndex(request, reply);
      return reply.callNotFound();
    });
  },
  { name: 'web-app' },
);
