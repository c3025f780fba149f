import { LabelReprint, LabelReprintListQuery, PrintLabelReprintsBody } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses, fileResponse } from '../../lib/route-schema.js';
import type { LabelReprintsService } from './label-reprints.service.js';

const tags = ['Trampas'];
const security = bearerAuth;
const errors = errorResponses;

export const labelReprintsRoutes: FastifyPluginAsyncZod<{ service: LabelReprintsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authorize('ADMIN'));

  app.get(
    '',
    {
      schema: {
        operationId: 'listLabelReprints',
        summary: 'Etiquetas por reimprimir',
        description:
          'Las reimpresiones pendientes, la más antigua primero: cada dispositivo que un técnico registró por su código escrito porque su etiqueta no se podía leer (una pendiente por dispositivo). Con siteId, las de ese sitio.',
        tags,
        security,
        querystring: LabelReprintListQuery,
        response: { 200: z.array(LabelReprint), ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  app.post(
    '/print',
    {
      schema: {
        operationId: 'printLabelReprints',
        summary: 'Imprimir las etiquetas por reimprimir',
        description:
          'Una hoja de etiquetas (la misma que la de las trampas) de las reimpresiones pendientes indicadas en ids, o sin ids de todas (las de siteId si se indica), que quedan marcadas como impresas en la misma transacción: la lista se vacía. 409 si no hay ninguna pendiente; 400 si alguna de ids no existe o ya se imprimió.',
        tags,
        security,
        body: PrintLabelReprintsBody,
        response: { 200: fileResponse('La hoja de etiquetas en PDF.', 'application/pdf'), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="etiquetas-reimpresion.pdf"')
        .send(await service.print(request.user, request.body)),
  );
};
