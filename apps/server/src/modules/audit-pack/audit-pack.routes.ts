import { AuditPackQuery, IdParams } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses, fileResponse } from '../../lib/route-schema.js';
import type { AuditPackService } from './audit-pack.service.js';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const auditPackRoutes: FastifyPluginAsyncZod<{ service: AuditPackService }> = async (app, { service }) => {
  app.get(
    '/:id/audit-pack',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getSiteAuditPack',
        summary: 'Dossier de auditoría de un sitio',
        description:
          'Todo lo que un auditor pide de un sitio en un período, en un PDF con índice y páginas numeradas ' +
          '(portada, alcance y responsabilidades, empresa y personal, planos, inventario de dispositivos, ' +
          'cumplimiento y cobertura por dispositivo, índice de certificados, actividad, tratamientos y productos, ' +
          'umbrales y superaciones, acciones correctivas, tendencias y mapa de calor) o su anexo Excel ' +
          '(format=excel). from y to son días de la zona horaria del sitio, ambos incluidos; sin ellos, los doce ' +
          'meses que terminan hoy. 400 si from es posterior a to o el período supera 24 meses. Se transmite a ' +
          'medida que se genera.',
        tags: ['Reportes'],
        security: bearerAuth,
        params: IdParams,
        querystring: AuditPackQuery,
        response: {
          200: fileResponse('El dossier en PDF, o su anexo en Excel, según format.', ...Object.values(CONTENT_TYPES)),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const { fileName, content } =
        format === 'excel'
          ? await service.excel(request.params.id, request.query)
          : await service.pdf(request.user, request.params.id, request.query);
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(content);
    },
  );
};
