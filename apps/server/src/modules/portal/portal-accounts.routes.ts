import {
  AcceptInvitationBody,
  AcceptInvitationResponse,
  CreatePortalAccountBody,
  ErrorResponse,
  IdParams,
  INVITATION_DAYS,
  InvitationInfo,
  InvitationParams,
  PortalAccount,
  PortalAccountList,
  PortalInvitationIssued,
  UpdatePortalAccountBody,
} from '@rondin/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../lib/request-origin.js';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { PortalAccountsService } from './portal-accounts.service.js';

const tags = ['Portal del cliente'];
const security = bearerAuth;
const errors = errorResponses;

export interface PortalAccountsRoutesOptions {
  service: PortalAccountsService;
  /** PUBLIC_URL: the invitation link's base; unset, the address the office reached the API at. */
  publicUrl: string | undefined;
}

const linkBase = (request: FastifyRequest, publicUrl: string | undefined) => publicUrl ?? requestOrigin(request);

const invitationDescription = `El enlace (invitationUrl, /invitacion/{token}) sirve una vez y durante ${INVITATION_DAYS} días; el servidor guarda solo el hash del token, así que se muestra solo en esta respuesta. Con el correo configurado también se envía.`;

/** /api/clients/{id}/portal-accounts: the client's people with a portal account (ADMIN). */
export const clientPortalAccountsRoutes: FastifyPluginAsyncZod<PortalAccountsRoutesOptions> = async (
  app,
  { service, publicUrl },
) => {
  app.post(
    '/:id/portal-accounts',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createPortalAccount',
        summary: 'Invitar a una persona del cliente al portal',
        description: `Crea la cuenta (rol CLIENTE) de una persona del cliente, que verá los sitios del cliente o los elegidos (siteIds, de ese cliente: 400 si no). ${invitationDescription} 409 si el correo ya tiene cuenta o el cliente está inactivo.`,
        tags,
        security,
        params: IdParams,
        body: CreatePortalAccountBody,
        response: { 201: PortalInvitationIssued, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(request.user, request.params.id, request.body, linkBase(request, publicUrl))),
  );

  app.get(
    '/:id/portal-accounts',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listPortalAccounts',
        summary: 'Cuentas del portal de un cliente',
        description:
          'Las personas del cliente con cuenta en el portal, por nombre, con el estado de su última invitación (PENDIENTE, VENCIDA, ACEPTADA).',
        tags,
        security,
        params: IdParams,
        response: { 200: PortalAccountList, ...errors },
      },
    },
    async (request) => ({ items: await service.list(request.params.id) }),
  );
};

/** /api/portal-accounts/{id}: one portal account (ADMIN). */
export const portalAccountsRoutes: FastifyPluginAsyncZod<PortalAccountsRoutesOptions> = async (
  app,
  { service, publicUrl },
) => {
  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updatePortalAccount',
        summary: 'Cambiar una cuenta del portal',
        description:
          'Nombre, sitios (del cliente; vacío: todos) y activa o no: desactivada, sus sesiones dejan de valer al instante.',
        tags,
        security,
        params: IdParams,
        body: UpdatePortalAccountBody,
        response: { 200: PortalAccount, ...errors },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.post(
    '/:id/invitation',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'reissuePortalInvitation',
        summary: 'Enviar otra invitación',
        description: `Un enlace nuevo para la cuenta; los anteriores dejan de servir. También para una cuenta que ya eligió contraseña y la olvidó. ${invitationDescription} 409 si la cuenta está desactivada.`,
        tags,
        security,
        params: IdParams,
        response: { 201: PortalInvitationIssued, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.reissue(request.user, request.params.id, linkBase(request, publicUrl))),
  );
};

const gone = ErrorResponse.describe('La invitación ya se usó o venció.');

/** /api/invitations/{token}: public, what the invitation link opens. */
export const invitationsRoutes: FastifyPluginAsyncZod<{ service: PortalAccountsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:token',
    {
      schema: {
        operationId: 'getInvitation',
        summary: 'Ver una invitación al portal',
        description:
          'Público, sin sesión: a quién invita, de qué cliente y hasta cuándo. 404 si no existe (o la sustituyó otra), 410 si ya se usó o venció.',
        tags,
        security: [],
        params: InvitationParams,
        response: { 200: InvitationInfo, 410: gone, ...errors },
      },
    },
    (request) => service.invitation(request.params.token),
  );

  app.post(
    '/:token',
    {
      schema: {
        operationId: 'acceptInvitation',
        summary: 'Elegir la contraseña con una invitación',
        description:
          'Público, sin sesión: fija la contraseña de la cuenta (las reglas de siempre: 400 si es débil) y gasta la invitación; después se inicia sesión como cualquiera. 404 si no existe, 410 si ya se usó o venció.',
        tags,
        security: [],
        params: InvitationParams,
        body: AcceptInvitationBody,
        response: { 200: AcceptInvitationResponse, 410: gone, ...errors },
      },
    },
    (request) => service.accept(request.params.token, request.body.password),
  );
};
