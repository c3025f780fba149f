import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type Database } from '../../db/database.js';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    { schema: { tags: ['Sistema'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      await pingDatabase(db);
      return { status: 'ok' as const };
    },
  );
};
