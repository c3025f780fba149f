import {
  AddSessionItemBody,
  BulkReassignBody,
  BulkRescheduleBody,
  BulkSessionsResult,
  CloseSessionBody,
  CreateSessionBody,
  ErrorResponse,
  IdParams,
  ScanBody,
  ScanResponse,
  Session,
  SessionListQuery,
  SessionPage,
  UpdateSessionBody,
} from '@rondin/contracts';
import { contentDisposition } from '../../files/send-file.js';
import { bearerAuth, errorResponses, fileResponse } from '../../lib/route-schema.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { SIGNATURE_BODY_LIMIT } from '../certificates/certificates.routes.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrdersService } from './orders.service.js';

const tags = ['Órdenes'];
const security = bearerAuth;
const errors = errorResponses;

export const ordersRoutes: FastifyPluginAsyncZod<{ service: OrdersService }> = async (app, { service }) => {
  const listSchema = (operationId: string, summary: string, description: string) => ({
    operationId,
    summary,
    tags,
    security,
    description: `${description} Sin parámetros: la lista completa con las trampas de cada orden. Con page, pageSize, siteId, q, status, technicianId, scheduledFrom, scheduledTo u overdue: una página de resúmenes, cada uno con las áreas de sus trampas.`,
    querystring: SessionListQuery,
    response: { 200: z.union([z.array(Session), SessionPage]), ...errors },
  });
  const paged = (query: object) => Object.keys(query).length > 0;

  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: listSchema('listSessions', 'Listar órdenes', 'Todas las órdenes, las más nuevas primero.'),
    },
    (request) => (paged(request.query) ? service.page(request.query) : service.list()),
  );

  app.post(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createSession',
        summary: 'Crear una orden de inspección',
        tags,
        security,
        body: CreateSessionBody,
        response: { 201: Session, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  );

  app.get(
    '/me',
    {
      onRequest: app.authorize(),
      schema: listSchema('listMySessions', 'Mis órdenes', 'Las órdenes asignadas a quien llama.'),
    },
    (request) =>
      paged(request.query)
        ? service.page(request.query, { ownerId: request.user.id })
        : service.listOwn(request.user, false),
  );

  app.get(
    '/me/active',
    {
      onRequest: app.authorize(),
      schema: listSchema(
        'listMyActiveSessions',
        'Mis órdenes sin completar',
        'Las órdenes sin completar asignadas a quien llama.',
      ),
    },
    (request) =>
      paged(request.query)
        ? service.page(request.query, { ownerId: request.user.id, openOnly: true })
        : service.listOwn(request.user, true),
  );

  app.get(
    '/:id',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getSession',
        summary: 'Ver una orden',
        tags,
        security,
        params: IdParams,
        response: { 200: Session, ...errors },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.post(
    '/:id/scan',
    {
      // The hot path: the token is checked here, the account inside the scan's single database call.
      onRequest: app.authenticate(),
      attachValidation: true,
      preHandler: app.accountBeforeInvalid(),
      schema: {
        operationId: 'scanSessionItem',
        summary: 'Registrar el escaneo de una trampa',
        tags,
        security,
        description:
          'Completa la trampa cuyo QR se leyó (qrSlug). Un código que no es de la orden responde 404 con code y, salvo UNKNOWN_CODE, device {id, code, area}: TRAP_NOT_IN_ORDER (un dispositivo del sitio fuera de la orden; se puede añadir con POST /sessions/{id}/items), TRAP_IN_OTHER_ORDER (también está en otra orden abierta del sitio, que se nombra con su técnico; también se puede añadir), TRAP_OF_OTHER_SITE, TRAP_INACTIVE, UNKNOWN_CODE (ningún dispositivo tiene ese QR) y TRAP_CODE_TYPED (el código impreso de un dispositivo de la orden en lugar de su QR: regístralo con POST /sessions/{id}/items/{itemId}/manual).',
        params: IdParams,
        body: ScanBody,
        response: {
          200: ScanResponse,
          ...errors,
          404: ErrorResponse.describe(
            'La orden no existe o no es de quien llama; o el código leído no es de la orden (code: TRAP_NOT_IN_ORDER, TRAP_IN_OTHER_ORDER, TRAP_OF_OTHER_SITE, TRAP_INACTIVE, UNKNOWN_CODE, TRAP_CODE_TYPED).',
          ),
        },
      },
    },
    (request) => service.scan(request.user, request.params.id, request.body),
  );

  app.post(
    '/:id/items',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'addSessionItem',
        summary: 'Añadir un dispositivo a la orden en el sitio',
        tags,
        security,
        description:
          'Añade a una orden abierta (409 cerrada) un dispositivo activo de su sitio que la oficina no planificó, leído en el lugar: responde 201 {session, item} con la trampa pendiente y addedOnSite true; después se escanea (o se registra con su código escrito) como cualquier otra. 409 si el dispositivo está dado de baja, ya está en la orden o la orden tiene el máximo de trampas; 400 si es de otro sitio (a un técnico, un dispositivo de otro sitio le responde 404, como uno que no existe). El técnico asignado a la orden o un administrador; para cualquier otro técnico la orden no existe (404).',
        params: IdParams,
        body: AddSessionItemBody,
        response: { 201: ScanResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.addItem(request.user, request.params.id, request.body)),
  );

  app.post(
    '/:id/close',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'closeSession',
        summary: 'Cerrar una orden',
        tags,
        security,
        description:
          'Cierra una orden y emite su certificado de servicio en la misma transacción: folio AAAA-NNNNNN correlativo por año, sin huecos ni repeticiones, y su PDF guardado tal cual (GET /sessions/{id}/report, GET /sessions/{id}/certificate). Las reglas, en este orden: (1) sin trampas pendientes; un administrador cierra una con pendientes enviando {"force": true}. (2) Cada dispositivo escaneado o con código escrito (SCANNED, MANUAL) tiene un hallazgo: si no, 409 FINDINGS_MISSING con items [{itemId, code}], salvo con {"defaultNoActivity": true}, que registra «Sin novedad» (noNewsFinding según el tipo) en cada uno, en la misma transacción y a nombre de quien cierra. (3) Quien cierra tiene su firma guardada (PUT /technicians/me/signature): si no, 409 SIGNATURE_REQUIRED; esa firma es la del certificado, que nombra a quien cerró (el administrador, si cierra él). (4) clientSignature: {"name", "role", "imagePng"} (PNG en base64, hasta 200 KB) o {"absent": true, "reason"} si nadie del cliente pudo firmar. Sin él, el cierre de un técnico es un 400; el de un administrador registra al cliente ausente con el motivo «Cierre desde la oficina».',
        params: IdParams,
        body: CloseSessionBody,
        response: {
          200: Session,
          ...errors,
          400: ErrorResponse.describe(
            'La solicitud no es válida, o un técnico cierra sin clientSignature (la firma del cliente, o {"absent": true, "reason"}).',
          ),
          409: ErrorResponse.describe(
            'La orden ya está cerrada o tiene trampas pendientes; code FINDINGS_MISSING: dispositivos inspeccionados sin hallazgo (items); code SIGNATURE_REQUIRED: quien cierra no tiene firma guardada.',
          ),
        },
      },
      bodyLimit: SIGNATURE_BODY_LIMIT,
    },
    (request) => service.close(request.user, request.params.id, request.body ?? {}, requestOrigin(request)),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updateSession',
        summary: 'Reasignar o reprogramar una orden',
        tags,
        security,
        description:
          'Cambia el técnico asignado (una cuenta activa), la fecha programada (null la quita) o ambos, mientras la orden no esté cerrada. Los escaneos ya registrados se conservan con quien los hizo. El técnico anterior recibe session.updated y el nuevo session.created.',
        params: IdParams,
        body: UpdateSessionBody,
        response: { 200: Session, ...errors },
      },
    },
    (request) => service.update(request.params.id, request.body),
  );

  app.post(
    '/bulk-reassign',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'bulkReassignSessions',
        summary: 'Reasignar varias órdenes',
        tags,
        security,
        description:
          'Asigna todas las órdenes indicadas a un técnico (una cuenta activa), todas o ninguna, en una transacción. 404 si alguna no existe y 409 si alguna está cerrada, nombrándolas; 400 si el técnico no existe o está inactivo; 409 LICENCE_EXPIRED si su licencia venció (confirmExpiredLicence para asignarlas igual). Los escaneos ya registrados se conservan con quien los hizo. Cada técnico anterior recibe session.updated y el nuevo session.created por cada orden.',
        body: BulkReassignBody,
        response: { 200: BulkSessionsResult, ...errors },
      },
    },
    (request) => service.bulkReassign(request.body),
  );

  app.post(
    '/bulk-reschedule',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'bulkRescheduleSessions',
        summary: 'Reprogramar varias órdenes',
        tags,
        security,
        description:
          'Lleva todas las órdenes indicadas a la fecha date (AAAA-MM-DD), todas o ninguna, en una transacción; la fecha y la hora se leen en la zona horaria del sitio de cada orden. Con time (HH:MM), todas a esa hora; sin él, cada una conserva su hora (400 nombrando las que no tienen hora). 404 si alguna no existe y 409 si alguna está cerrada, nombrándolas. El técnico de cada orden recibe session.updated.',
        body: BulkRescheduleBody,
        response: { 200: BulkSessionsResult, ...errors },
      },
    },
    (request) => service.bulkReschedule(request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'deleteSession',
        summary: 'Eliminar una orden',
        tags,
        security,
        description:
          'Elimina una orden que nadie ha empezado (pendiente), con sus trampas. 409 si está en curso (ya tiene inspecciones registradas) o cerrada (su certificado es parte del registro).',
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
    '/:id/report',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getSessionReport',
        summary: 'Certificado (reporte) de una orden cerrada',
        description:
          'El certificado de servicio tal como se emitió al cerrar la orden: los mismos bytes en cada descarga, cuyo SHA-256 muestra la página pública de verificación. Para una orden cerrada antes de que existieran los certificados, su reporte de servicio. 409 si la orden sigue abierta.',
        tags,
        security,
        params: IdParams,
        response: { 200: fileResponse('El certificado en PDF.', 'application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const { content, fileName } = await service.report(request.user, request.params.id, requestOrigin(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`${fileName}.pdf`))
        .send(content);
    },
  );
};
