import { AuditLogPage, AuditLogQuery } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { AuditLogService } from './audit-log.service.js';

export const auditLogRoutes: FastifyPluginAsyncZod<{ service: AuditLogService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listAuditLog',
        summary: 'Registro de cambios',
        description:
          'Cada cambio de trampas, sitios, planos, ubicaciones en plano, productos, umbrales, acciones correctivas, datos de la empresa y cuentas, el más reciente primero: quién (null: el sistema), cuándo, qué registro (entity, entityId), la acción (create, update, delete, password), el registro antes y después (en un cambio, solo los campos que cambiaron y el nombre o código del registro; nunca una contraseña) y el motivo cuando se dio. Filtros: entity, entityId (con entity) y el período [from, to). Paginado como las demás listas. Las filas no se modifican ni se borran; cada una guarda la huella SHA-256 de la anterior (npm run audit-log:verify).',
        tags: ['Registro de cambios'],
        security: bearerAuth,
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, ...errorResponses },
      },
    },
    (request) => service.page(request.query),
  );
};
