import {
  ErrorResponse,
  IdParams,
  InspectionPage,
  PhotoQuery,
  PortalFindingListQuery,
  PortalVisitListQuery,
  PortalVisitPage,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition, sendFile } from '../../files/send-file.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { bearerAuth, errorResponses, fileResponse } from '../../lib/route-schema.js';
import { sendPhotoThumbnail } from '../findings/photo-thumbnail.js';
import type { PortalService } from './portal.service.js';
import type { PortalVisitsService } from './portal-visits.service.js';

const tags = ['Portal del cliente'];
const security = bearerAuth;
const errors = errorResponses;

export interface PortalVisitsRoutesOptions {
  /** The portal's scope check (PortalService.site). */
  portal: PortalService;
  service: PortalVisitsService;
}

/** /api/portal: each visit of a site with its certificate, and its findings with their photos (CLIENTE only). */
export const portalVisitsRoutes: FastifyPluginAsyncZod<PortalVisitsRoutesOptions> = async (
  app,
  { portal, service },
) => {
  const onRequest = app.authorize('CLIENTE');

  app.get(
    '/sites/:id/visits',
    {
      onRequest,
      schema: {
        operationId: 'listPortalVisits',
        summary: 'Visitas de un sitio',
        description:
          'Las órdenes del sitio, la más nueva primero, paginadas como las demás listas: estado, fechas, día de la visita en la zona horaria del sitio, técnico, dispositivos previstos e inspeccionados y el certificado vigente (folio y revisión) cuando se emitió. El PDF de una visita cerrada es GET /portal/visits/{id}/report.pdf. 404 si el sitio no es de la cuenta.',
        tags,
        security,
        params: IdParams,
        querystring: PortalVisitListQuery,
        response: { 200: PortalVisitPage, ...errors },
      },
    },
    (request) => service.visits(portal.site(request.user, request.params.id), request.query),
  );

  app.get(
    '/visits/:id/report.pdf',
    {
      onRequest,
      schema: {
        operationId: 'getPortalVisitReport',
        summary: 'Certificado de una visita en PDF',
        description:
          'El mismo PDF que descarga la oficina (GET /sessions/{id}/report): el certificado de servicio tal como se emitió al cerrar la orden, o, para una orden cerrada antes de que existieran los certificados, su reporte de servicio. 404 si la orden no es de un sitio de la cuenta, 409 si sigue abierta.',
        tags,
        security,
        params: IdParams,
        response: { 200: fileResponse('El certificado en PDF.', 'application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const { content, fileName } = await service.report(request.user, request.params.id, requestOrigin(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`${fileName}.pdf`))
        .send(content);
    },
  );

  app.get(
    '/sites/:id/findings',
    {
      onRequest,
      schema: {
        operationId: 'listPortalFindings',
        summary: 'Hallazgos de un sitio',
        description:
          'Lo mismo que la lista de inspecciones de la oficina (GET /inspections) para el sitio: una fila por dispositivo inspeccionado en una visita, la más reciente primero, con la versión vigente de su hallazgo y sus fotos (GET /portal/photos/{id}). Los mismos filtros salvo el sitio, que es el de la ruta, y el técnico: el período [from, to), type, activityMin, pestId y outcome. 404 si el sitio no es de la cuenta.',
        tags,
        security,
        params: IdParams,
        querystring: PortalFindingListQuery,
        response: { 200: InspectionPage, ...errors },
      },
    },
    (request) => service.findings(portal.site(request.user, request.params.id), request.query),
  );

  app.get(
    '/photos/:id',
    {
      onRequest,
      schema: {
        operationId: 'getPortalPhoto',
        summary: 'Ver una foto de un hallazgo',
        description:
          'Una foto de un dispositivo inspeccionado en una visita de un sitio de la cuenta, como GET /photos/{id}: con ETag, y con size=thumb su miniatura. 404 si la foto no es de un sitio de la cuenta.',
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
      const served = await service.photo(request.user, request.params.id);
      return request.query.size === 'thumb'
        ? sendPhotoThumbnail(request, reply, served)
        : sendFile(request, reply, served);
    },
  );
};
