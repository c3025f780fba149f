import { Health } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase, type Database } from '../../db/database.js';
import { noAuth } from '../../lib/route-schema.js';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.get(
    '',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Estado del servidor y de su base de datos',
        tags: ['Sistema'],
        security: noAuth,
        description:
          'timeZone es la zona horaria del servidor (TIME_ZONE): la de los sitios sin zona propia (Session.site.timeZone null).',
        response: { 200: Health },
      },
    },
    async () => {
      await pingDatabase(db);
      return { status: 'ok' as const, timeZone };
    },
  );
};
