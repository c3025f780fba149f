import multipart from '@fastify/multipart';
import {
  ClientPhotoId,
  ErrorResponse,
  ExceptionBody,
  Finding,
  FindingResponse,
  IdParams,
  ItemParams,
  ManualBody,
  Photo,
  PhotoQuery,
  PutFindingBody,
  ScanResponse,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MULTIPART_OPTIONS, readUpload } from '../../files/multipart.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { sendFile } from '../../files/send-file.js';
import { bearerAuth, errorResponses, fileResponse, uploadForm } from '../../lib/route-schema.js';
import { PHOTO_FORM, type FindingsService } from './findings.service.js';
import { sendPhotoThumbnail, THUMBNAIL_SIZE } from './photo-thumbnail.js';

const tags = ['Hallazgos'];
const security = bearerAuth;
const errors = errorResponses;
const parties =
  'El técnico asignado a la orden o un administrador; para cualquier otro técnico la orden no existe (404).';

/** What was found at each device of an order, and its photos' upload, under /sessions/{id}/items. */
export const orderFindingsRoutes: FastifyPluginAsyncZod<{ service: FindingsService }> = async (app, { service }) => {
  app.put(
    '/:id/items/:itemId/finding',
    {
      // The account is checked by the write's own statements (rondin_finding_context, rondin_finding).
      onRequest: app.authenticate(),
      attachValidation: true,
      preHandler: app.accountBeforeInvalid(),
      schema: {
        operationId: 'putItemFinding',
        summary: 'Registrar lo encontrado en un dispositivo',
        description: `Añade una versión del hallazgo de una trampa escaneada de la orden; ninguna versión se modifica ni se borra. El mismo clientFindingId otra vez responde la versión que guardó (200), también con la orden cerrada. La versión vigente es la de recordedAt más reciente: una anterior que llega tarde queda guardada sin reemplazarla. recordedAt es la hora del teléfono, tomada si es plausible (como scannedAt del escaneo); si no, la del servidor, con la marca HORA_IMPLAUSIBLE. Los campos deben corresponder al tipo de dispositivo (400). activity, si se omite, se deduce de capturas, consumo e indicios; indicada, solo puede ser mayor. Con la orden abierta, una versión que baja la vigente (menos actividad, menos capturas de una plaga, un indicio quitado, menos consumo de cebo) necesita motivo (reason): 422 REASON_REQUIRED sin él; una versión anterior a la vigente no la reemplaza y no lo necesita. Con la orden cerrada solo un administrador añade una corrección, con motivo (reason), y pasa a ser la vigente; el certificado de la orden pasa a una nueva revisión (mismo folio, nuevo código y nuevo SHA-256) y el anterior queda como sustituido en /verificar. ${parties}`,
        tags,
        security,
        params: ItemParams,
        body: PutFindingBody,
        response: {
          200: FindingResponse,
          ...errors,
          422: ErrorResponse.describe('La versión baja lo registrado y no trae motivo (REASON_REQUIRED).'),
        },
      },
    },
    (request) =>
      service.putFinding(request.user, request.params.id, request.params.itemId, request.body, requestOrigin(request)),
  );

  app.get(
    '/:id/items/:itemId/findings',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'listItemFindings',
        summary: 'Historial de versiones del hallazgo de un dispositivo',
        description: `Todas las versiones, la vigente primero y luego de la más reciente a la más antigua según recordedAt. ${parties}`,
        tags,
        security,
        params: ItemParams,
        response: { 200: z.array(Finding), ...errors },
      },
    },
    (request) => service.versions(request.user, request.params.id, request.params.itemId),
  );

  app.post(
    '/:id/items/:itemId/exception',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'recordItemException',
        summary: 'Registrar un dispositivo no encontrado o inaccesible',
        description: `Completa la trampa sin escanearla (outcome EXCEPTION), con el motivo (reason), su detalle predefinido (reasonDetail: AREA_CERRADA, BLOQUEADO_MERCADERIA, PRODUCCION, RETIRADO_CLIENTE, OTRO) y una nota, obligatoria solo con OTRO o sin detalle (400 si falta); cada ítem responde exception {reason, reasonDetail, note} (null donde no hubo). Cuenta para cerrar la orden, nunca como inspección con presencia comprobada. clientScanId comparte su espacio con el de los escaneos: el mismo id otra vez responde lo registrado (200); uno ya usado por un escaneo u otra trampa, 409. Solo con la orden abierta. ${parties}`,
        tags,
        security,
        params: ItemParams,
        body: ExceptionBody,
        response: { 200: ScanResponse, ...errors },
      },
    },
    (request) => service.recordException(request.user, request.params.id, request.params.itemId, request.body),
  );

  app.post(
    '/:id/items/:itemId/manual',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'recordItemManual',
        summary: 'Registrar un dispositivo por su código escrito (etiqueta ilegible)',
        description: `Cuando la etiqueta no se puede leer, el técnico escribe el código impreso del dispositivo (TRP-113): debe ser el de la trampa (sin distinguir mayúsculas; 400 si no). Completa la trampa como un escaneo y responde como él, con outcome MANUAL: se inspeccionó, admite hallazgo y fotos, pero nunca prueba presencia. Deja pedida la reimpresión de su etiqueta (una pendiente por dispositivo). clientScanId comparte su espacio con escaneos y excepciones: el mismo id otra vez responde lo registrado (200); uno ya usado por otra cosa, 409. Solo con la orden abierta. ${parties}`,
        tags,
        security,
        params: ItemParams,
        body: ManualBody,
        response: { 200: ScanResponse, ...errors },
      },
    },
    (request) => service.recordManual(request.user, request.params.id, request.params.itemId, request.body),
  );

  // The upload route alone reads multipart/form-data; every other route reads JSON only.
  await app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/:id/items/:itemId/photos',
      {
        onRequest: app.authorize(),
        schema: {
          operationId: 'addItemPhoto',
          summary: 'Adjuntar una foto a un dispositivo',
          description: `Formulario multipart/form-data con la foto (file) y el id que le dio el teléfono (clientPhotoId). Solo para una trampa ya escaneada o registrada como excepción, con la orden abierta, hasta 5 por trampa (409 la sexta). El mismo clientPhotoId otra vez responde la foto que guardó (200), también con la orden cerrada. ${parties}`,
          tags,
          security,
          params: ItemParams,
          consumes: ['multipart/form-data'],
          body: uploadForm('La foto: JPEG o WebP de hasta 2 MB, reconocida por sus bytes.', {
            clientPhotoId: ClientPhotoId,
          }),
          response: {
            201: Photo,
            200: Photo.describe('La foto ya estaba guardada con ese clientPhotoId.'),
            ...errors,
            413: ErrorResponse.describe('La foto pasa de 2 MB: se rechaza en cuanto llega el byte que sobra.'),
            415: ErrorResponse.describe(
              'No es un formulario multipart/form-data, o el archivo no es JPEG ni WebP según sus bytes (su nombre y el tipo declarado no cuentan).',
            ),
          },
        },
      },
      async (request, reply) => {
        const { photo, created } = await service.addPhoto(request.user, request.params.id, request.params.itemId, () =>
          readUpload(request, PHOTO_FORM),
        );
        return reply.code(created ? 201 : 200).send(photo);
      },
    );
  });
};

/** A finding's photos, under /photos. */
export const photosRoutes: FastifyPluginAsyncZod<{ service: FindingsService }> = async (app, { service }) => {
  app.get(
    '/:id',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getPhoto',
        summary: 'Ver una foto',
        description: `Con el tipo reconocido al subirla y ETag (su SHA-256): con If-None-Match vigente responde 304 sin cuerpo. Con size=thumb, una miniatura WebP de ${THUMBNAIL_SIZE} px en su lado mayor (nunca agrandada), que el navegador puede guardar un día. Un administrador, o el técnico asignado a la orden de la foto; para cualquier otro técnico no existe (404).`,
        tags,
        security,
        params: IdParams,
        querystring: PhotoQuery,
        response: {
          200: fileResponse('La foto, o su miniatura.', 'image/jpeg', 'image/webp'),
          304: z.null().describe('La copia del cliente (If-None-Match) sigue vigente; la respuesta no tiene cuerpo.'),
          ...errors,
          422: ErrorResponse.describe(
            'size=thumb de una foto guardada que no se puede decodificar (anterior a la comprobación al subirla).',
          ),
        },
      },
    },
    async (request, reply) => {
      const served = await service.photoFile(request.user, request.params.id);
      return request.query.size === 'thumb'
        ? sendPhotoThumbnail(request, reply, served)
        : sendFile(request, reply, served);
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'deletePhoto',
        summary: 'Eliminar una foto',
        description:
          'Mientras la orden está abierta (409 después), por el técnico asignado a la orden o un administrador; para cualquier otro técnico no existe (404).',
        tags,
        security,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deletePhoto(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
