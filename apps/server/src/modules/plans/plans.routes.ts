import multipart from '@fastify/multipart';
import {
  ErrorResponse,
  IdParams,
  Placement,
  PlacementEvent,
  Plan,
  HEAT_STYLES,
  PlanDetail,
  PlanHeat,
  PlanHeatQuery,
  PlanName,
  PutPlacementBody,
  PutPlanPlacementsBody,
  MAX_BULK_PLACEMENTS,
  UpdatePlanBody,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MULTIPART_OPTIONS, readUpload } from '../../files/multipart.js';
import { sendDrawnPdf, sendFile } from '../../files/send-file.js';
import { bearerAuth, errorResponses, fileResponse, uploadForm } from '../../lib/route-schema.js';
import { NEW_PLAN_FORM, PLAN_IMAGE_FORM, type PlansService } from './plans.service.js';

const tags = ['Planos'];
const security = bearerAuth;
const errors = errorResponses;
const readers =
  'Un administrador, o un técnico con alguna orden asignada en el sitio del plano; para cualquier otro técnico el plano no existe (404).';
const uploadErrors = {
  413: ErrorResponse.describe('La imagen pasa de 15 MB: se rechaza en cuanto llega el byte que sobra.'),
  415: ErrorResponse.describe(
    'No es un formulario multipart/form-data, o el archivo no es PNG, JPEG ni WebP según sus bytes (su nombre y el tipo declarado no cuentan).',
  ),
};
const imageFile =
  'La imagen: PNG, JPEG o WebP de hasta 15 MB y 40 megapíxeles, reconocida por sus bytes. Un PDF se convierte antes en imagen.';

const heatScale = Object.entries(HEAT_STYLES)
  .map(([heat, style]) => `${heat} (${style.label}): ${style.description}`)
  .join(' ');
const heatPeriod =
  'Período [from, to), instantes con zona horaria; sin ellos, los doce meses hasta ahora (400 si from es posterior a to o pasa de 5 años).';

/** A site's plans and where its devices stand on them, under /sites. */
export const sitePlansRoutes: FastifyPluginAsyncZod<{ service: PlansService }> = async (app, { service }) => {
  app.get(
    '/:id/plans',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'listSitePlans',
        summary: 'Planos de un sitio',
        description: `Por nombre, cada uno con cuántos dispositivos activos tiene ubicados (placedCount). ${readers}`,
        tags,
        security,
        params: IdParams,
        response: { 200: z.array(Plan), ...errors },
      },
    },
    (request) => service.list(request.user, request.params.id),
  );

  app.get(
    '/:id/placements',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'listSitePlacements',
        summary: 'Dónde está cada dispositivo del sitio',
        description: `Una ubicación por dispositivo activo ubicado en algún plano del sitio; los que no aparecen están sin ubicar. ${readers}`,
        tags,
        security,
        params: IdParams,
        response: { 200: z.array(Placement), ...errors },
      },
    },
    (request) => service.sitePlacements(request.user, request.params.id),
  );

  // The upload route alone reads multipart/form-data; every other route reads JSON only.
  await app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/:id/plans',
      {
        onRequest: app.authorize('ADMIN'),
        schema: {
          operationId: 'createPlan',
          summary: 'Subir un plano',
          description:
            'Formulario multipart/form-data con el nombre (name, único en el sitio sin distinguir mayúsculas: 409) y la imagen (file). Se guarda el tamaño en píxeles de la imagen tal como se ve (una foto girada por su EXIF cuenta girada).',
          tags,
          security,
          params: IdParams,
          consumes: ['multipart/form-data'],
          body: uploadForm(imageFile, { name: PlanName }),
          response: { 201: Plan, ...errors, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const plan = await service.create(request.user, request.params.id, () => readUpload(request, NEW_PLAN_FORM));
        return reply.code(201).send(plan);
      },
    );
  });
};

/** A plan: its image, its map and its heat, under /plans. */
export const plansRoutes: FastifyPluginAsyncZod<{ service: PlansService }> = async (app, { service }) => {
  app.get(
    '/:id',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getPlan',
        summary: 'Ver un plano con sus dispositivos',
        description: `El plano y cada dispositivo activo ubicado en él, por código, con el número de su marcador (1…n en ese orden), como en el mapa impreso. ${readers}`,
        tags,
        security,
        params: IdParams,
        response: { 200: PlanDetail, ...errors },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.put(
    '/:id/placements',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'placeTrapsOnPlan',
        summary: 'Ubicar muchos dispositivos en un plano a la vez',
        description: `Pone cada trampa en su (x, y) del plano, fracciones de su ancho y alto, o la mueve allí desde donde estaba, como PUT /api/traps/{id}/placement con cada una, pero todas o ninguna: una trampa que no existe (404), de otro sitio o repetida (400) deja todo como estaba. Hasta ${MAX_BULK_PLACEMENTS} por vez; las trampas no nombradas siguen donde estaban. Cada cambio queda en el historial de su trampa y en el registro de cambios; una que ya estaba en su punto no cambia. Responde dónde queda cada una, en el orden pedido.`,
        tags,
        security,
        params: IdParams,
        body: PutPlanPlacementsBody,
        response: { 200: z.array(Placement), ...errors },
      },
    },
    (request) => service.placeMany(request.user, request.params.id, request.body),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'renamePlan',
        summary: 'Renombrar un plano',
        description:
          'El nombre es único en el sitio sin distinguir mayúsculas (409). La imagen se reemplaza con PUT /api/plans/{id}/image.',
        tags,
        security,
        params: IdParams,
        body: UpdatePlanBody,
        response: { 200: Plan, ...errors },
      },
    },
    (request) => service.rename(request.user, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'deletePlan',
        summary: 'Eliminar un plano',
        description:
          'El plano y su imagen se eliminan; sus dispositivos quedan sin ubicar, y el historial de cada uno lo registra.',
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

  app.get(
    '/:id/image',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getPlanImage',
        summary: 'Imagen de un plano',
        description: `Con el tipo reconocido al subirla y ETag (su SHA-256): con If-None-Match vigente responde 304 sin cuerpo. ${readers}`,
        tags,
        security,
        params: IdParams,
        response: {
          200: fileResponse('La imagen del plano.', 'image/png', 'image/jpeg', 'image/webp'),
          304: z.null().describe('La copia del cliente (If-None-Match) sigue vigente; la respuesta no tiene cuerpo.'),
          ...errors,
        },
      },
    },
    async (request, reply) => sendFile(request, reply, await service.image(request.user, request.params.id)),
  );

  app.get(
    '/:id/map.pdf',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getPlanMap',
        summary: 'Mapa de dispositivos en PDF',
        description: `El plano vigente hoy, fechado en la zona horaria del sitio: la imagen con un marcador numerado por dispositivo activo (forma y color según su tipo; el número es el de su código cuando todos los códigos del plano terminan en uno distinto, si no su orden por código), la clave de los símbolos y la leyenda con número, código, tipo y área. Siempre A4, apaisado u orientado según la forma del plano. ${readers} Con un período (from o to; solo administradores, 403 para un técnico) es el mapa de calor: cada marcador se rellena con el color de la clase de su dispositivo en el período (como GET /api/plans/{id}/heat), con la escala y el período en la página y la clase escrita en la leyenda.`,
        tags,
        security,
        params: IdParams,
        querystring: PlanHeatQuery,
        response: { 200: fileResponse('El mapa en PDF.', 'application/pdf'), ...errors },
      },
    },
    async (request, reply) => sendDrawnPdf(reply, await service.map(request.user, request.params.id, request.query)),
  );

  app.get(
    '/:id/heat',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getPlanHeat',
        summary: 'Mapa de calor de un plano en un período',
        description: `Por cada dispositivo activo del plano, en el orden de sus marcadores: las inspecciones del período (la versión vigente de cada hallazgo registrado en él: una corrección reemplaza a lo corregido), las que tuvieron actividad, las capturas (un rango cuenta como su mínimo) y por semana, la actividad máxima, el consumo medio de cebo, las excepciones (no encontrado o inaccesible) y las veces que estaba dañado, y su clase: ${heatScale} ${heatPeriod} Solo administradores; un plano que no existe, 404.`,
        tags,
        security,
        params: IdParams,
        querystring: PlanHeatQuery,
        response: { 200: PlanHeat, ...errors },
      },
    },
    (request) => service.heat(request.params.id, request.query),
  );

  // The upload route alone reads multipart/form-data; every other route reads JSON only.
  await app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/:id/image',
      {
        onRequest: app.authorize('ADMIN'),
        schema: {
          operationId: 'replacePlanImage',
          summary: 'Reemplazar la imagen de un plano',
          description:
            'Formulario multipart/form-data con la nueva imagen (file). Los dispositivos conservan su ubicación, en fracciones de la imagen: una versión nueva del mismo plano, con el mismo encuadre, los deja en su sitio.',
          tags,
          security,
          params: IdParams,
          consumes: ['multipart/form-data'],
          body: uploadForm(imageFile),
          response: { 200: Plan, ...errors, ...uploadErrors },
        },
      },
      (request) => service.replaceImage(request.user, request.params.id, () => readUpload(request, PLAN_IMAGE_FORM)),
    );
  });
};

/** Where a device stands on its site's plans, and where it stood, under /traps. */
export const trapPlacementsRoutes: FastifyPluginAsyncZod<{ service: PlansService }> = async (app, { service }) => {
  app.put(
    '/:id/placement',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'placeTrap',
        summary: 'Ubicar un dispositivo en un plano',
        description:
          'Pone la trampa en (x, y) del plano, fracciones de su ancho y alto desde la esquina superior izquierda, o la mueve allí desde donde estaba (una trampa está en un plano a lo más). El plano debe ser del sitio de la trampa (400). Cada cambio queda en su historial; repetir la misma ubicación no cambia nada.',
        tags,
        security,
        params: IdParams,
        body: PutPlacementBody,
        response: { 200: Placement, ...errors },
      },
    },
    (request) => service.place(request.user, request.params.id, request.body),
  );

  app.delete(
    '/:id/placement',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'unplaceTrap',
        summary: 'Quitar un dispositivo de su plano',
        description: 'La trampa queda sin ubicar (404 si ya lo estaba); el cambio queda en su historial.',
        tags,
        security,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.unplace(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/placement-events',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listPlacementEvents',
        summary: 'Historial de ubicaciones de un dispositivo',
        description:
          'Cada cambio de ubicación de la trampa, el más reciente primero: el plano (planId null: quedó sin ubicar; planName null si el plano ya no existe), el punto, cuándo y quién.',
        tags,
        security,
        params: IdParams,
        response: { 200: z.array(PlacementEvent), ...errors },
      },
    },
    (request) => service.events(request.params.id),
  );
};
