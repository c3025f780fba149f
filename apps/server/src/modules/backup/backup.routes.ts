import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBackup } from '../../db/backup.js';
import type { Database } from '../../db/database.js';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';

/** An online backup: the embedded database cannot be read by another process while the server runs. */
export const backupRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        tags: ['Sistema'],
        security: bearerAuth,
        response: { 200: z.any().describe('Respaldo NDJSON comprimido con gzip'), ...errorResponses },
      },
    },
    (_request, reply) => {
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="rondin-respaldo-${stamp}.ndjson.gz"`)
        .header('cache-control', 'no-store')
        .send(createBackup(db));
    },
  );
};
