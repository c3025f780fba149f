import {
  COMMON_PESTS_PER_TYPE,
  CommonPests,
  CreatePestBody,
  IdParams,
  Pest,
  PestListQuery,
  UpdatePestBody,
} from '@rondin/contracts';
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

/** Routes under /sites/{id}: what is caught at a site. */
export const sitePestsRoutes: FastifyPluginAsyncZod<{ service: PestsService }> = async (app, { service }) => {
  app.get(
    '/:id/common-pests',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'listSiteCommonPests',
        summary: 'Las plagas más capturadas en un sitio',
        description: `Por tipo de dispositivo, los ids de las plagas activas más capturadas en el sitio en los últimos 12 meses (versión vigente de cada hallazgo; un rango cuenta por su mínimo), de más a menos, como máximo ${COMMON_PESTS_PER_TYPE} por tipo; un tipo sin capturas no aparece. El teléfono las lista primero al registrar capturas. Un administrador, o un técnico con una orden abierta en el sitio; para cualquier otro técnico el sitio no existe (404).`,
        tags,
        security,
        params: IdParams,
        response: { 200: CommonPests, ...errors },
      },
    },
    (request) => service.commonAt(request.user, request.params.id),
  );
};
