import { ApiToken, CreateApiTokenBody, CreatedApiToken, IdParams } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { ApiTokensService } from './api-tokens.service.js';

const tags = ['Integraciones'];
const security = bearerAuth;
const errors = errorResponses;

/** Routes under /api-tokens: an administrator's, signed in (an API token is refused here: api-token-access.ts). */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ service: ApiTokensService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listApiTokens',
        summary: 'Listar los tokens de API',
        description:
          'Los tokens para otros sistemas, los vigentes primero y los más nuevos antes: nombre, alcance, quién y cuándo lo creó, su último uso (registrado a lo más una vez por minuto) y si fue revocado. Nunca el token mismo.',
        tags,
        security,
        response: { 200: z.array(ApiToken), ...errors },
      },
    },
    () => service.list(),
  );

  app.post(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createApiToken',
        summary: 'Crear un token de API',
        description:
          'Crea un token (`rdn_…`) para otro sistema, que lo envía como `Authorization: Bearer rdn_…` y actúa como un administrador: `read` solo con GET y HEAD, `write` con todo método. Ninguno puede gestionar tokens, webhooks, cuentas ni contraseñas, ni descargar respaldos (403). La respuesta trae el token esta única vez: solo se guarda su hash.',
        tags,
        security,
        body: CreateApiTokenBody,
        response: { 201: CreatedApiToken, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'revokeApiToken',
        summary: 'Revocar un token de API',
        description:
          'Lo revoca de inmediato: la siguiente solicitud hecha con él recibe 401. Queda en la lista como revocado, con quién y cuándo (409 si ya lo estaba).',
        tags,
        security,
        params: IdParams,
        response: { 200: ApiToken, ...errors },
      },
    },
    (request) => service.revoke(request.user, request.params.id),
  );
};
