import multipart from '@fastify/multipart';
import {
  ErrorResponse,
  IdParams,
  PhotoQuery,
  PublicSightingPage,
  PublicSightingParams,
  PublicSightingReceipt,
  SIGHTING_PHOTOS_MAX,
  Sighting,
  SightingFields,
  SightingLink,
  SightingList,
  SightingListQuery,
  SightingPhotoParams,
  SightingAreas,
  SightingPosterQuery,
  SiteSightingsQuery,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MULTIPART_OPTIONS, readUpload } from '../../files/multipart.js';
import { sendFile } from '../../files/send-file.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { bearerAuth, errorResponses, fileResponse, noAuth } from '../../lib/route-schema.js';
import { SIGHTING_FORM, type SightingsService } from './sightings.service.js';

const tags = ['Avistamientos'];
const security = bearerAuth;
const errors = errorResponses;

/** The form's parts: its text fields and up to 3 files, one more let through so it is refused in Spanish. */
export const SIGHTING_MULTIPART = {
  limits: {
    ...MULTIPART_OPTIONS.limits,
    files: SIGHTING_PHOTOS_MAX + 1,
    fields: SIGHTING_FORM.fields.length,
    parts: SIGHTING_FORM.fields.length + SIGHTING_PHOTOS_MAX + 1,
  },
};

/** The sighting form for the OpenAPI document: its fields as SightingFields says, and the photos in `file`. */
function sightingForm(omit: Partial<Record<keyof typeof SightingFields.shape, true>>) {
  const { $schema: _, ...json } = z.toJSONSchema(SightingFields.omit(omit), { io: 'input' }) as {
    $schema?: string;
    properties: Record<string, unknown>;
    required?: string[];
  };
  return z.unknown().meta({
    type: 'object',
    properties: {
      ...json.properties,
      file: {
        type: 'string',
        format: 'binary',
        description: `Una foto en cada parte file, hasta ${SIGHTING_PHOTOS_MAX}: JPEG o WebP de hasta 2 MB, reconocidas por sus bytes.`,
      },
    },
    required: json.required ?? [],
  });
}

const uploadErrors = {
  413: ErrorResponse.describe('Una foto pasa de 2 MB: se rechaza en cuanto llega el byte que sobra.'),
  415: ErrorResponse.describe(
    'No es un formulario multipart/form-data, o una foto no es JPEG ni WebP según sus bytes.',
  ),
};

/** A site's sightings, its public link and posters, under /sites: the office (administrators). */
export const siteSightingsRoutes: FastifyPluginAsyncZod<{ service: SightingsService }> = async (app, { service }) => {
  app.get(
    '/:id/sightings',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listSiteSightings',
        summary: 'Avistamientos de un sitio',
        description:
          'Los más recientes primero (por cuándo se vieron), limit de ellos (50 si no se indica). status=ABIERTO: los que tienen su acción correctiva sin cerrar; ATENDIDO: cerrada. openCount cuenta los abiertos del sitio.',
        tags,
        security,
        params: IdParams,
        querystring: SiteSightingsQuery,
        response: { 200: SightingList, ...errors },
      },
    },
    (request) => service.listOfSite(request.params.id, request.query),
  );

  app.get(
    '/:id/sighting-link',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getSightingLink',
        summary: 'El enlace público de avistamientos de un sitio',
        description:
          'La dirección que abre el QR de los carteles del sitio ({PUBLIC_URL}/avistamiento/{token}); se crea la primera vez que se pide.',
        tags,
        security,
        params: IdParams,
        response: { 200: SightingLink, ...errors },
      },
    },
    (request) => service.link(request.params.id, request.user, requestOrigin(request)),
  );

  app.post(
    '/:id/sighting-link',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'rotateSightingLink',
        summary: 'Cambiar el enlace de avistamientos de un sitio',
        description:
          'Un token nuevo: los carteles impresos antes dejan de funcionar (su página responde 404). Para cuando un cartel se usa mal o sale de la planta.',
        tags,
        security,
        params: IdParams,
        response: { 200: SightingLink, ...errors },
      },
    },
    (request) => service.rotateLink(request.params.id, request.user, requestOrigin(request)),
  );

  app.get(
    '/:id/sighting-poster.pdf',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getSightingPoster',
        summary: 'Carteles de avistamiento para imprimir',
        description:
          'A4, uno por área: el QR al enlace del sitio, el nombre del área y cómo avisar. Con area, el de esa área (400 si no es una del sitio); sin ella, una página por área. 409 si el sitio no tiene áreas.',
        tags,
        security,
        params: IdParams,
        querystring: SightingPosterQuery,
        response: { 200: fileResponse('Los carteles en PDF.', 'application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const poster = await service.poster(request.params.id, request.query.area, request.user, requestOrigin(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${poster.fileName}"`)
        .send(poster.content);
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, SIGHTING_MULTIPART);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/:id/sightings',
      {
        onRequest: app.authorize('ADMIN'),
        schema: {
          operationId: 'createSiteSighting',
          summary: 'Registrar un avistamiento comunicado a la oficina',
          description:
            'Lo que alguien de la planta contó por teléfono: área (una de las del sitio), descripción, cuándo se vio (seenAt), y si se sabe el dispositivo (trapId), la plaga (pestId) o su grupo (pestGroup); hasta 3 fotos. Abre en la misma transacción una acción correctiva de origen AVISTAMIENTO con responsable EMPRESA, y la oficina recibe sighting.created.',
          tags,
          security,
          params: IdParams,
          consumes: ['multipart/form-data'],
          body: sightingForm({ reporterName: true }),
          response: { 201: Sighting, ...errors, ...uploadErrors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.reportAs(request.user, request.params.id, () => readUpload(request, SIGHTING_FORM))),
    );
  });
};

/** Every site's sightings and their photos, under /sightings: the office (administrators). */
export const sightingsRoutes: FastifyPluginAsyncZod<{ service: SightingsService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listSightings',
        summary: 'Avistamientos de todos los sitios',
        description:
          'Para el panel: los más recientes primero, limit de ellos (50 si no se indica), de un sitio (siteId) o de todos, abiertos (status=ABIERTO: su acción sin cerrar) o atendidos. openCount cuenta los abiertos.',
        tags,
        security,
        querystring: SightingListQuery,
        response: { 200: SightingList, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  app.get(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getSighting',
        summary: 'Un avistamiento con su acción correctiva',
        tags,
        security,
        params: IdParams,
        response: { 200: Sighting, ...errors },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.get(
    '/:id/photos/:photoId',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getSightingPhoto',
        summary: 'Ver una foto de un avistamiento',
        description: 'Con ETag (su SHA-256). Con size=thumb, su miniatura JPEG de 180 px, hecha al subirla.',
        tags,
        security,
        params: SightingPhotoParams,
        querystring: PhotoQuery,
        response: {
          200: fileResponse('La foto, o su miniatura.', 'image/jpeg', 'image/webp'),
          304: z.null().describe('La copia del cliente (If-None-Match) sigue vigente; la respuesta no tiene cuerpo.'),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      sendFile(
        request,
        reply,
        await service.photoFile(request.params.id, request.params.photoId, request.query.size === 'thumb'),
      ),
  );
};

const publicErrors = {
  400: errors[400],
  404: ErrorResponse.describe('El enlace no existe o ya no está en uso (se cambió, o el sitio está desactivado).'),
};

/** The poster's public page, under /public/sightings: no sign-in; the token is the only key. */
export const publicSightingsRoutes: FastifyPluginAsyncZod<{ service: SightingsService }> = async (app, { service }) => {
  app.get(
    '/:token',
    {
      schema: {
        operationId: 'getPublicSightingPage',
        summary: 'Lo que la página pública de avistamientos muestra',
        description: 'Público, sin sesión: el nombre del sitio y sus áreas, nada más del sitio.',
        tags,
        // No sign-in: whoever holds the poster reports.
        security: noAuth,
        params: PublicSightingParams,
        response: { 200: PublicSightingPage, ...publicErrors },
      },
    },
    (request) => service.publicPage(request.params.token),
  );

  await app.register(async (scope) => {
    await scope.register(multipart, SIGHTING_MULTIPART);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/:token',
      {
        schema: {
          operationId: 'reportPublicSighting',
          summary: 'Avisar de un avistamiento desde el cartel',
          description:
            'Público, sin sesión: área (una de las del sitio), qué se vio, cuándo (seenAt), el tipo de plaga si se sabe (pestGroup), el nombre de quien avisa (reporterName) y hasta 3 fotos. Abre una acción correctiva en el sitio del enlace, y solo en él. Cada dirección puede enviar un número limitado de avisos por hora: después, 429.',
          tags,
          security: noAuth,
          params: PublicSightingParams,
          consumes: ['multipart/form-data'],
          body: sightingForm({ trapId: true, pestId: true }),
          response: {
            201: PublicSightingReceipt,
            ...publicErrors,
            409: ErrorResponse.describe('El sitio aún no tiene áreas.'),
            ...uploadErrors,
            429: ErrorResponse.describe('Demasiados avisos desde esta dirección en la última hora.'),
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.reportPublic(request.params.token, request.ip, () => readUpload(request, SIGHTING_FORM))),
    );
  });
};

/**
 * A CLIENTE's sightings of its sites, under /portal: each site checked against the account's scope (another site,
 * or a sighting of one, is a 404, as if it did not exist).
 */
export const portalSightingsRoutes: FastifyPluginAsyncZod<{ service: SightingsService }> = async (app, { service }) => {
  const portalTags = ['Portal del cliente'];

  app.get(
    '/sites/:id/sightings',
    {
      onRequest: app.authorize('CLIENTE'),
      schema: {
        operationId: 'listPortalSightings',
        summary: 'Los avistamientos de un sitio, en el portal',
        description:
          'Los del sitio, los más recientes primero, con su acción correctiva y su estado (ABIERTO hasta que la empresa cierra la acción; ATENDIDO después). 404 si el sitio no es de la cuenta.',
        tags: portalTags,
        security,
        params: IdParams,
        querystring: SiteSightingsQuery,
        response: { 200: SightingList, ...errors },
      },
    },
    (request) => service.listOfSite(request.params.id, request.query, request.user),
  );

  app.get(
    '/sites/:id/areas',
    {
      onRequest: app.authorize('CLIENTE'),
      schema: {
        operationId: 'listPortalSightingAreas',
        summary: 'Las áreas de un sitio, en el portal',
        description:
          'Las áreas de los dispositivos activos del sitio, por nombre: las únicas en que se puede avisar de un avistamiento (vacía si no tiene ninguna). 404 si el sitio no es de la cuenta.',
        tags: portalTags,
        security,
        params: IdParams,
        response: { 200: SightingAreas, ...errors },
      },
    },
    (request) => service.areasOf(request.params.id, request.user),
  );

  app.get(
    '/sightings/:id/photos/:photoId',
    {
      onRequest: app.authorize('CLIENTE'),
      schema: {
        operationId: 'getPortalSightingPhoto',
        summary: 'Ver una foto de un avistamiento, en el portal',
        description: 'Solo de los sitios de la cuenta (404 si no). Con size=thumb, su miniatura JPEG.',
        tags: portalTags,
        security,
        params: SightingPhotoParams,
        querystring: PhotoQuery,
        response: {
          200: fileResponse('La foto, o su miniatura.', 'image/jpeg', 'image/webp'),
          304: z.null().describe('La copia del cliente (If-None-Match) sigue vigente; la respuesta no tiene cuerpo.'),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      sendFile(
        request,
        reply,
        await service.photoFile(
          request.params.id,
          request.params.photoId,
          request.query.size === 'thumb',
          request.user.siteIds ?? [],
        ),
      ),
  );

  await app.register(async (scope) => {
    await scope.register(multipart, SIGHTING_MULTIPART);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/sites/:id/sightings',
      {
        onRequest: app.authorize('CLIENTE'),
        schema: {
          operationId: 'createPortalSighting',
          summary: 'Avisar de un avistamiento desde el portal',
          description:
            'Área (una de las del sitio), qué se vio, cuándo (seenAt) y, si se sabe, el dispositivo (trapId), la plaga (pestId) o su grupo (pestGroup); hasta 3 fotos. Se registra a nombre de la cuenta y abre en la misma transacción una acción correctiva a cargo de la empresa. 404 si el sitio no es de la cuenta.',
          tags: portalTags,
          security,
          params: IdParams,
          consumes: ['multipart/form-data'],
          body: sightingForm({ reporterName: true }),
          response: { 201: Sighting, ...errors, ...uploadErrors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.reportAs(request.user, request.params.id, () => readUpload(request, SIGHTING_FORM))),
    );
  });
};
