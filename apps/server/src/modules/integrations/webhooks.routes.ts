import {
  CreatedWebhook,
  CreateWebhookBody,
  IdParams,
  UpdateWebhookBody,
  Webhook,
  WebhookDeliveriesQuery,
  WebhookDelivery,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { WebhooksService } from './webhooks.service.js';

const tags = ['Integraciones'];
const security = bearerAuth;
const errors = errorResponses;

const SIGNED =
  'Cada entrega va firmada como pide Standard Webhooks: cabeceras `webhook-id`, `webhook-timestamp` y `webhook-signature: v1,<base64 de HMAC-SHA256 de «id.timestamp.cuerpo» con el secreto>`.';

/** Routes under /webhooks: an administrator's, signed in (an API token is refused here: api-token-access.ts). */
export const webhooksRoutes: FastifyPluginAsyncZod<{ service: WebhooksService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listWebhooks',
        summary: 'Listar los webhooks',
        description:
          'Los webhooks, los más nuevos primero, con sus eventos, si están activos y desde cuándo fallan. Nunca su secreto.',
        tags,
        security,
        response: { 200: z.array(Webhook), ...errors },
      },
    },
    () => service.list(),
  );

  app.post(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createWebhook',
        summary: 'Crear un webhook',
        description: `Suscribe una dirección http(s) a eventos (order.closed, certificate.issued, finding.recorded, action.opened, action.closed, sighting.created). La respuesta trae su secreto (\`whsec_…\`) esta única vez. ${SIGNED} Una entrega fallida se reintenta durante 24 h; un webhook que falla durante 3 días se desactiva y se avisa a los administradores. Sin WEBHOOK_ALLOW_PRIVATE_URLS, en producción no se admiten direcciones de este servidor ni de redes privadas (400).`,
        tags,
        security,
        body: CreateWebhookBody,
        response: { 201: CreatedWebhook, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updateWebhook',
        summary: 'Modificar un webhook',
        description:
          'Cambia lo dado: dirección, eventos, descripción, o lo activa y desactiva (enabled). Activarlo olvida los fallos que lo desactivaron: las entregas pendientes siguen.',
        tags,
        security,
        params: IdParams,
        body: UpdateWebhookBody,
        response: { 200: Webhook, ...errors },
      },
    },
    (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'deleteWebhook',
        summary: 'Eliminar un webhook',
        description: 'Lo elimina con su registro de entregas; las pendientes no se envían.',
        tags,
        security,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/deliveries',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: 'Registro de entregas de un webhook',
        description:
          'Las entregas más nuevas primero (limit, 50 si no se indica, hasta 200): evento, estado, intentos, el código y el comienzo de la última respuesta, o por qué no la hubo, y cuándo se reintenta.',
        tags,
        security,
        params: IdParams,
        querystring: WebhookDeliveriesQuery,
        response: { 200: z.array(WebhookDelivery), ...errors },
      },
    },
    (request) => service.deliveries(request.params.id, request.query),
  );

  app.post(
    '/:id/test',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'testWebhook',
        summary: 'Probar un webhook',
        description: `Envía ahora un evento webhook.test, firmado como los demás, y responde la entrega con la respuesta del receptor (espera a lo más 10 s). Se intenta una sola vez y no cuenta para desactivarlo. ${SIGNED}`,
        tags,
        security,
        params: IdParams,
        response: { 200: WebhookDelivery, ...errors },
      },
    },
    (request) => service.test(request.params.id),
  );
};
