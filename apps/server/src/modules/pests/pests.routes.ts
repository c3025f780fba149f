import { CreatePestBody, IdParams, Pest, PestListQuery, UpdatePestBody } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { PestsService } from './pests.service.js';

const tags = ['Plagas'];
const security = bearerAuth;
const errors = errorResponses;

export const pestsRoutes: FastifyPluginAsyncZod<{ service: PestsService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'listPests',
        summary: 'Listar el catálogo de plagas',
        description:
          'Las especies, y para las lámparas UV los grupos en que se cuentan las capturas, por grupo y nombre. Sin all: solo las activas (las que se pueden registrar). Con all=true, también las desactivadas: solo un administrador (403 a un técnico).',
        tags,
        security,
        querystring: PestListQuery,
        response: { 200: z.array(Pest), ...errors },
      },
    },
    (request) => service.list(request.user, request.query.all === 'true'),
  );

  app.post(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createPest',
        summary: 'Agregar una plaga al catálogo',
        description:
          'El nombre es único sin distinguir mayúsculas (409 si ya existe); el nombre científico es opcional (los grupos de las lámparas UV no lo tienen).',
        tags,
        security,
        body: CreatePestBody,
        response: { 201: Pest, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updatePest',
        summary: 'Modificar una plaga del catálogo',
        description:
          'Cambia el nombre (único, 409 si ya existe), el nombre científico (null lo quita), el grupo o el estado. Una plaga no se elimina: se desactiva con isActive false y deja de ofrecerse.',
        tags,
        security,
        params: IdParams,
        body: UpdatePestBody,
        response: { 200: Pest, ...errors },
      },
    },
    (request) => service.update(request.params.id, request.body),
  );
};
