import { IdParams, SaveSiteRouteBody, SiteRoute } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { SiteRouteService } from './site-route.service.js';

const tags = ['Sitios'];
const security = bearerAuth;
const errors = errorResponses;

export const siteRouteRoutes: FastifyPluginAsyncZod<{ service: SiteRouteService }> = async (app, { service }) => {
  app.get(
    '/:id/route',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getSiteRoute',
        summary: 'Ver el recorrido de un sitio',
        description:
          'Los dispositivos activos del sitio en el orden en que el técnico los recorre (routeOrder 1…n), y después los que no tienen lugar en el recorrido, por código (routeOrder null).',
        tags,
        security,
        params: IdParams,
        response: { 200: SiteRoute, ...errors },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.put(
    '/:id/route',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'saveSiteRoute',
        summary: 'Guardar el recorrido de un sitio',
        description:
          'Guarda el orden dado (1…n en el orden de trapIds; un id repetido cuenta una vez). Cada id debe ser un dispositivo activo del sitio (400 si no). Los dispositivos del sitio que no vienen quedan sin lugar en el recorrido. Responde el recorrido guardado; cada cambio queda en el registro de cambios.',
        tags,
        security,
        params: IdParams,
        body: SaveSiteRouteBody,
        response: { 200: SiteRoute, ...errors },
      },
    },
    (request) => service.save(request.user, request.params.id, request.body.trapIds),
  );

  app.post(
    '/:id/route/propose',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'proposeSiteRoute',
        summary: 'Proponer un recorrido desde los planos',
        description:
          'Propone un recorrido sin guardarlo: área por área, cada una de dispositivo más cercano en dispositivo más cercano según su ubicación en los planos; la siguiente área es la del dispositivo más cercano al último recorrido, y la primera, la del primer dispositivo ubicado por código. Los dispositivos sin ubicar van al final, por área y código. routeOrder es el lugar propuesto.',
        tags,
        security,
        params: IdParams,
        response: { 200: SiteRoute, ...errors },
      },
    },
    (request) => service.propose(request.params.id),
  );
};
