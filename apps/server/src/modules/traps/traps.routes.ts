import { CreateTrapBody, IdParams, LabelSheetBody, LabelSheetQuery, Trap, TrapAreaCount, TrapAreasQuery, TrapListQuery, TrapPage, UpdateTrapBody } from '@rondin/contracts';
import { bearerAuth, errorResponses, pdfResponse } from '../../lib/route-schema.js';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TrapsService } from './traps.service.js';

const tags = ['Trampas'];
const security = bearerAuth;
const errors = errorResponses;

export const trapsRoutes: FastifyPluginAsyncZod<{ service: TrapsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authorize('ADMIN'));

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        description: 'Sin parámetros: la lista completa. Con page, pageSize, q, area o active: una página filtrada.',
        querystring: TrapListQuery,
        response: { 200: z.union([z.array(Trap), TrapPage]), ...errors },
      },
    },
    (request) => (Object.keys(request.query).length ? service.page(request.query) : service.list()),
  );

  app.get(
    '/areas',
    {
      schema: {
        tags,
        security,
        description: 'Las áreas en uso, con cuántas trampas tiene cada una y cuántas están activas (área null: trampas sin área).',
        querystring: TrapAreasQuery,
        response: { 200: z.array(TrapAreaCount), ...errors },
      },
    },
    (request) => service.areas(request.query.q),
  );

  app.post(
    '/',
    { schema: { tags, security, body: CreateTrapBody, response: { 201: Trap, ...errors } } },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  const sendSheet = async (reply: FastifyReply, ids: number[] | undefined) =>
    reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="etiquetas-trampas.pdf"')
      .send(await service.labelSheet(ids));

  app.get(
    '/labels',
    { schema: { tags, security, querystring: LabelSheetQuery, response: { 200: pdfResponse, ...errors } } },
    (request, reply) => sendSheet(reply, request.query.ids),
  );

  app.post(
    '/labels',
    {
      schema: {
        tags,
        security,
        description: 'La hoja de etiquetas de las trampas elegidas, para una lista que no cabe en la dirección.',
        body: LabelSheetBody,
        response: { 200: pdfResponse, ...errors },
      },
    },
    (request, reply) => sendSheet(reply, request.body.ids),
  );

  app.patch(
    '/:id',
    { schema: { tags, security, params: IdParams, body: UpdateTrapBody, response: { 200: Trap, ...errors } } },
    (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { schema: { tags, security, params: IdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/label',
    { schema: { tags, security, params: IdParams, response: { 200: pdfResponse, ...errors } } },
    async (request, reply) => {
      const doc = await service.label(request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="trap-${request.params.id}.pdf"`)
        .send(doc);
    },
  );
};
