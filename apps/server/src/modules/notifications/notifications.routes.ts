import {
  MarkNotificationsReadBody,
  NotificationsPage,
  NotificationsQuery,
  NotificationsUnread,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { NotificationsService } from './notifications.service.js';

const tags = ['Notificaciones'];
const security = bearerAuth;
const errors = errorResponses;

/** /api/notifications: what the bell of every layout shows, for every role. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN', 'TECH', 'CLIENTE'),
      schema: {
        operationId: 'listNotifications',
        summary: 'Listar mis notificaciones',
        description:
          'Las notificaciones de la cuenta, de la más reciente a la más antigua, de 20 en 20 (`before`: las anteriores a esa), con cuántas hay sin leer.',
        tags,
        security,
        querystring: NotificationsQuery,
        response: { 200: NotificationsPage, ...errors },
      },
    },
    (request) => service.list(request.user.id, request.query.before),
  );

  app.post(
    '/read',
    {
      onRequest: app.authorize('ADMIN', 'TECH', 'CLIENTE'),
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Marcar notificaciones como leídas',
        description:
          'Marca como leídas las notificaciones indicadas de la cuenta; las que no son suyas o ya estaban leídas se ignoran. Responde cuántas quedan sin leer.',
        tags,
        security,
        body: MarkNotificationsReadBody,
        response: { 200: NotificationsUnread, ...errors },
      },
    },
    (request) => service.markRead(request.user.id, request.body.ids),
  );
};
