import {
  ActionList,
  ActionListQuery,
  CorrectiveActionDetail,
  CreateActionBody,
  IdParams,
  UpdateActionBody,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { ActionsService } from './actions.service.js';

const security = bearerAuth;
const errors = errorResponses;

/** Corrective actions, under /actions: administrators only. */
export const actionsRoutes: FastifyPluginAsyncZod<{ service: ActionsService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listActions',
        summary: 'Acciones correctivas',
        description:
          'Abiertas primero, por fecha límite, de limit en limit (50 si no se indica; hasta 200): la página siguiente se pide con cursor = nextCursor de la anterior y los mismos filtros; nextCursor null en la última. Filtros: sitio, estado, vencidas (overdue: fecha límite pasada y sin cerrar) y responsable. openCount y overdueCount cuentan todas.',
        tags: ['Acciones correctivas'],
        security,
        querystring: ActionListQuery,
        response: { 200: ActionList, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  app.post(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createAction',
        summary: 'Abrir una acción correctiva a mano',
        description:
          'MANUAL, o RECOMENDACION al cliente (responsable CLIENTE si no se indica). Las de origen UMBRAL las abre el servidor al registrarse un hallazgo o una excepción sobre un umbral de ACCION.',
        tags: ['Acciones correctivas'],
        security,
        body: CreateActionBody,
        response: { 201: CorrectiveActionDetail, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body, request.user)),
  );

  app.get(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getAction',
        summary: 'Una acción correctiva con su historial y sus ocurrencias',
        tags: ['Acciones correctivas'],
        security,
        params: IdParams,
        response: { 200: CorrectiveActionDetail, ...errors },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updateAction',
        summary: 'Cambiar el estado o los datos de una acción',
        description:
          'Estados: ABIERTA → EN_CURSO → CERRADA (o ABIERTA → CERRADA), con nota de cierre (closingNote); una cerrada se reabre (ABIERTA) con motivo (reason) y solo así se modifica. Cada cambio de estado queda en el historial. verificationSuggested solo sugiere: cierra una persona.',
        tags: ['Acciones correctivas'],
        security,
        params: IdParams,
        body: UpdateActionBody,
        response: { 200: CorrectiveActionDetail, ...errors },
      },
    },
    (request) => service.update(request.params.id, request.body, request.user),
  );
};
