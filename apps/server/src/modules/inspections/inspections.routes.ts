import { InspectionExportQuery, InspectionListQuery, InspectionPage } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_MEDIA_TYPES, sendExport } from '../../lib/list-export.js';
import { bearerAuth, errorResponses, fileResponse } from '../../lib/route-schema.js';
import type { InspectionsService } from './inspections.service.js';

export const inspectionsRoutes: FastifyPluginAsyncZod<{ service: InspectionsService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listInspections',
        summary: 'Listar inspecciones',
        description:
          'Una fila por trampa inspeccionada en una orden, la más reciente primero: escaneada (outcome SCANNED, la única que prueba la presencia del técnico), registrada con su código impreso escrito porque la etiqueta no se podía leer (MANUAL: inspeccionada, sin prueba de presencia) o registrada sin escanear (EXCEPTION), con la versión vigente de su hallazgo y sus fotos. Las trampas pendientes no aparecen. inspectedAt es la hora del escaneo o de la excepción; el período [from, to) se aplica a ella. Filtros: siteId, type, activityMin (esa actividad o más), pestId (al menos una captura de esa plaga), technicianId (quien la inspeccionó) y outcome. Paginada como las demás listas.',
        tags: ['Inspecciones'],
        security: bearerAuth,
        querystring: InspectionListQuery,
        response: { 200: InspectionPage, ...errorResponses },
      },
    },
    (request) => service.page(request.query),
  );

  app.get(
    '/export',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'exportInspections',
        summary: 'Exportar la lista de inspecciones',
        description:
          'Todas las inspecciones que los mismos filtros de la lista guardan (todas las páginas), la más reciente primero, en CSV (format=csv: UTF-8 con BOM, campos separados por punto y coma, lo que Excel en español abre en columnas) o Excel (format=xlsx). Encabezados en español, fechas dd/mm/aaaa y horas en la zona del sitio, tipos, zonas, resultados y actividad con sus nombres. Se transmite a medida que se lee.',
        tags: ['Inspecciones'],
        security: bearerAuth,
        querystring: InspectionExportQuery,
        response: {
          200: fileResponse('La lista en CSV o en Excel, según format.', ...Object.values(EXPORT_MEDIA_TYPES)),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => sendExport(reply, request.query.format, service.export(request.query)),
  );
};
