import multipart from '@fastify/multipart';
import {
  AcknowledgeActionBody,
  ActionPhotoParams,
  ActionResponseFields,
  CorrectiveActionDetail,
  ErrorResponse,
  IdParams,
  PhotoQuery,
  PORTAL_RESPONSE_PHOTOS_MAX,
  PortalActionList,
  PortalSiteList,
  PortalSiteOverview,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MULTIPART_OPTIONS, type ReadUpload, readUpload, type UploadSpec } from '../../files/multipart.js';
import { type ServedFile, sendFile } from '../../files/send-file.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { bearerAuth, errorResponses, fileResponse, uploadForm } from '../../lib/route-schema.js';
import type { PortalService } from './portal.service.js';

const tags = ['Portal del cliente'];
const security = bearerAuth;
const errors = errorResponses;

/** The actions module's side of the portal (ActionsService, wired in app.ts): each method checks the caller's scope. */
export interface PortalActions {
  forPortal(user: AuthUser, siteId: number): Promise<PortalActionList>;
  acknowledge(user: AuthUser, actionId: number, note: string | null): Promise<CorrectiveActionDetail>;
  respond(user: AuthUser, actionId: number, readForm: () => Promise<ReadUpload>): Promise<CorrectiveActionDetail>;
  scopedPhotoFile(user: AuthUser, actionId: number, photoId: number, thumbnail: boolean): Promise<ServedFile>;
}

export interface PortalRoutesOptions {
  service: PortalService;
  actions: PortalActions;
  /** The response form's rules: the action photos' own (ACTION_RESPONSE_FORM). */
  responseForm: UploadSpec;
}

/** /api/portal: the plant's portal, for its people (role CLIENTE) only, each read scoped to their sites. */
export const portalRoutes: FastifyPluginAsyncZod<PortalRoutesOptions> = async (
  app,
  { service, actions, responseForm },
) => {
  const onRequest = app.authorize('CLIENTE');

  app.get(
    '/sites',
    {
      onRequest,
      schema: {
        operationId: 'listPortalSites',
        summary: 'Mis sitios',
        description:
          'Los sitios de la cuenta por nombre, cada uno de un vistazo: última visita cerrada con su certificado, próxima visita, cumplimiento de los últimos 12 meses (órdenes debidas, completas y su porcentaje, como el informe de cumplimiento), acciones abiertas, recomendaciones sin reconocer y avistamientos abiertos.',
        tags,
        security,
        response: { 200: PortalSiteList, ...errors },
      },
    },
    async (request) => ({ items: await service.sites(request.user) }),
  );

  app.get(
    '/sites/:id',
    {
      onRequest,
      schema: {
        operationId: 'getPortalSite',
        summary: 'Un sitio del portal',
        description: 'El sitio de un vistazo, como en la lista. 404 si no es de la cuenta.',
        tags,
        security,
        params: IdParams,
        response: { 200: PortalSiteOverview, ...errors },
      },
    },
    (request) => service.siteOverview(request.user, request.params.id),
  );

  app.get(
    '/sites/:id/actions',
    {
      onRequest,
      schema: {
        operationId: 'listPortalActions',
        summary: 'Acciones y recomendaciones de un sitio',
        description:
          'Las acciones correctivas del sitio, abiertas primero; las recomendaciones (responsable CLIENTE) con su reconocimiento y las respuestas de la planta. 404 si el sitio no es de la cuenta.',
        tags,
        security,
        params: IdParams,
        response: { 200: PortalActionList, ...errors },
      },
    },
    (request) => actions.forPortal(request.user, service.site(request.user, request.params.id)),
  );

  app.post(
    '/actions/:id/acknowledge',
    {
      onRequest,
      schema: {
        operationId: 'acknowledgePortalAction',
        summary: 'Reconocer una recomendación',
        description:
          'Registra quién de la planta la reconoció y cuándo, con una nota opcional; una segunda vez responde la primera. 404 si la acción no es de un sitio de la cuenta, 409 si no es una recomendación (responsable CLIENTE) o está cerrada.',
        tags,
        security,
        params: IdParams,
        body: AcknowledgeActionBody,
        response: { 200: CorrectiveActionDetail, ...errors },
      },
    },
    (request) => actions.acknowledge(request.user, request.params.id, request.body.note ?? null),
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        ...MULTIPART_OPTIONS.limits,
        files: PORTAL_RESPONSE_PHOTOS_MAX + 1,
        parts: responseForm.fields.length + PORTAL_RESPONSE_PHOTOS_MAX + 1,
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/actions/:id/responses',
      {
        onRequest,
        schema: {
          operationId: 'respondPortalAction',
          summary: 'Decir qué hizo la planta',
          description: `Formulario multipart/form-data: note (obligatoria) y hasta ${PORTAL_RESPONSE_PHOTOS_MAX} fotos, cada una en un campo file, con las reglas de las fotos de las acciones (JPEG o WebP de hasta 2 MB, reconocidas por sus bytes, guardadas sin metadatos). La oficina la ve en la acción y la verifica y cierra. 404 si la acción no es de un sitio de la cuenta, 409 si no es una recomendación o está cerrada.`,
          tags,
          security,
          params: IdParams,
          consumes: ['multipart/form-data'],
          body: uploadForm('Una foto (hasta 3, cada una en su campo file).', ActionResponseFields.shape),
          response: {
            201: CorrectiveActionDetail,
            ...errors,
            413: ErrorResponse.describe('Una foto pasa de 2 MB.'),
            415: ErrorResponse.describe('No es un formulario multipart/form-data, o una foto no es JPEG ni WebP.'),
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await actions.respond(request.user, request.params.id, () => readUpload(request, responseForm))),
    );
  });

  app.get(
    '/actions/:id/photos/:photoId',
    {
      onRequest,
      schema: {
        operationId: 'getPortalActionPhoto',
        summary: 'Ver una foto de una acción',
        description: 'Una foto de una acción de un sitio de la cuenta (size=thumb: su miniatura). 404 si no lo es.',
        tags,
        security,
        params: ActionPhotoParams,
        querystring: PhotoQuery,
        response: {
          200: fileResponse('La foto, o su miniatura.', 'image/jpeg', 'image/webp'),
          304: z.null().describe('La copia del cliente (If-None-Match) sigue vigente.'),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      sendFile(
        request,
        reply,
        await actions.scopedPhotoFile(
          request.user,
          request.params.id,
          request.params.photoId,
          request.query.size === 'thumb',
        ),
      ),
  );
};
