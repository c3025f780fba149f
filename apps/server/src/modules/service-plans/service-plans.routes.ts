import {
  CreateServicePlanBody,
  GenerateResult,
  IdParams,
  ServicePlan,
  ServicePlanListQuery,
  ServicePlanOptions,
  ServicePlanOptionsQuery,
  UpdateServicePlanBody,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { ServicePlansService } from './service-plans.service.js';

const tags = ['Planes de servicio'];
const security = bearerAuth;
const errors = errorResponses;

export const servicePlansRoutes: FastifyPluginAsyncZod<{ service: ServicePlansService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listServicePlans',
        summary: 'Listar planes de servicio',
        description: 'Los planes por nombre; con siteId, los de ese sitio.',
        tags,
        security,
        querystring: ServicePlanListQuery,
        response: { 200: z.array(ServicePlan), ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  app.post(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createServicePlan',
        summary: 'Crear un plan de servicio',
        description:
          'Visitas a un sitio con una frecuencia (SEMANAL, QUINCENAL, MENSUAL, BIMESTRAL, TRIMESTRAL) desde startDate a la hora time, en la zona horaria del sitio. Las órdenes se crean solas con horizonDays días de anticipación (si no se indica, dos periodos de la frecuencia, para ver siempre las dos próximas visitas: 14 días semanal, 28 quincenal, 62 mensual, 124 bimestral, 184 trimestral), una por fecha, con los dispositivos activos del sitio (o de las áreas y tipos indicados, que deben ser de dispositivos del sitio: 400 si no) al momento de crear cada una. Al crearlo se generan sus primeras órdenes. Uno o varios técnicos (technicians, en orden; technicianId para uno solo): assignment ROTATING reparte las visitas por turno (la visita k, contada desde startDate, al técnico k mod n); BY_AREA da a cada técnico algunas áreas del plan (cada área a uno solo) y cada visita crea una orden por técnico con los dispositivos de sus áreas.',
        tags,
        security,
        body: CreateServicePlanBody,
        response: { 201: ServicePlan, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.get(
    '/options',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getServicePlanOptions',
        summary: 'Áreas y tipos para un plan del sitio',
        description:
          'Las áreas y los tipos de los dispositivos activos del sitio: lo único a lo que un plan puede limitar sus visitas.',
        tags,
        security,
        querystring: ServicePlanOptionsQuery,
        response: { 200: ServicePlanOptions, ...errors },
      },
    },
    (request) => service.siteOptions(request.query.siteId),
  );

  app.get(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getServicePlan',
        summary: 'Ver un plan de servicio',
        tags,
        security,
        params: IdParams,
        response: { 200: ServicePlan, ...errors },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updateServicePlan',
        summary: 'Modificar un plan de servicio',
        description:
          'Los cambios valen para las órdenes aún no creadas. Con applyToOpen: true, además se vuelven a crear con las nuevas condiciones las órdenes futuras del plan que nadie ha empezado; las empezadas o cerradas no cambian.',
        tags,
        security,
        params: IdParams,
        body: UpdateServicePlanBody,
        response: { 200: ServicePlan, ...errors },
      },
    },
    (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'deleteServicePlan',
        summary: 'Eliminar un plan de servicio',
        description: 'Solo un plan que no ha creado órdenes (409 si no): uno con historial se desactiva.',
        tags,
        security,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/generate',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'generateServicePlan',
        summary: 'Generar ahora las órdenes de un plan',
        description:
          'Crea en el momento las órdenes del plan que faltan hasta su horizonte (lo mismo que hace cada hora el servidor). Una fecha que ya tiene orden no se repite. 409 si el plan o su sitio están inactivos.',
        tags,
        security,
        params: IdParams,
        response: { 200: GenerateResult, ...errors },
      },
    },
    (request) => service.generate(request.params.id),
  );
};
