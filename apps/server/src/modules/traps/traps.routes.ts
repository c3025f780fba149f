import {
  CreateTrapBody,
  ErrorResponse,
  IdParams,
  LabelSheetBody,
  LabelSheetQuery,
  MAX_IMPORT_BYTES,
  MAX_LABELS_PER_SHEET,
  Trap,
  TRAP_FILE_TYPES,
  TrapAreaCount,
  TrapAreasQuery,
  TrapExportQuery,
  TrapHistoryPage,
  TrapHistoryQuery,
  TrapImportQuery,
  TrapImportRefused,
  TrapImportResult,
  TrapListQuery,
  TrapPage,
  TrapQrQuery,
  UpdateTrapBody,
} from '@rondin/contracts';
import { AppError } from '../../lib/app-error.js';
import { bearerAuth, errorResponses, fileResponse } from '../../lib/route-schema.js';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TrapsService } from './traps.service.js';

const tags = ['Trampas'];
const security = bearerAuth;
const errors = errorResponses;
const labelSheet = fileResponse('La hoja de etiquetas en PDF.', 'application/pdf');

export const trapsRoutes: FastifyPluginAsyncZod<{ service: TrapsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authorize('ADMIN'));

  app.get(
    '',
    {
      schema: {
        operationId: 'listTraps',
        summary: 'Listar trampas',
        tags,
        security,
        description:
          'Sin parámetros: la lista completa. Con page, pageSize, q, area, noArea, siteId, type, active o placed (en un plano o sin ubicar): una página filtrada.',
        querystring: TrapListQuery,
        response: { 200: z.union([z.array(Trap), TrapPage]), ...errors },
      },
    },
    (request) => (Object.keys(request.query).length ? service.page(request.query) : service.list()),
  );

  app.get(
    '/areas',
    {
      schema: {
        operationId: 'listTrapAreas',
        summary: 'Áreas en uso',
        tags,
        security,
        description:
          'Las áreas en uso, con cuántas trampas tiene cada una y cuántas están activas (área null: trampas sin área). Con siteId, las de ese sitio.',
        querystring: TrapAreasQuery,
        response: { 200: z.array(TrapAreaCount), ...errors },
      },
    },
    (request) => service.areas(request.query),
  );

  app.get(
    '/by-qr',
    {
      schema: {
        operationId: 'getTrapByQr',
        summary: 'Trampa de un código QR',
        tags,
        security,
        description:
          'La trampa cuya etiqueta lleva ese código: la que abre un QR leído fuera de la aplicación ({PUBLIC_URL}/t/{código}), por su código en qrSlug. 404 si ninguna trampa lo tiene.',
        querystring: TrapQrQuery,
        response: { 200: Trap, ...errors },
      },
    },
    (request) => service.byQrSlug(request.query.qrSlug),
  );

  app.get(
    '/export',
    {
      schema: {
        operationId: 'exportTraps',
        summary: 'Exportar el inventario de trampas',
        tags,
        security,
        description:
          'Todas las trampas en orden de código (con siteId, solo las de ese sitio), con las columnas codigo, area, descripcion y activa: el mismo formato que lee la importación.',
        querystring: TrapExportQuery,
        response: {
          200: fileResponse(
            'El inventario en CSV (UTF-8, comas) o en Excel.',
            TRAP_FILE_TYPES.csv,
            TRAP_FILE_TYPES.xlsx,
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { format, siteId } = request.query;
      return reply
        .type(format === 'csv' ? `${TRAP_FILE_TYPES.csv}; charset=utf-8` : TRAP_FILE_TYPES.xlsx)
        .header('content-disposition', `attachment; filename="trampas.${format}"`)
        .send(await service.exportFile(format, siteId));
    },
  );

  await app.register(importRoute, { service });

  app.post(
    '',
    {
      schema: {
        operationId: 'createTrap',
        summary: 'Crear una trampa',
        tags,
        security,
        body: CreateTrapBody,
        response: { 201: Trap, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  );

  const sendSheet = async (reply: FastifyReply, choice: Parameters<TrapsService['labelSheet']>[0]) =>
    reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="etiquetas-trampas.pdf"')
      .send(await service.labelSheet(choice));

  app.get(
    '/labels',
    {
      schema: {
        operationId: 'getTrapLabelSheet',
        summary: 'Hoja de etiquetas QR',
        tags,
        security,
        description: `Con ids: las etiquetas de esas trampas. Con los filtros de la lista de trampas (siteId, type, q, area, noArea, active, placed; no se combinan con ids): las de todas las trampas que la lista muestra con esos filtros, en todas sus páginas, activas o no según active; si son más de ${MAX_LABELS_PER_SHEET}, 400. Sin ids ni filtros: las de todas las trampas activas. 404 si no hay ninguna que imprimir.`,
        querystring: LabelSheetQuery,
        response: { 200: labelSheet, ...errors },
      },
    },
    (request, reply) => {
      const { ids, ...filter } = request.query;
      return sendSheet(reply, { ids, filter });
    },
  );

  app.post(
    '/labels',
    {
      schema: {
        operationId: 'postTrapLabelSheet',
        summary: 'Hoja de etiquetas QR de las trampas elegidas',
        tags,
        security,
        description: 'La hoja de etiquetas de las trampas elegidas, para una lista que no cabe en la dirección.',
        body: LabelSheetBody,
        response: { 200: labelSheet, ...errors },
      },
    },
    (request, reply) => sendSheet(reply, { ids: request.body.ids }),
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getTrap',
        summary: 'Ver una trampa',
        tags,
        security,
        params: IdParams,
        response: { 200: Trap, ...errors },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.get(
    '/:id/history',
    {
      schema: {
        operationId: 'getTrapHistory',
        summary: 'Historial de inspecciones de una trampa',
        tags,
        security,
        description:
          'Cada orden en la que estuvo la trampa, la más reciente primero: estado de la orden y de la trampa, cuándo y quién, cómo terminó la visita (outcome: escaneada o excepción), lo encontrado (la versión vigente del hallazgo) y sus fotos.',
        params: IdParams,
        querystring: TrapHistoryQuery,
        response: { 200: TrapHistoryPage, ...errors },
      },
    },
    (request) => service.history(request.params.id, request.query),
  );

  app.patch(
    '/:id',
    {
      schema: {
        operationId: 'updateTrap',
        summary: 'Modificar una trampa',
        tags,
        security,
        params: IdParams,
        body: UpdateTrapBody,
        response: { 200: Trap, ...errors },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        operationId: 'deleteTrap',
        summary: 'Eliminar una trampa',
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

  app.get(
    '/:id/label',
    {
      schema: {
        operationId: 'getTrapLabel',
        summary: 'Etiqueta QR de una trampa',
        tags,
        security,
        params: IdParams,
        response: { 200: fileResponse('La etiqueta en PDF.', 'application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const doc = await service.label(request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="trap-${request.params.id}.pdf"`)
        .send(doc);
    },
  );
};

const MEGABYTES = MAX_IMPORT_BYTES / 1024 / 1024;
const TOO_LARGE = `El archivo pasa de ${MEGABYTES} MB: divídelo en partes más pequeñas.`;
const WRONG_TYPE = 'Envía el archivo como CSV (text/csv) o como libro de Excel (.xlsx).';
const FORMATS = { [TRAP_FILE_TYPES.csv]: 'csv', [TRAP_FILE_TYPES.xlsx]: 'xlsx' } as const;

/** The file itself, read by the parsers below; described for the OpenAPI document as bytes. */
const ImportFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), WRONG_TYPE)
  .meta({
    type: 'string',
    format: 'binary',
  });

/**
 * POST /traps/import in a scope of its own: only this route reads a CSV or XLSX body (up to 5 MB, the rest of
 * the API stays JSON-only at its own limit), and its 413 and 415 say what to send instead.
 */
const importRoute: FastifyPluginAsyncZod<{ service: TrapsService }> = async (app, { service }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [TRAP_FILE_TYPES.csv, TRAP_FILE_TYPES.xlsx],
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
  // Any other body is read too (within the limit) and refused by the handler: refused here, a bad query string
  // would be answered 415 instead of the 400 that every other route gives it.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: FastifyError, _request, _reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, TOO_LARGE);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new AppError(415, WRONG_TYPE);
    throw error;
  });

  app.post(
    '/import',
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        operationId: 'importTraps',
        summary: 'Importar trampas desde CSV o Excel',
        tags,
        security,
        description:
          'El cuerpo es el archivo: CSV (comas o punto y coma, UTF-8 o Windows-1252) o libro de Excel, con las columnas codigo (obligatoria), area, descripcion y activa (sí/no). Cada fila pasa las reglas de POST /api/traps. Con dryRun=true responde la vista previa sin escribir; sin él escribe todas las filas en una transacción, o ninguna si alguna tiene problemas (422). Con siteId (la importación desde la página de un sitio) todas las filas son de ese sitio: la columna sitio no hace falta, y una fila cuyo sitio es otro es un problema de esa fila.',
        consumes: [TRAP_FILE_TYPES.csv, TRAP_FILE_TYPES.xlsx],
        body: ImportFile,
        querystring: TrapImportQuery,
        response: {
          200: TrapImportResult.describe('La vista previa (dryRun=true): las filas leídas y cada problema.'),
          201: TrapImportResult.describe('Importadas todas las filas.'),
          ...errors,
          413: ErrorResponse.describe(`El archivo pasa de ${MEGABYTES} MB.`),
          415: ErrorResponse.describe('El cuerpo no es CSV ni un libro de Excel.'),
          422: TrapImportRefused.describe('Alguna fila tiene problemas: no se escribió ninguna.'),
        },
      },
    },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const format = FORMATS[type as keyof typeof FORMATS];
      if (!format || !Buffer.isBuffer(request.body)) throw new AppError(415, WRONG_TYPE);
      const dryRun = request.query.dryRun === 'true';
      const outcome = await service.importFile(request.user, request.body, format, dryRun, request.query.siteId);
      if ('refused' in outcome) {
        return reply.code(422).send({
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: outcome.message,
          problems: outcome.problems,
        });
      }
      return reply.code(dryRun ? 200 : 201).send(outcome);
    },
  );
};
