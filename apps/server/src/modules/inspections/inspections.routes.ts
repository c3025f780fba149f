import { InspectionListQuery, InspectionPage } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
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
};
