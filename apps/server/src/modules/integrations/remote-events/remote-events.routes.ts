import {
  ErrorResponse,
  IdParams,
  RemoteEvent,
  RemoteEventBody,
  RemoteEventPage,
  TrapRemoteEventsQuery,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../../lib/route-schema.js';
import type { RemoteEventsService } from './remote-events.service.js';

const tags = ['Integraciones'];
const security = bearerAuth;
const errors = errorResponses;

/** /api/remote-events: what electronic devices report, through their bridge or platform. */
export const remoteEventsRoutes: FastifyPluginAsyncZod<{ service: RemoteEventsService }> = async (app, { service }) => {
  app.post(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'recordRemoteEvent',
        summary: 'Registrar un evento de un dispositivo electrónico',
        description:
          'Un evento de una trampa electrónica, nombrada por su código (con siteId si el código se repite entre sitios) o por su identificador externo. CAPTURA y ACTIVIDAD son hallazgos remotos (origen REMOTO) juzgados por los umbrales, que pueden abrir una acción correctiva; nunca cuentan como visita de un técnico. APERTURA, BATERIA_BAJA y SIN_CONEXION avisan a la oficina (campana), una vez por dispositivo, tipo y día. Idempotente por eventId: repetirlo responde 200 con el evento guardado y no cuenta de nuevo.',
        tags,
        security,
        body: RemoteEventBody,
        response: {
          200: RemoteEvent,
          201: RemoteEvent,
          ...errors,
          422: ErrorResponse.describe(
            'El código del dispositivo está en varios sitios (indica siteId), no es del sitio indicado, o el dispositivo está dado de baja.',
          ),
        },
      },
    },
    async (request, reply) => {
      const { event, created } = await service.record(request.body, request.user.id);
      return reply.code(created ? 201 : 200).send(event);
    },
  );
};

/** /api/traps/{id}/remote-events: a device's events, beside its history of visits. */
export const trapRemoteEventsRoutes: FastifyPluginAsyncZod<{ service: RemoteEventsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:id/remote-events',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listTrapRemoteEvents',
        summary: 'Eventos remotos de una trampa',
        description:
          'Los eventos que el dispositivo electrónico informó, del más reciente al más antiguo, por páginas.',
        tags,
        security,
        params: IdParams,
        querystring: TrapRemoteEventsQuery,
        response: { 200: RemoteEventPage, ...errors },
      },
    },
    (request) => service.ofTrap(request.params.id, request.query),
  );
};
