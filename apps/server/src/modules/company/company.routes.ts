import multipart from '@fastify/multipart';
import { CompanySettings, ErrorResponse, PutCompanySettingsBody } from '@rondin/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MULTIPART_OPTIONS, readUpload } from '../../files/multipart.js';
import { sendFile } from '../../files/send-file.js';
import { bearerAuth, errorResponses, fileResponse, uploadForm } from '../../lib/route-schema.js';
import { LOGO_FORM, type CompanyService } from './company.service.js';

const tags = ['Ajustes'];
const security = bearerAuth;
const errors = errorResponses;
const readers =
  'Cualquier cuenta con sesión: el nombre de la empresa encabeza cada documento y etiqueta, y no es reservado.';

export const companyRoutes: FastifyPluginAsyncZod<{ service: CompanyService }> = async (app, { service }) => {
  app.get(
    '/company',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getCompanySettings',
        summary: 'Datos de la empresa',
        description: `Nombre, NIF/CIF, dirección, teléfono, número de registro (ROESB o equivalente) y responsable técnico, que encabezan cada PDF y etiqueta, y si hay logotipo. Todo null hasta que un administrador los guarda por primera vez: los documentos salen entonces sin encabezado de empresa. ${readers}`,
        tags,
        security,
        response: { 200: CompanySettings, ...errors },
      },
    },
    () => service.company(),
  );

  app.put(
    '/company',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'putCompanySettings',
        summary: 'Guardar los datos de la empresa',
        description:
          'Solo administradores. El nombre es obligatorio; los demás campos son opcionales (vacío o null los borra). El NIF/CIF se guarda sin espacios, puntos ni guiones y en mayúsculas, y debe tener de 5 a 20 letras y números (no se verifica la letra de control: vale también un número fiscal extranjero). El número de registro es texto libre, por ejemplo «ROESB 0123-CAT».',
        tags,
        security,
        body: PutCompanySettingsBody,
        response: { 200: CompanySettings, ...errors },
      },
    },
    (request) => service.save(request.user, request.body),
  );

  app.get(
    '/company/logo',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getCompanyLogo',
        summary: 'Logotipo de la empresa',
        description: `El logotipo tal como se guardó: PNG de hasta 600 píxeles de lado. 404 si no hay. ${readers}`,
        tags,
        security,
        response: { 200: fileResponse('El logotipo (PNG).', 'image/png'), ...errors },
      },
    },
    async (request, reply) => sendFile(request, reply, await service.logo()),
  );

  app.delete(
    '/company/logo',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'deleteCompanyLogo',
        summary: 'Quitar el logotipo',
        description: 'Solo administradores. Los documentos salen desde entonces sin logotipo; 404 si no había.',
        tags,
        security,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeLogo(request.user);
      return reply.code(204).send(null);
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/company/logo',
      {
        onRequest: app.authorize('ADMIN'),
        schema: {
          operationId: 'putCompanyLogo',
          summary: 'Subir el logotipo',
          description:
            'Solo administradores. Formulario multipart/form-data con la imagen (file): PNG, JPEG o WebP de hasta 2 MB y 25 megapíxeles, reconocida por sus bytes. Se guarda girada según su EXIF, reducida a 600 píxeles de lado como máximo y convertida a PNG (conserva la transparencia); reemplaza la anterior. Antes hay que guardar los datos de la empresa (409).',
          tags,
          security,
          consumes: ['multipart/form-data'],
          body: uploadForm('El logotipo: PNG, JPEG o WebP de hasta 2 MB.'),
          response: {
            200: CompanySettings,
            ...errors,
            413: ErrorResponse.describe('La imagen pasa de 2 MB: se rechaza en cuanto llega el byte que sobra.'),
            415: ErrorResponse.describe(
              'No es un formulario multipart/form-data, o el archivo no es PNG, JPEG ni WebP según sus bytes.',
            ),
          },
        },
      },
      (request) => service.replaceLogo(request.user, () => readUpload(request, LOGO_FORM)),
    );
  });
};
