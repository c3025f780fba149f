import {
  AcceptProgrammeBody,
  IdParams,
  ProgrammeCoverage,
  ProgrammeCoverageQuery,
  ProgrammeQuery,
  ProgrammeVersion,
  ProgrammeVersionParams,
  SaveProgrammeBody,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses } from '../../lib/route-schema.js';
import type { ProgrammesService } from './programmes.service.js';

const tags = ['Programa de control'];
const security = bearerAuth;
const errors = errorResponses;
const readers =
  'Lo leen un administrador, una cuenta con la cualificación RESPONSABLE_TECNICO y un técnico con alguna orden en el sitio; para cualquier otro técnico el sitio no existe (404).';

export const programmesRoutes: FastifyPluginAsyncZod<{ service: ProgrammesService }> = async (app, { service }) => {
  app.get(
    '/:id/programme',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'getSiteProgramme',
        summary: 'Ver el programa de control de un sitio',
        description: `La última versión guardada (aprobada o no), con su aprobación y su aceptación; con at=AAAA-MM-DD, la versión en vigor ese día: la última aprobada cuya fecha de vigencia (effectiveFrom) ya llegó. 404 con un mensaje en español si el sitio no tiene programa, o ninguno estaba en vigor ese día. ${readers}`,
        tags,
        security,
        params: IdParams,
        querystring: ProgrammeQuery,
        response: { 200: ProgrammeVersion, ...errors },
      },
    },
    (request) => service.current(request.user, request.params.id, request.query.at),
  );

  app.put(
    '/:id/programme',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'saveSiteProgramme',
        summary: 'Guardar el programa de control de un sitio',
        description:
          'Guarda el programa completo como una versión nueva (1, 2, 3…); las anteriores no cambian nunca. Queda como borrador hasta que la aprueba un responsable técnico. Cada frecuencia es la contratada para los dispositivos de un tipo en un área del sitio (zone, una de las áreas de sus dispositivos; null: las áreas sin fila propia), con los valores de los planes de servicio. 400 con un producto inexistente, un área que el sitio no tiene o una fila repetida. effectiveFrom: desde qué día rige una vez aprobada (por omisión, hoy en la zona del sitio).',
        tags,
        security,
        params: IdParams,
        body: SaveProgrammeBody,
        response: { 200: ProgrammeVersion, ...errors },
      },
    },
    (request) => service.save(request.user, request.params.id, request.body),
  );

  app.get(
    '/:id/programme/versions',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'listSiteProgrammeVersions',
        summary: 'Versiones del programa de control de un sitio',
        description: `Todas las versiones, de la más nueva a la más antigua, cada una con quién la guardó, su aprobación y su aceptación; inForce marca la que está en vigor hoy. Una lista vacía si el sitio no tiene programa. ${readers}`,
        tags,
        security,
        params: IdParams,
        response: { 200: z.array(ProgrammeVersion), ...errors },
      },
    },
    (request) => service.versions(request.user, request.params.id),
  );

  app.post(
    '/:id/programme/versions/:version/approve',
    {
      onRequest: app.authorize(),
      schema: {
        operationId: 'approveSiteProgramme',
        summary: 'Aprobar una versión del programa de control',
        description:
          'La aprueba la cuenta que llama, con su nombre y la hora del servidor; solo una cuenta con la cualificación RESPONSABLE_TECNICO (403 si no), administrador o técnico. Solo la última versión (409 si otra la reemplazó) y una sola vez (409).',
        tags,
        security,
        params: ProgrammeVersionParams,
        response: { 200: ProgrammeVersion, ...errors },
      },
    },
    (request) => service.approve(request.user, request.params.id, request.params.version),
  );

  app.post(
    '/:id/programme/versions/:version/accept',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'acceptSiteProgramme',
        summary: 'Registrar la aceptación del cliente',
        description:
          'Quién del cliente aceptó la versión y qué día: un contacto del cliente del sitio (contactId; su nombre y cargo se toman de su ficha) o un nombre escrito (name, role). Solo una versión aprobada (409 si no), una sola vez (409); la fecha no puede ser futura ni anterior a la aprobación (400).',
        tags,
        security,
        params: ProgrammeVersionParams,
        body: AcceptProgrammeBody,
        response: { 200: ProgrammeVersion, ...errors },
      },
    },
    (request) => service.accept(request.user, request.params.id, request.params.version, request.body),
  );

  app.get(
    '/:id/programme/coverage',
    {
      onRequest: app.authorize('ADMIN'),
      schema: {
        operationId: 'getSiteProgrammeCoverage',
        summary: 'Cobertura frente a la frecuencia contratada',
        description:
          'Añadido de Rondín al diseño. Para cada frecuencia (tipo de dispositivo × área) de las versiones aprobadas en vigor entre from y to (días del sitio, ambos incluidos): el periodo se divide en ventanas enteras de la frecuencia desde from; cada ventana en que la fila estaba contratada y tenía dispositivos es una visita debida, cubierta si cada dispositivo se inspeccionó en ella (QR leído o código escrito; una excepción no es inspección). Con las visitas hechas, las inspecciones debidas y hechas, y los dispositivos que faltaron con sus ventanas. Hasta 5 años.',
        tags,
        security,
        params: IdParams,
        querystring: ProgrammeCoverageQuery,
        response: { 200: ProgrammeCoverage, ...errors },
      },
    },
    (request) => service.coverage(request.user, request.params.id, request.query.from, request.query.to),
  );
};
