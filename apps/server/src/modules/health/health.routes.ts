import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type Database } from '../../db/database.js';
import { noAuth } from '../../lib/route-schema.js';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Estado del servidor y de su base de datos',
        tags: ['Sistema'],
        security: noAuth,
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await pingDatabase(db);
      return { status: 'ok' as const };
    },
  );
};
