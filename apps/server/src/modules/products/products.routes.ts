import multipart from '@fastify/multipart';
import {
  Application,
  ApplicationParams,
  CreateProductBody,
  ErrorResponse,
  IdParams,
  Product,
  PRODUCT_DOCUMENT_MAX_BYTES,
  ProductDocumentParams,
  ProductListQuery,
  PutApplicationBody,
  UpdateProductBody,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MULTIPART_OPTIONS, readUpload } from '../../files/multipart.js';
import { sendFile } from '../../files/send-file.js';
import { bearerAuth, errorResponses, fileResponse, uploadForm } from '../../lib/route-schema.js';
import type { ApplicationsService } from './applications.service.js';
import { DOCUMENT_FORM, type ProductsService } from './products.service.js';

const tags = ['Productos'];
const security = bearerAuth;
const errors = errorResponses;
const megabytes = PRODUCT_DOCUMENT_MAX_BYTES / (1024 * 1024);

/** /api/products: the biocide catalogue with its safety data sheets and labels. */
export const productsRoutes: FastifyPluginAsyncZod<{ service: ProductsService }> = async (app, { service }) => {
  app.get(
    '',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'listProducts',
        summary: 'Listar los productos biocidas',
        description:
          'Por nombre. Sin all: solo los activos (los que se pueden aplicar; el teléfono los guarda para trabajar sin conexión). Con all=true, también los desactivados: solo un administrador (403 a un técnico).',
        tags,
        security,
        querystring: ProductListQuery,
        response: { 200: z.array(Product), ...errors },
      },
    },
    (request) => service.list(request.user, request.query.all === 'true'),
  );

  app.post(
    '',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'createProduct',
        summary: 'Agregar un producto',
        description:
          'Nombre único sin distinguir mayúsculas (409 si ya existe), sustancias activas con su concentración, número de registro, tipo (TP1 a TP22), vencimiento de la autorización, categoría de usuario, uso en industria alimentaria, plazo de seguridad en horas y marcas de peligro (tóxico, CMR, anticoagulante).',
        tags,
        security,
        body: CreateProductBody,
        response: { 201: Product, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  );

  app.get(
    '/:id',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getProduct',
        summary: 'Ver un producto',
        description: 'Un técnico ve los activos; uno desactivado solo un administrador (404 para el técnico).',
        tags,
        security,
        params: IdParams,
        response: { 200: Product, ...errors },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'updateProduct',
        summary: 'Modificar un producto',
        description:
          'Cambia los campos enviados. Un producto no se elimina (las aplicaciones lo nombran): se desactiva con isActive false y deja de ofrecerse y de poder aplicarse.',
        tags,
        security,
        params: IdParams,
        body: UpdateProductBody,
        response: { 200: Product, ...errors },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.get(
    '/:id/documents/:kind',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getProductDocument',
        summary: 'Descargar la ficha de datos de seguridad (sds) o la etiqueta (label)',
        description:
          'El PDF guardado, con ETag (su SHA-256). 404 si el producto no tiene ese documento; un técnico solo los de productos activos.',
        tags,
        security,
        params: ProductDocumentParams,
        response: {
          200: fileResponse('El documento en PDF.', 'application/pdf'),
          304: z.null().describe('La copia del cliente (If-None-Match) sigue vigente; la respuesta no tiene cuerpo.'),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      sendFile(request, reply, await service.document(request.user, request.params.id, request.params.kind)),
  );

  // The upload route alone reads multipart/form-data.
  await app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/:id/documents/:kind',
      {
        onRequest: app.authorize('ADMIN'),
        schema: {
          operationId: 'putProductDocument',
          summary: 'Guardar la ficha de datos de seguridad (sds) o la etiqueta (label)',
          description: `Formulario multipart/form-data con el PDF (file) y la fecha impresa en él (issuedOn, AAAA-MM-DD, no posterior a hoy). Reemplaza el documento anterior de ese tipo.`,
          tags,
          security,
          params: ProductDocumentParams,
          consumes: ['multipart/form-data'],
          body: uploadForm(`El documento: un PDF de hasta ${megabytes} MB, reconocido por sus bytes.`, {
            issuedOn: z.string().describe('La fecha del documento, AAAA-MM-DD.'),
          }),
          response: {
            200: Product,
            ...errors,
            413: ErrorResponse.describe(`El documento pasa de ${megabytes} MB.`),
            415: ErrorResponse.describe(
              'No es un formulario multipart/form-data, o el archivo no es un PDF según sus bytes.',
            ),
          },
        },
      },
      (request) =>
        service.putDocument(request.user, request.params.id, request.params.kind, () =>
          readUpload(request, DOCUMENT_FORM),
        ),
    );
  });
};

const parties =
  'El técnico asignado a la orden o un administrador; para cualquier otro técnico la orden no existe (404).';

/** /api/sessions/{id}/applications: the products applied during an order. */
export const applicationsRoutes: FastifyPluginAsyncZod<{ service: ApplicationsService }> = async (app, { service }) => {
  app.put(
    '/:id/applications/:clientApplicationId',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'putApplication',
        summary: 'Registrar un producto aplicado en la orden',
        description: `Con la orden abierta (409 cerrada). El mismo clientApplicationId otra vez responde lo que guardó (200), también con la orden cerrada; usado en otra orden, 409. Se rechaza (409) un producto desactivado, con la autorización vencida el día de la aplicación, no autorizado en industria alimentaria, o que el aplicador (el técnico de la orden) no puede usar por su cualificación: los tóxicos y CMR piden la cualificación especial; los de uso profesional especializado, una cualificación registrada. trapId debe ser un dispositivo de la orden (400). startedAt y endedAt: las horas del teléfono; sin ellas, la de llegada. reEntryAt = endedAt + plazo de seguridad del producto. ${parties}`,
        tags: ['Aplicaciones'],
        security,
        params: ApplicationParams,
        body: PutApplicationBody,
        response: {
          201: Application,
          200: Application.describe('Ya estaba guardada con ese clientApplicationId.'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { application, created } = await service.put(
        request.user,
        request.params.id,
        request.params.clientApplicationId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(application);
    },
  );

  app.get(
    '/:id/applications',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'listApplications',
        summary: 'Productos aplicados en la orden',
        description: `Por hora de inicio, con el producto, el aplicador y la hora de reingreso. ${parties}`,
        tags: ['Aplicaciones'],
        security,
        params: IdParams,
        response: { 200: z.array(Application), ...errors },
      },
    },
    (request) => service.list(request.user, request.params.id),
  );

  app.delete(
    '/:id/applications/:clientApplicationId',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'deleteApplication',
        summary: 'Quitar un producto aplicado',
        description: `Solo con la orden abierta (409 cerrada). ${parties}`,
        tags: ['Aplicaciones'],
        security,
        params: ApplicationParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.user, request.params.id, request.params.clientApplicationId);
      return reply.code(204).send(null);
    },
  );
};
