import { ComplianceReport, ErrorResponse, EXPORT_FILE_NAMES, ExportQuery } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReportsService } from './reports.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const tags = ['Reportes'];
const security = [{ bearer: [] }];

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const reportsRoutes: FastifyPluginAsyncZod<{ service: ReportsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authorize('ADMIN'));

  app.get('/compliance', { schema: { tags, security, response: { 200: ComplianceReport, ...errors } } }, () =>
    service.compliance(),
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        security,
        querystring: ExportQuery,
        response: { 200: z.any().describe('reporte-operativo.pdf o reporte-operativo.xlsx'), ...errors },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const stream = await service.export(format);
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${EXPORT_FILE_NAMES[format]}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
