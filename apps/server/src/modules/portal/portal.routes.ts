import multipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import {
  AcknowledgeActionBody,
  ActionPhotoParams,
  ActionResponseFields,
  AuditPackQuery,
  CorrectiveActionDetail,
  ErrorResponse,
  IdParams,
  PhotoQuery,
  Plan,
  PlanDetail,
  PlanHeat,
  PlanHeatQuery,
  PORTAL_RESPONSE_PHOTOS_MAX,
  PortalActionList,
  PortalSiteList,
  PortalSiteOverview,
  SiteTrendsQuery,
  type TrendsQuery,
  TrendsReport,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MULTIPART_OPTIONS, type ReadUpload, readUpload, type UploadSpec } from '../../files/multipart.js';
import { sendDrawnPdf, type ServedFile, sendFile } from '../../files/send-file.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { requestOrigin } from '../../lib/request-origin.js';
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

interface NamedContent {
  fileName: string;
  content: Readable;
}

/** The plans module's side of the portal (PlansService): each method checks the caller's scope (404 outside it). */
export interface PortalPlans {
  list(user: AuthUser, siteId: number): Promise<Plan[]>;
  get(user: AuthUser, planId: number): Promise<PlanDetail>;
  scopedHeat(user: AuthUser, planId: number, query: PlanHeatQuery): Promise<PlanHeat>;
  image(user: AuthUser, planId: number): Promise<ServedFile>;
  map(user: AuthUser, planId: number, query: PlanHeatQuery): Promise<NamedContent>;
}

/** The audit pack module's side (AuditPackService), for a site the portal has already checked. */
export interface PortalAuditPacks {
  pdf(user: AuthUser, siteId: number, query: AuditPackQuery, origin?: string): Promise<NamedContent>;
  excel(siteId: number, query: AuditPackQuery): Promise<NamedContent>;
}

const PACK_TYPES = {
  pdf: 'application/pdf',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export interface PortalRoutesOptions {
  service: PortalService;
  actions: PortalActions;
  plans: PortalPlans;
  /** The reports module's trends (ReportsService.trends), for a site the portal has already checked. */
  trends(query: TrendsQuery): Promise<TrendsReport>;
  auditPacks: PortalAuditPacks;
  /** The response form's rules: the action photos' own (ACTION_RESPONSE_FORM). */
  responseForm: UploadSpec;
}

/** /api/portal: the plant's portal, for its people (role CLIENTE) only, each read scoped to their sites. */
export const portalRoutes: FastifyPluginAsyncZod<PortalRoutesOptions> = async (
  app,
  { service, actions, plans, trends, auditPacks, responseForm },
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

  app.get(
    '/sites/:id/plans',
    {
      onRequest,
      schema: {
        operationId: 'listPortalPlans',
        summary: 'Planos de un sitio',
        description:
          'Los planos del sitio por nombre, cada uno con cuántos dispositivos activos tiene ubicados, como los ve la oficina. 404 si el sitio no es de la cuenta.',
        tags,
        security,
        params: IdParams,
        response: { 200: z.array(Plan), ...errors },
      },
    },
    (request) => plans.list(request.user, service.site(request.user, request.params.id)),
  );

  app.get(
    '/plans/:id',
    {
      onRequest,
      schema: {
        operationId: 'getPortalPlan',
        summary: 'Un plano con sus dispositivos',
        description:
          'El plano y cada dispositivo activo ubicado en él, con el número de su marcador, como en el mapa impreso. 404 si el plano no es de un sitio de la cuenta.',
        tags,
        security,
        params: IdParams,
        response: { 200: PlanDetail, ...errors },
      },
    },
    (request) => plans.get(request.user, request.params.id),
  );

  app.get(
    '/plans/:id/heat',
    {
      onRequest,
      schema: {
        operationId: 'getPortalPlanHeat',
        summary: 'Mapa de calor de un plano',
        description:
          'Lo que mostró cada dispositivo del plano en el período [from, to) y su clase, como el mapa de calor de la oficina; sin período, los doce meses hasta ahora (400 si from es posterior a to o pasa de 5 años). 404 si el plano no es de un sitio de la cuenta.',
        tags,
        security,
        params: IdParams,
        querystring: PlanHeatQuery,
        response: { 200: PlanHeat, ...errors },
      },
    },
    (request) => plans.scopedHeat(request.user, request.params.id, request.query),
  );

  app.get(
    '/plans/:id/image',
    {
      onRequest,
      schema: {
        operationId: 'getPortalPlanImage',
        summary: 'Imagen de un plano',
        description:
          'Con ETag (su SHA-256): con If-None-Match vigente responde 304 sin cuerpo. 404 si el plano no es de un sitio de la cuenta.',
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
    async (request, reply) => sendFile(request, reply, await plans.image(request.user, request.params.id)),
  );

  app.get(
    '/plans/:id/map.pdf',
    {
      onRequest,
      schema: {
        operationId: 'getPortalPlanMap',
        summary: 'Mapa de dispositivos en PDF',
        description:
          'El mapa impreso del plano, como el de la oficina; con un período (from o to), el mapa de calor de ese período. 404 si el plano no es de un sitio de la cuenta.',
        tags,
        security,
        params: IdParams,
        querystring: PlanHeatQuery,
        response: { 200: fileResponse('El mapa en PDF.', 'application/pdf'), ...errors },
      },
    },
    async (request, reply) => sendDrawnPdf(reply, await plans.map(request.user, request.params.id, request.query)),
  );

  app.get(
    '/sites/:id/trends',
    {
      onRequest,
      schema: {
        operationId: 'getPortalTrends',
        summary: 'Tendencias de un sitio',
        description:
          'Las tendencias del sitio, con las mismas opciones y cifras que GET /api/reports/trends con su siteId (el sitio es el de la ruta). 404 si el sitio no es de la cuenta.',
        tags,
        security,
        params: IdParams,
        querystring: SiteTrendsQuery,
        response: { 200: TrendsReport, ...errors },
      },
    },
    (request) => trends({ ...request.query, siteId: service.site(request.user, request.params.id) }),
  );

  app.get(
    '/sites/:id/audit-pack',
    {
      onRequest,
      schema: {
        operationId: 'getPortalAuditPack',
        summary: 'Dossier de auditoría de un sitio',
        description:
          'El mismo dossier que emite la oficina (GET /api/sites/{id}/audit-pack): PDF, o su anexo Excel con format=excel; from y to son días de la zona horaria del sitio, ambos incluidos; sin ellos, los doce meses que terminan hoy (400 si from es posterior a to o el período supera 24 meses). 404 si el sitio no es de la cuenta.',
        tags,
        security,
        params: IdParams,
        querystring: AuditPackQuery,
        response: {
          200: fileResponse('El dossier en PDF, o su anexo en Excel, según format.', ...Object.values(PACK_TYPES)),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const siteId = service.site(request.user, request.params.id);
      const { format } = request.query;
      const { fileName, content } =
        format === 'excel'
          ? await auditPacks.excel(siteId, request.query)
          : await auditPacks.pdf(request.user, siteId, request.query, requestOrigin(request));
      return reply
        .type(PACK_TYPES[format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(content);
    },
  );
};
