import { PutSigningCertificateBody, SigningCertificateState } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { SigningService } from './signing.service.js';

const tags = ['Ajustes'];
const security = bearerAuth;
const errors = errorResponses;
const signed =
  'Mientras hay uno vigente, cada certificado de servicio que se emite y cada dossier de auditoría que se descarga salen firmados (PAdES) con él.';

export const signingRoutes: FastifyPluginAsyncZod<{ service: SigningService }> = async (app, { service }) => {
  app.get(
    '/signing-certificate',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getSigningCertificate',
        summary: 'Certificado de firma de la empresa',
        description: `Solo administradores. El certificado con que se firman los documentos (titular, emisor, número de serie, validez y si firma hoy), o null si no hay. Nunca devuelve el archivo ni su contraseña. ${signed}`,
        tags,
        security,
        response: { 200: SigningCertificateState, ...errors },
      },
    },
    () => service.certificate(),
  );

  app.put(
    '/signing-certificate',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'putSigningCertificate',
        summary: 'Subir el certificado de firma',
        description: `Solo administradores. El archivo PKCS#12 (.p12 o .pfx, por ejemplo el certificado de representante de la FNMT) en base64, de hasta 64 KB, y su contraseña. Se rechaza (400) si no es un PKCS#12 legible, si la contraseña no lo abre, si no trae la clave privada o si hoy no está vigente. Reemplaza al anterior. Se guarda cifrado con una clave que deriva del JWT_SECRET del servidor. ${signed}`,
        tags,
        security,
        body: PutSigningCertificateBody,
        response: { 200: SigningCertificateState, ...errors },
      },
    },
    (request) => service.replace(request.user, request.body),
  );

  app.delete(
    '/signing-certificate',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'deleteSigningCertificate',
        summary: 'Quitar el certificado de firma',
        description:
          'Solo administradores. Los documentos salen desde entonces sin firma digital; 404 si no había. Los ya emitidos conservan la suya.',
        tags,
        security,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.user);
      return reply.code(204).send(null);
    },
  );
};
