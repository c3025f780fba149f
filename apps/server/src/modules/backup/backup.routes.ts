import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupForDownload } from '../../db/backup.js';
import type { Database } from '../../db/database.js';
import { bearerAuth, errorResponses, fileResponse } from '../../lib/route-schema.js';

/** An online backup: the embedded database cannot be read by another process while the server runs. */
export const backupRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'downloadBackup',
        summary: 'Descargar un respaldo',
        tags: ['Sistema'],
        security: bearerAuth,
        response: { 200: fileResponse('Respaldo NDJSON comprimido con gzip.', 'application/gzip'), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const backup = await backupForDownload(db);
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="rondin-respaldo-${stamp}.ndjson.gz"`)
        .header('cache-control', 'no-store')
        .send(backup);
    },
  );
};
