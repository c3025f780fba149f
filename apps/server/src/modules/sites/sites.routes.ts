import { CreateSiteBody, IdParams, Site, UpdateSiteBody } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { SitesService } from './sites.service.js';

const tags = ['Sitios'];
const security = bearerAuth;
const errors = errorResponses;

export const sitesRoutes: FastifyPluginAsyncZod<{ service: SitesService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'listSites',
        summary: 'Listar sitios',
        description:
          'Los sitios por nombre, cada uno con cuántas trampas y órdenes tiene. Un administrador ve todos; un técnico, solo los sitios de las órdenes que tiene asignadas.',
        tags,
        security,
        response: { 200: z.array(Site), ...errors },
      },
    },
    (request) => service.list(request.user),
  );

  app.post(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createSite',
        summary: 'Crear un sitio',
        description:
          'Un lugar atendido (la planta de un cliente, una bodega). El nombre es único sin distinguir mayúsculas (409 si ya existe). timeZone es una zona IANA; sin ella, los documentos del sitio usan la zona del servidor (TIME_ZONE).',
        tags,
        security,
        body: CreateSiteBody,
        response: { 201: Site, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  );

  app.get(
    '/:id',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getSite',
        summary: 'Ver un sitio',
        description: 'Un técnico ve solo los sitios de sus órdenes: cualquier otro responde 404.',
        tags,
        security,
        params: IdParams,
        response: { 200: Site, ...errors },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updateSite',
        summary: 'Modificar un sitio',
        description:
          'Cambia el nombre (único, 409 si ya existe), el cliente, la dirección, la zona horaria (null: la del servidor) o el estado. Un sitio inactivo no recibe trampas nuevas; el último sitio activo no se puede desactivar (409).',
        tags,
        security,
        params: IdParams,
        body: UpdateSiteBody,
        response: { 200: Site, ...errors },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'deleteSite',
        summary: 'Eliminar un sitio',
        description:
          'Solo un sitio sin trampas, sin órdenes y sin planos, y que no sea el último activo (409 en cada caso): uno con historial se desactiva en lugar de eliminarse.',
        tags,
        security,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.delete(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
