import multipart from '@fastify/multipart';
import {
  ACTION_PHOTOS_MAX,
  ActionExportQuery,
  ActionList,
  ActionListQuery,
  ActionPhoto,
  ActionPhotoParams,
  CorrectiveActionDetail,
  CreateActionBody,
  ErrorResponse,
  IdParams,
  PhotoQuery,
  UpdateActionBody,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MULTIPART_OPTIONS, readUpload } from '../../files/multipart.js';
import { EXPORT_MEDIA_TYPES, sendExport } from '../../lib/list-export.js';
import { sendFile } from '../../files/send-file.js';
import { bearerAuth, errorResponses, fileResponse, uploadForm } from '../../lib/route-schema.js';
import { ACTION_PHOTO_FORM, type ActionsService } from './actions.service.js';

const security = bearerAuth;
const errors = errorResponses;

/** Corrective actions, under /actions: administrators only. */
export const actionsRoutes: FastifyPluginAsyncZod<{ service: ActionsService }> = async (app, { service }) => {
  app.get(
    '',
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

  app.get(
    '/export',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'exportActions',
        summary: 'Exportar la lista de acciones correctivas',
        description:
          'Todas las acciones que los mismos filtros de la lista guardan (sitio, estado, vencidas, responsable; todas las páginas), en el orden de la lista, en CSV (format=csv: UTF-8 con BOM, campos separados por punto y coma, lo que Excel en español abre en columnas) o Excel (format=xlsx). Encabezados en español, fechas dd/mm/aaaa en el calendario del sitio, estados, orígenes, gravedad, impacto y responsable con sus nombres. Se transmite a medida que se lee.',
        tags: ['Acciones correctivas'],
        security,
        querystring: ActionExportQuery,
        response: {
          200: fileResponse('La lista en CSV o en Excel, según format.', ...Object.values(EXPORT_MEDIA_TYPES)),
          ...errors,
        },
      },
    },
    async (request, reply) => sendExport(reply, request.query.format, service.export(request.query)),
  );

  app.post(
    '',
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
    '/:id',
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
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updateAction',
        summary: 'Cambiar el estado o los datos de una acción',
        description:
          'Estados: ABIERTA → EN_CURSO → CERRADA (o ABIERTA → CERRADA). Cerrar exige decir cómo se verificó (verificationResult), quién (verifiedBy) y cuándo (verifiedOn, no posterior a hoy en el calendario del sitio), en el mismo cambio o antes: 422 sin ellos; la nota de cierre (closingNote) es opcional. Una cerrada se reabre (ABIERTA) con motivo (reason) y solo así se modifica (409); al reabrirla se vacía su verificación. Aplazar la fecha límite exige motivo (reason, 422 sin él). Cada cambio de estado queda en history; cada cambio de fecha límite o responsable, en fieldChanges (quién, cuándo, antes, después, motivo). verificationSuggested solo sugiere: cierra una persona.',
        tags: ['Acciones correctivas'],
        security,
        params: IdParams,
        body: UpdateActionBody,
        response: {
          200: CorrectiveActionDetail,
          ...errors,
          422: ErrorResponse.describe(
            'Se cierra sin verificación (cómo, quién y cuándo), con una fecha de verificación futura, o se aplaza la fecha límite sin motivo.',
          ),
        },
      },
    },
    (request) => service.update(request.params.id, request.body, request.user),
  );

  // The photo upload alone reads multipart/form-data; every other route reads JSON only.
  await app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/:id/photos',
      {
        onRequest: app.authorize('ADMIN'),
        schema: {
          operationId: 'addActionPhoto',
          summary: 'Adjuntar una foto como evidencia de una acción',
          description: `Formulario multipart/form-data con la foto (file). Hasta ${ACTION_PHOTOS_MAX} por acción (409 la siguiente), solo con la acción sin cerrar (409). Las mismas reglas que las fotos de los hallazgos.`,
          tags: ['Acciones correctivas'],
          security,
          params: IdParams,
          consumes: ['multipart/form-data'],
          body: uploadForm('La foto: JPEG o WebP de hasta 2 MB, reconocida por sus bytes.', {}),
          response: {
            201: ActionPhoto,
            ...errors,
            413: ErrorResponse.describe('La foto pasa de 2 MB: se rechaza en cuanto llega el byte que sobra.'),
            415: ErrorResponse.describe(
              'No es un formulario multipart/form-data, o el archivo no es JPEG ni WebP según sus bytes (su nombre y el tipo declarado no cuentan).',
            ),
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.addPhoto(request.user, request.params.id, () => readUpload(request, ACTION_PHOTO_FORM))),
    );
  });

  app.get(
    '/:id/photos/:photoId',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getActionPhoto',
        summary: 'Ver una foto de una acción',
        description:
          'Con el tipo reconocido al subirla y ETag (su SHA-256): con If-None-Match vigente responde 304 sin cuerpo. Con size=thumb, su miniatura JPEG de 180 px en su lado mayor, hecha al subirla.',
        tags: ['Acciones correctivas'],
        security,
        params: ActionPhotoParams,
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

  app.delete(
    '/:id/photos/:photoId',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'deleteActionPhoto',
        summary: 'Quitar una foto de una acción',
        description:
          'Solo con la acción sin cerrar (409 después) y una foto de la oficina: las que la planta envió con su respuesta se conservan (409). La foto y su miniatura se borran.',
        tags: ['Acciones correctivas'],
        security,
        params: ActionPhotoParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deletePhoto(request.user, request.params.id, request.params.photoId);
      return reply.code(204).send(null);
    },
  );
};
