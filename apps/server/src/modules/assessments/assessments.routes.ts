import multipart from '@fastify/multipart';
import {
  Assessment,
  ASSESSMENT_PHOTOS_MAX,
  AssessmentDueList,
  AssessmentPhoto,
  AssessmentPhotoParams,
  CreateAssessmentBody,
  ErrorResponse,
  IdParams,
  PhotoQuery,
  SiteAssessments,
  UpdateAssessmentBody,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MULTIPART_OPTIONS, readUpload } from '../../files/multipart.js';
import { contentDisposition, sendFile } from '../../files/send-file.js';
import { bearerAuth, errorResponses, fileResponse, uploadForm } from '../../lib/route-schema.js';
import { ASSESSMENT_PHOTO_FORM, type AssessmentsService } from './assessments.service.js';

const security = bearerAuth;
const errors = errorResponses;
const tags = ['Evaluaciones'];
const who = 'Cualquier cuenta activa (administración o técnico).';

/** A site's assessments, under /sites: the list with what it owes, and a new draft. */
export const siteAssessmentsRoutes: FastifyPluginAsyncZod<{ service: AssessmentsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:id/assessments',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'listSiteAssessments',
        summary: 'Evaluaciones de un sitio y lo que tiene pendiente',
        description: `Las evaluaciones del sitio, la más reciente primero (con sus revisiones y a cuál sustituyen), y due: lo que el sitio debe (diagnóstico antes de la primera visita, revisión anual cada 12 meses, revisión de cada trimestre terminado), DUE o LATE, con el borrador ya abierto si lo hay. ${who}`,
        tags,
        security,
        params: IdParams,
        response: { 200: SiteAssessments, ...errors },
      },
    },
    (request) => service.list(request.params.id),
  );

  app.post(
    '/:id/assessments',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'createAssessment',
        summary: 'Abrir una evaluación en borrador',
        description: `DIAGNOSTICO (sin periodo), REVISION_ANUAL o REVISION_TRIMESTRAL (periodFrom: el primer día de un trimestre ya empezado; periodTo, su último día, se calcula si falta): la trimestral se abre con las cifras del trimestre (figures). Con clientAssessmentId (UUID), repetir el POST responde la evaluación guardada (200) sin crear otra. Con revisionOf, abre la corrección de una evaluación firmada del sitio (del mismo tipo; una sola revisión por evaluación, 409 la segunda) con su contenido, salvo lo que se envíe; firmada, la sustituye. performedBy: quien la realiza (por defecto, quien llama). ${who}`,
        tags,
        security,
        params: IdParams,
        body: CreateAssessmentBody,
        response: {
          201: Assessment,
          200: Assessment.describe('Ya estaba guardada con ese clientAssessmentId.'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { assessment, created } = await service.create(request.user, request.params.id, request.body);
      return reply.code(created ? 201 : 200).send(assessment);
    },
  );
};

/** Assessments by id, under /assessments. */
export const assessmentsRoutes: FastifyPluginAsyncZod<{ service: AssessmentsService }> = async (app, { service }) => {
  app.get(
    '/due',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'listDueAssessments',
        summary: 'Evaluaciones pendientes o atrasadas de todos los sitios activos',
        description: `Para el panel: por sitio, el diagnóstico que falta, la revisión anual que vence en 30 días o venció, y cada trimestre terminado (los últimos 4) sin su revisión firmada (LATE 30 días después de terminar). Atrasadas primero, luego por fecha. ${who}`,
        tags,
        security,
        response: { 200: AssessmentDueList, ...errors },
      },
    },
    () => service.due(),
  );

  app.get(
    '/:id',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getAssessment',
        summary: 'Una evaluación',
        description: `Sus áreas, conclusiones, recomendaciones (con la acción del cliente que abrió cada una al firmarse), cifras del trimestre, fotos y firma. ${who}`,
        tags,
        security,
        params: IdParams,
        response: { 200: Assessment, ...errors },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'updateAssessment',
        summary: 'Modificar una evaluación en borrador',
        description: `Lo que se envía reemplaza lo guardado (areas y recommendations, enteras). Una evaluación firmada no cambia nunca (409): se corrige con una revisión. Cambiar el trimestre de una revisión trimestral vuelve a contar sus cifras. ${who}`,
        tags,
        security,
        params: IdParams,
        body: UpdateAssessmentBody,
        response: { 200: Assessment, ...errors },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.post(
    '/:id/sign',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'signAssessment',
        summary: 'Firmar una evaluación',
        description:
          'Solo una cuenta con la cualificación RESPONSABLE_TECNICO (403 si no) y con su firma guardada (409 si no). La evaluación necesita al menos un área, conclusiones y todas sus fotos subidas (409). Al firmar, en una sola transacción: se emite y guarda el informe PDF con su SHA-256 (reportSha256), y cada recomendación pasa a ser una acción correctiva de origen RECOMENDACION con responsable CLIENTE y su fecha límite. Desde entonces no cambia.',
        tags,
        security,
        params: IdParams,
        response: { 200: Assessment, ...errors },
      },
    },
    (request) => service.sign(request.user, request.params.id),
  );

  app.get(
    '/:id/report.pdf',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getAssessmentReport',
        summary: 'Informe PDF de una evaluación',
        description: `Firmada: el informe tal como se emitió al firmarla (los mismos bytes, su SHA-256 es reportSha256). En borrador: una vista previa marcada como borrador, dibujada en el momento. ${who}`,
        tags,
        security,
        params: IdParams,
        response: {
          200: fileResponse('El informe en PDF.', 'application/pdf'),
          304: z.null().describe('La copia del cliente (If-None-Match) sigue vigente; la respuesta no tiene cuerpo.'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const report = await service.report(request.params.id);
      if ('file' in report) return sendFile(request, reply, report);
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', contentDisposition(`${report.name}.pdf`))
        .send(report.stream);
    },
  );

  // The photo upload alone reads multipart/form-data; every other route reads JSON only.
  await app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/:id/photos',
      {
        onRequest: app.authorize(),
        schema: {
          operationId: 'addAssessmentPhoto',
          summary: 'Subir una foto de una evaluación',
          description: `Formulario multipart/form-data con la foto (file) y el id que le dio el teléfono (clientPhotoId), el mismo que un área nombra en photoIds. Solo en borrador (409 firmada), hasta ${ASSESSMENT_PHOTOS_MAX} por evaluación (409 la siguiente). El mismo clientPhotoId otra vez responde la foto guardada (200), también firmada. Las mismas reglas que las fotos de los hallazgos (JPEG o WebP de hasta 2 MB, sin metadatos). ${who}`,
          tags,
          security,
          params: IdParams,
          consumes: ['multipart/form-data'],
          body: uploadForm('La foto: JPEG o WebP de hasta 2 MB, reconocida por sus bytes.', {
            clientPhotoId: z.uuid(),
          }),
          response: {
            201: AssessmentPhoto,
            200: AssessmentPhoto.describe('La foto ya estaba guardada con ese clientPhotoId.'),
            ...errors,
            413: ErrorResponse.describe('La foto pasa de 2 MB: se rechaza en cuanto llega el byte que sobra.'),
            415: ErrorResponse.describe(
              'No es un formulario multipart/form-data, o el archivo no es JPEG ni WebP según sus bytes.',
            ),
          },
        },
      },
      async (request, reply) => {
        const { photo, created } = await service.addPhoto(request.user, request.params.id, () =>
          readUpload(request, ASSESSMENT_PHOTO_FORM),
        );
        return reply.code(created ? 201 : 200).send(photo);
      },
    );
  });

  app.get(
    '/:id/photos/:photoId',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getAssessmentPhoto',
        summary: 'Ver una foto de una evaluación',
        description: `Con ETag (su SHA-256): con If-None-Match vigente responde 304. Con size=thumb, su miniatura JPEG hecha al subirla. ${who}`,
        tags,
        security,
        params: AssessmentPhotoParams,
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
