import {
  AuditPackQuery,
  ErrorResponse,
  IdParams,
  PackVerification,
  PackVerificationMessages,
  PackVerifyParams,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { bearerAuth, errorResponses, fileResponse } from '../../lib/route-schema.js';
import { FailureCounter } from '../auth/login-throttle.js';
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
          : await service.pdf(request.user, request.params.id, request.query, requestOrigin(request));
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(content);
    },
  );
};

export interface PackVerifyRoutesOptions {
  service: AuditPackService;
  /** Pack verifications allowed per address and minute. */
  verifyPerMinute: number;
}

/** An issued pack's public verification, under /verify/packs: what its cover's QR opens. */
export const packVerifyRoutes: FastifyPluginAsyncZod<PackVerifyRoutesOptions> = async (
  app,
  { service, verifyPerMinute },
) => {
  const lookups = new FailureCounter({ max: verifyPerMinute, windowMs: 60_000 });
  app.get(
    '/:code',
    {
      schema: {
        operationId: 'verifyAuditPack',
        summary: 'Verificar un dossier de auditoría',
        description:
          'Público, sin sesión: lo que el QR de la portada de un dossier abre ({PUBLIC_URL}/verificar/dossier/{código}). Responde el sitio, su cliente, la empresa, el período, cuándo se emitió y la huella SHA-256 de sus registros impresa en la portada, junto con la misma huella calculada de nuevo con los registros tal como están ahora (a la hora de emisión, para lo que vencía): `matches` es false si algún registro cambió desde entonces. Cada consulta recalcula el dossier entero: se atienden de una en una, y cada dirección puede hacer un número limitado por minuto (429 con Retry-After).',
        tags: ['Reportes'],
        // No sign-in: anyone holding the pack checks it.
        security: [],
        params: PackVerifyParams,
        response: {
          200: PackVerification,
          429: ErrorResponse.describe('Demasiadas consultas desde esta dirección; Retry-After dice cuándo volver.'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const wait = lookups.waitFor(request.ip);
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        throw new AppError(429, PackVerificationMessages.tooManyLookups);
      }
      // Every lookup counts, found or not: each one draws a whole pack's records again.
      lookups.fail(request.ip);
      return service.verify(request.params.code);
    },
  );
};
