import { IdParams, PutThresholdsBody, SiteThresholds, ThresholdSet, ThresholdsQuery } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { ThresholdsService } from './thresholds.service.js';

const security = bearerAuth;
const errors = errorResponses;
const metrics =
  'Métricas: ACTIVIDAD (1 baja, 2 media, 3 alta), CONSUMO_CEBO (%), CAPTURAS (de la inspección), CAPTURAS_SEMANA (por dispositivo y semana: capturas × 7 ÷ días desde la inspección anterior, entre 1 y 28; 7 si es la primera), ESTADO (1: dañado, manipulado o no encontrado) y REPETICION (2 a 10: inspecciones seguidas del dispositivo con actividad, o dispositivos de su área con actividad en la misma orden; en ACCION abre o suma a la acción del área).';
const versioned =
  'Los umbrales tienen versiones: guardar cierra los vigentes y abre los nuevos desde ese momento, y un hallazgo se juzga con los vigentes cuando se registró (at: los vigentes en otro momento).';

/** The global thresholds, under /thresholds: administrators only. */
export const thresholdsRoutes: FastifyPluginAsyncZod<{ service: ThresholdsService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getThresholds',
        summary: 'Umbrales generales',
        description: `Los límites por tipo de dispositivo, zona y nivel de riesgo (null: cualquiera), en dos niveles: ALERTA y ACCION (abre una acción correctiva). ${metrics} ${versioned}`,
        tags: ['Umbrales'],
        security,
        querystring: ThresholdsQuery,
        response: { 200: ThresholdSet, ...errors },
      },
    },
    (request) => service.thresholds(request.query.at),
  );

  app.put(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'putThresholds',
        summary: 'Reemplazar los umbrales generales',
        description: `La lista completa (cada combinación de tipo, zona, riesgo, métrica, grupo y nivel una vez). ${versioned}`,
        tags: ['Umbrales'],
        security,
        body: PutThresholdsBody,
        response: { 200: ThresholdSet, ...errors },
      },
    },
    (request) => service.putThresholds(request.body, request.user),
  );
};

/** A site's own thresholds, under /sites/{id}/thresholds: administrators only. */
export const siteThresholdsRoutes: FastifyPluginAsyncZod<{ service: ThresholdsService }> = async (app, { service }) => {
  app.get(
    '/:id/thresholds',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getSiteThresholds',
        summary: 'Umbrales propios de un sitio',
        description: `overrides: los del sitio, que reemplazan al general de igual tipo, zona, riesgo, métrica, grupo y nivel; defaults: los generales. ${versioned}`,
        tags: ['Umbrales'],
        security,
        params: IdParams,
        querystring: ThresholdsQuery,
        response: { 200: SiteThresholds, ...errors },
      },
    },
    (request) => service.siteThresholds(request.params.id, request.query.at),
  );

  app.put(
    '/:id/thresholds',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'putSiteThresholds',
        summary: 'Reemplazar los umbrales propios de un sitio',
        description: `La lista completa de los del sitio (vacía: el sitio usa los generales). ${versioned}`,
        tags: ['Umbrales'],
        security,
        params: IdParams,
        body: PutThresholdsBody,
        response: { 200: SiteThresholds, ...errors },
      },
    },
    (request) => service.putSiteThresholds(request.params.id, request.body, request.user),
  );
};
