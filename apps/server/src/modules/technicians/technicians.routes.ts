import {
  ChangePasswordBody,
  ChangePasswordResponse,
  CreateTechnicianBody,
  IdParams,
  Technician,
  UpdateTechnicianBody,
} from '@rondin/contracts';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TechniciansService } from './technicians.service.js';

const tags = ['Técnicos'];
const security = bearerAuth;
const errors = errorResponses;

export interface TechniciansRoutesOptions {
  service: TechniciansService;
  /** The caller's own password change: signing in is the auth module's, which answers with a new token. */
  changePassword: (id: number, body: ChangePasswordBody) => Promise<ChangePasswordResponse>;
}

export const techniciansRoutes: FastifyPluginAsyncZod<TechniciansRoutesOptions> = async (
  app,
  { service, changePassword },
) => {
  app.get(
    '/me/profile',
    {
      onRequest: app.authorizeOwnAccount(),
      schema: {
        operationId: 'getMyProfile',
        summary: 'Mi perfil',
        tags,
        security,
        response: { 200: Technician, ...errors },
      },
    },
    (request) => service.profile(request.user.id),
  );

  app.patch(
    '/me/password',
    {
      onRequest: app.authorizeOwnAccount(),
      schema: {
        operationId: 'changeMyPassword',
        summary: 'Cambiar mi contraseña',
        tags,
        security,
        body: ChangePasswordBody,
        response: { 200: ChangePasswordResponse, ...errors },
      },
    },
    (request) => changePassword(request.user.id, request.body),
  );

  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listTechnicians',
        summary: 'Listar técnicos',
        tags,
        security,
        response: { 200: z.array(Technician), ...errors },
      },
    },
    () => service.list(),
  );

  app.post(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createTechnician',
        summary: 'Crear una cuenta',
        tags,
        security,
        body: CreateTechnicianBody,
        response: { 201: Technician, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updateTechnician',
        summary: 'Modificar una cuenta',
        tags,
        security,
        params: IdParams,
        body: UpdateTechnicianBody,
        response: { 200: Technician, ...errors },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'deleteTechnician',
        summary: 'Eliminar una cuenta',
        tags,
        security,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.delete(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
