import {
  CertificateMessages,
  CertificateSummary,
  ErrorResponse,
  IdParams,
  OwnSignatureBody,
  Verification,
  VerifyAddress,
  VerifyParams,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../files/send-file.js';
import { AppError } from '../../lib/app-error.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { bearerAuth, errorResponses, fileResponse } from '../../lib/route-schema.js';
import { FailureCounter } from '../auth/login-throttle.js';
import type { CertificatesService } from './certificates.service.js';

const tags = ['Certificados'];
const security = bearerAuth;
const errors = errorResponses;
/** A base64 PNG of 200 KB is about 270 KB of JSON: above the API's usual body limit. */
export const SIGNATURE_BODY_LIMIT = 320 * 1024;

export interface VerifyRoutesOptions {
  service: CertificatesService;
  /** Verification lookups allowed per address and minute: codes are random, but nobody gets to try many. */
  verifyPerMinute: number;
}

/** A certificate's verification, under /verify: public, what the certificate's QR opens. */
export const verifyRoutes: FastifyPluginAsyncZod<VerifyRoutesOptions> = async (app, { service, verifyPerMinute }) => {
  const lookups = new FailureCounter({ max: verifyPerMinute, windowMs: 60_000 });

  app.get(
    '/:code',
    {
      schema: {
        operationId: 'verifyCertificate',
        summary: 'Verificar un certificado de servicio',
        description:
          'Público, sin sesión: lo que el QR de un certificado abre ({PUBLIC_URL}/verificar/{código}). Responde folio, revisión, fecha de emisión, sitio, empresa y el SHA-256 del PDF emitido, para compararlo con el archivo recibido, y lo que el certificado dice (`content`: fecha y horas del servicio, técnico y su cualificación, dispositivos previstos, inspeccionados y con excepción, productos con n.º de registro, lote y dosis), para cotejar una copia en papel línea a línea; nada más del sitio. `content` es null en certificados dibujados antes de que se guardara; `replaced` es true si una revisión posterior lo sustituyó. Los códigos son aleatorios (no el folio). Cada dirección puede consultar códigos inexistentes un número limitado de veces por minuto: después, 429 con Retry-After (las consultas de códigos que existen no cuentan).',
        tags,
        // No sign-in: anyone holding the certificate checks it.
        security: [],
        params: VerifyParams,
        response: {
          200: Verification,
          429: ErrorResponse.describe('Demasiadas consultas desde esta dirección; Retry-After dice cuándo volver.'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const wait = lookups.waitFor(request.ip);
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        throw new AppError(429, CertificateMessages.tooManyLookups);
      }
      // Counted before the lookup, so a burst of requests at once cannot pass the limit; taken back when the
      // code exists. Only misses count: guessing codes is what the limit stops, and an auditor checking a
      // pile of certificates from one office is never refused.
      lookups.fail(request.ip);
      const verification = await service.verify(request.params.code);
      lookups.forgive(request.ip);
      return verification;
    },
  );
};

/** An order's certificate, under /sessions/{id}/certificate. */
export const orderCertificateRoutes: FastifyPluginAsyncZod<{ service: CertificatesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:id/certificate',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getSessionCertificate',
        summary: 'Certificado de una orden cerrada',
        description:
          'Folio (AAAA-NNNNNN, correlativo por año, asignado al cerrar), revisión, fecha de emisión, dirección de verificación y SHA-256 del PDF emitido. El PDF mismo es GET /sessions/{id}/report. 404 para una orden abierta, ajena (técnico) o cerrada antes de que existieran los certificados.',
        tags,
        security,
        params: IdParams,
        response: { 200: CertificateSummary, ...errors },
      },
    },
    (request) => service.summary(request.user, request.params.id, requestOrigin(request)),
  );
};

/** The caller's own signature, which signs every certificate they close, under /technicians/me/signature. */
export const ownSignatureRoutes: FastifyPluginAsyncZod<{ service: CertificatesService }> = async (app, { service }) => {
  app.put(
    '/me/signature',
    {
      onRequest: app.authorize(),
      bodyLimit: SIGNATURE_BODY_LIMIT,
      schema: {
        operationId: 'putOwnSignature',
        summary: 'Guardar mi firma',
        description:
          'La firma dibujada de quien tiene la sesión (PNG en base64, hasta 200 KB), que firma el certificado de cada orden que cierra (sin ella, POST /sessions/{id}/close responde 409 SIGNATURE_REQUIRED). Reemplaza la anterior; la de certificados ya emitidos no cambia.',
        tags,
        security,
        body: OwnSignatureBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.saveOwnSignature(request.user.id, request.body.imagePng);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me/signature',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getOwnSignature',
        summary: 'Mi firma',
        description: 'La firma guardada (PNG); 404 si no hay.',
        tags,
        security,
        response: { 200: fileResponse('La firma (PNG).', 'image/png'), ...errors },
      },
    },
    async (request, reply) => {
      const opened = await service.ownSignature(request.user.id);
      return sendFile(request, reply, { file: opened.file, name: 'firma', open: () => opened.content });
    },
  );

  app.delete(
    '/me/signature',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'deleteOwnSignature',
        summary: 'Borrar mi firma',
        description: 'Los certificados siguientes salen sin firma del técnico hasta que guarde otra.',
        tags,
        security,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeOwnSignature(request.user.id);
      return reply.code(204).send(null);
    },
  );
};

/** Where the certificates' QR codes point, under /settings/verify-address: the settings screen warns when nobody outside can open it. */
export const verifyAddressRoutes: FastifyPluginAsyncZod<{ service: CertificatesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/verify-address',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getVerifyAddress',
        summary: 'Dirección de verificación de los certificados',
        description:
          'Solo administradores. La dirección que llevan el QR y el enlace impreso de cada certificado ({dirección}/verificar/{código}): PUBLIC_URL si está configurada (`configured`), o si no la dirección con que se llega al servidor, como esta petición. `public` es false para localhost, 127.x, redes privadas (10.x, 172.16–31.x, 192.168.x), direcciones de enlace local y nombres sin dominio: un auditor no podría abrir esos certificados.',
        tags: ['Ajustes'],
        security,
        response: { 200: VerifyAddress, ...errors },
      },
    },
    (request) => service.verifyAddress(requestOrigin(request)),
  );
};
