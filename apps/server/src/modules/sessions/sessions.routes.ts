import {
  CloseSessionBody,
  CreateSessionBody,
  IdParams,
  ScanBody,
  ScanResponse,
  Session,
  SessionListQuery,
  SessionPage,
} from '@rondin/contracts';
import { bearerAuth, errorResponses, pdfResponse } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionsService } from './sessions.service.js';

const tags = ['Órdenes'];
const security = bearerAuth;
const errors = errorResponses;

export const sessionsRoutes: FastifyPluginAsyncZod<{ service: SessionsService }> = async (app, { service }) => {
  const listSchema = (description: string) => ({
    tags,
    security,
    description: `${description} Sin parámetros: la lista completa con las trampas de cada orden. Con page, pageSize, q, status, technicianId, scheduledFrom o scheduledTo: una página de resúmenes.`,
    querystring: SessionListQuery,
    response: { 200: z.union([z.array(Session), SessionPage]), ...errors },
  });
  const paged = (query: object) => Object.keys(query).length > 0;

  app.get(
    '/',
    { onRequest: app.authorize('ADMIN'), schema: listSchema('Todas las órdenes, las más nuevas primero.') },
    (request) => (paged(request.query) ? service.page(request.query) : service.list()),
  );

  app.post(
    '/',
    {
      onRequest: app.authorize('ADMIN'),
      schema: { tags, security, body: CreateSessionBody, response: { 201: Session, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  );

  app.get(
    '/me',
    { onRequest: app.authorize(), schema: listSchema('Las órdenes asignadas a quien llama.') },
    (request) =>
      paged(request.query) ? service.page(request.query, { ownerId: request.user.id }) : service.listOwn(request.user, false),
  );

  app.get(
    '/me/active',
    { onRequest: app.authorize(), schema: listSchema('Las órdenes sin completar asignadas a quien llama.') },
    (request) =>
      paged(request.query)
        ? service.page(request.query, { ownerId: request.user.id, openOnly: true })
        : service.listOwn(request.user, true),
  );

  app.get(
    '/:id',
    { onRequest: app.authorize(), schema: { tags, security, params: IdParams, response: { 200: Session, ...errors } } },
    (request) => service.get(request.user, request.params.id),
  );

  app.post(
    '/:id/scan',
    {
      // The hot path: the token is checked here, the account inside the scan's single database call.
      onRequest: app.authenticate(),
      schema: { tags, security, params: IdParams, body: ScanBody, response: { 200: ScanResponse, ...errors } },
    },
    (request) => service.scan(request.user, request.params.id, request.body),
  );

  app.post(
    '/:id/close',
    {
      onRequest: app.authorize(),
      schema: { tags, security, params: IdParams, body: CloseSessionBody, response: { 200: Session, ...errors } },
    },
    (request) => service.close(request.user, request.params.id, request.body?.force ?? false),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: { tags, security, params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/report',
    {
      onRequest: app.authorize(),
      schema: { tags, security, params: IdParams, response: { 200: pdfResponse, ...errors } },
    },
    async (request, reply) => {
      const doc = await service.report(request.user, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="orden-${request.params.id}.pdf"`)
        .send(doc);
    },
  );
};
