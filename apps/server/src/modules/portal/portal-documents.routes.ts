import {
  AcknowledgeAssessmentBody,
  AssessmentSummary,
  IdParams,
  PortalDocuments,
  PortalProductDocumentParams,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../files/send-file.js';
import { bearerAuth, errorResponses, fileResponse } from '../../lib/route-schema.js';
import type { PortalDocumentsService } from './portal-documents.service.js';

const tags = ['Portal del cliente'];
const security = bearerAuth;
const errors = errorResponses;
const notModified = z
  .null()
  .describe('La copia del cliente (If-None-Match) sigue vigente; la respuesta no tiene cuerpo.');

/** /api/portal: a site's documents in the plant's portal (role CLIENTE), each scoped to the account's sites. */
export const portalDocumentsRoutes: FastifyPluginAsyncZod<{ service: PortalDocumentsService }> = async (
  app,
  { service },
) => {
  const onRequest = app.authorize('CLIENTE');

  app.get(
    '/sites/:id/documents',
    {
      onRequest,
      schema: {
        operationId: 'listPortalDocuments',
        summary: 'Documentos de un sitio',
        description:
          'Lo que la planta puede leer: el programa de control en vigor hoy (null si ninguno aprobado lo está), las evaluaciones firmadas con su aceptación (su informe en GET /portal/assessments/{id}/report.pdf), los datos de registro de la empresa de control de plagas, la cualificación y el carné de quienes atendieron el sitio, y los productos aplicados en él con su etiqueta y ficha de datos de seguridad (GET /portal/sites/{id}/products/{productId}/documents/{kind}). 404 si el sitio no es de la cuenta.',
        tags,
        security,
        params: IdParams,
        response: { 200: PortalDocuments, ...errors },
      },
    },
    (request) => service.list(request.user, request.params.id),
  );

  app.get(
    '/assessments/:id/report.pdf',
    {
      onRequest,
      schema: {
        operationId: 'getPortalAssessmentReport',
        summary: 'Informe PDF de una evaluación firmada',
        description:
          'El informe tal como se emitió al firmarla (los mismos bytes que descarga la oficina), con ETag (su SHA-256). 404 si la evaluación no es de un sitio de la cuenta o aún no está firmada.',
        tags,
        security,
        params: IdParams,
        response: { 200: fileResponse('El informe en PDF.', 'application/pdf'), 304: notModified, ...errors },
      },
    },
    async (request, reply) => sendFile(request, reply, await service.assessmentReport(request.user, request.params.id)),
  );

  app.post(
    '/assessments/:id/acknowledge',
    {
      onRequest,
      schema: {
        operationId: 'acknowledgePortalAssessment',
        summary: 'Aceptar una evaluación',
        description:
          'Registra que la planta acepta la evaluación firmada (estado ACEPTADA): quién, cuándo y una nota opcional; la oficina lo ve en la evaluación. 404 si no es de un sitio de la cuenta; 409 si no está firmada, si ya está aceptada o si una revisión firmada la sustituyó.',
        tags,
        security,
        params: IdParams,
        body: AcknowledgeAssessmentBody,
        response: { 200: AssessmentSummary, ...errors },
      },
    },
    (request) => service.acknowledgeAssessment(request.user, request.params.id, request.body.note ?? null),
  );

  app.get(
    '/sites/:id/products/:productId/documents/:kind',
    {
      onRequest,
      schema: {
        operationId: 'getPortalProductDocument',
        summary: 'Ficha de datos de seguridad (sds) o etiqueta (label) de un producto aplicado',
        description:
          'El PDF guardado de un producto aplicado en el sitio, el mismo que ve la oficina, con ETag (su SHA-256). 404 si el sitio no es de la cuenta, si el producto no se aplicó en él o si no tiene ese documento.',
        tags,
        security,
        params: PortalProductDocumentParams,
        response: { 200: fileResponse('El documento en PDF.', 'application/pdf'), 304: notModified, ...errors },
      },
    },
    async (request, reply) => {
      const { id, productId, kind } = request.params;
      return sendFile(request, reply, await service.productDocument(request.user, id, productId, kind));
    },
  );
};
