import {
  ChangePasswordBody,
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

export const techniciansRoutes: FastifyPluginAsyncZod<{ service: TechniciansService }> = async (app, { service }) => {
  app.get(
    '/me/profile',
    { onRequest: app.authorize(), schema: { tags, security, response: { 200: Technician, ...errors } } },
    (request) => service.profile(request.user.id),
  );

  app.patch(
    '/me/password',
    {
      onRequest: app.authorize(),
      schema: { tags, security, body: ChangePasswordBody, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.changePassword(request.user.id, request.body.currentPassword, request.body.newPassword);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/',
    { onRequest: app.authorize('ADMIN'), schema: { tags, security, response: { 200: z.array(Technician), ...errors } } },
    () => service.list(),
  );

  app.post(
    '/',
    {
      onRequest: app.authorize('ADMIN'),
      schema: { tags, security, body: CreateTechnicianBody, response: { 201: Technician, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: { tags, security, params: IdParams, body: UpdateTechnicianBody, response: { 200: Technician, ...errors } },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: { tags, security, params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.delete(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
