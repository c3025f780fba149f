import {
  Client,
  ClientDetail,
  Contact,
  CreateClientBody,
  CreateContactBody,
  IdParams,
  UpdateClientBody,
  UpdateContactBody,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { ClientsService } from './clients.service.js';

const tags = ['Clientes'];
const security = bearerAuth;
const errors = errorResponses;

/** /api/clients: the companies served, each page with its sites, contacts, open actions and next visits. */
export const clientsRoutes: FastifyPluginAsyncZod<{ service: ClientsService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listClients',
        summary: 'Listar clientes',
        description:
          'Todos los clientes por nombre, activos e inactivos, cada uno con cuántos sitios y contactos tiene.',
        tags,
        security,
        response: { 200: z.array(Client), ...errors },
      },
    },
    () => service.list(),
  );

  app.post(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createClient',
        summary: 'Crear un cliente',
        description:
          'La empresa atendida, con su NIF y dirección opcionales. El nombre es único sin distinguir mayúsculas (409 si ya existe).',
        tags,
        security,
        body: CreateClientBody,
        response: { 201: Client, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  );

  app.get(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getClient',
        summary: 'Ver un cliente',
        description:
          'El cliente con sus sitios, sus acciones correctivas abiertas (las 20 de vencimiento más próximo) y sus próximas visitas (las 20 primeras órdenes sin cerrar de sus sitios).',
        tags,
        security,
        params: IdParams,
        response: { 200: ClientDetail, ...errors },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updateClient',
        summary: 'Modificar un cliente',
        description:
          'Cambia el nombre (único, 409 si ya existe; sus sitios y documentos toman el nuevo), el NIF, la dirección o el estado. Un cliente con sitios activos no se puede desactivar (409).',
        tags,
        security,
        params: IdParams,
        body: UpdateClientBody,
        response: { 200: ClientDetail, ...errors },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.get(
    '/:id/contacts',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'listClientContacts',
        summary: 'Listar los contactos de un cliente',
        description: 'Por nombre. siteIds vacío: el contacto es de todos los sitios del cliente.',
        tags,
        security,
        params: IdParams,
        response: { 200: z.array(Contact), ...errors },
      },
    },
    (request) => service.contacts(request.params.id),
  );

  app.post(
    '/:id/contacts',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createClientContact',
        summary: 'Añadir un contacto a un cliente',
        description:
          'Nombre, cargo, correo y teléfono opcionales, los sitios del cliente que atiende (vacío: todos; otro sitio, 400) y qué se le envía (certificados, acciones, revisiones; cualquiera exige correo, 400).',
        tags,
        security,
        params: IdParams,
        body: CreateContactBody,
        response: { 201: Contact, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createContact(request.user, request.params.id, request.body)),
  );
};

/** /api/contacts: a contact changed or removed by its own id. */
export const contactsRoutes: FastifyPluginAsyncZod<{ service: ClientsService }> = async (app, { service }) => {
  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updateContact',
        summary: 'Modificar un contacto',
        description: 'Las mismas reglas que al añadirlo, sobre el contacto resultante.',
        tags,
        security,
        params: IdParams,
        body: UpdateContactBody,
        response: { 200: Contact, ...errors },
      },
    },
    (request) => service.updateContact(request.user, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'deleteContact',
        summary: 'Eliminar un contacto',
        description: 'El registro de cambios conserva lo que era.',
        tags,
        security,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteContact(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
