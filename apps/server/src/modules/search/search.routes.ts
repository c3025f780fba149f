import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_MIN_LENGTH,
  SearchQuery,
  SearchResponse,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { SearchService } from './search.service.js';

export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'search',
        summary: 'Buscar sitios, clientes, dispositivos, órdenes y certificados',
        description: `La caja de búsqueda de la oficina. q (al menos ${SEARCH_MIN_LENGTH} caracteres, sin distinguir mayúsculas ni acentos): dispositivos por código, zona o sitio (cada palabra en alguno de ellos; primero los que empiezan por el texto), órdenes por número («57», «#57», «orden 57»), certificados por folio («2026-000042», parte de él, o el número sin año) sitios por nombre, cliente o dirección, y clientes por nombre, identificación fiscal o dirección. Agrupados por tipo, con como máximo limit resultados por tipo (por omisión ${SEARCH_DEFAULT_LIMIT}, hasta ${SEARCH_MAX_LIMIT}), cada uno con la dirección de la aplicación que lo abre. Solo un administrador (403 a un técnico).`,
        tags: ['Búsqueda'],
        security: bearerAuth,
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...errorResponses },
      },
    },
    (request) => service.search(request.query),
  );
};
