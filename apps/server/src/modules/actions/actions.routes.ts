import {
  ActionList,
  ActionListQuery,
  CorrectiveActionDetail,
  CreateActionBody,
  IdParams,
  PutThresholdsBody,
  SiteThresholds,
  ThresholdSet,
  ThresholdsQuery,
  UpdateActionBody,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { ActionsService } from './actions.service.js';

const security = bearerAuth;
const errors = errorResponses;
const metrics =
  'Métricas: ACTIVIDAD (1 baja, 2 media, 3 alta), CONSUMO_CEBO (%), CAPTURAS (de la inspección), CAPTURAS_SEMANA (por dispositivo y semana: capturas × 7 ÷ días desde la inspección anterior, entre 1 y 28; 7 si es la primera), ESTADO (1: dañado, manipulado o no encontrado) y REPETICION (2 a 10: inspecciones seguidas del dispositivo con actividad, o dispositivos de su área con actividad en la misma orden; en ACCION abre o suma a la acción del área).';
const versioned =
  'Los umbrales tienen versiones: guardar cierra los vigentes y abre los nuevos desde ese momento, y un hallazgo se juzga con los vigentes cuando se registró (at: los vigentes en otro momento).';

/** Thresholds (global and per site) and corrective actions: administrators only. */
export const actionsRoutes: FastifyPluginAsyncZod<{ service: ActionsService }> = async (app, { service }) => {
  app.get(
    '/thresholds',
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
    '/thresholds',
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

  app.get(
    '/sites/:id/thresholds',
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
    '/sites/:id/thresholds',
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

  app.get(
    '/actions',
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
    '/actions',
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
    '/actions/:id',
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
    '/actions/:id',
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
