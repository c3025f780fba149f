import {
  ComplianceQuery,
  ComplianceReport,
  CoverageQuery,
  CoverageReport,
  EXPORT_FILE_NAMES,
  REMINDER_HORIZON_DAYS,
  ExportQuery,
  Reminders,
  TrendsQuery,
  TrendsReport,
} from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses, fileResponse } from '../../lib/route-schema.js';
import type { CoverageService } from './coverage.service.js';
import type { RemindersService } from './reminders.service.js';
import type { ReportsService } from './reports.service.js';

const errors = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404].describe('El sitio pedido (siteId) no existe.'),
};
const tags = ['Reportes'];
const security = bearerAuth;

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const reportsRoutes: FastifyPluginAsyncZod<{
  service: ReportsService;
  coverage: CoverageService;
  reminders: RemindersService;
}> = async (app, { service, coverage, reminders }) => {
  app.addHook('onRequest', app.authorize('ADMIN'));

  app.get(
    '/reminders',
    {
      schema: {
        operationId: 'getReminders',
        summary: 'Lo que la oficina debe atender',
        description: `Licencias de técnicos activos y autorizaciones de productos activos que vencen en ${REMINDER_HORIZON_DAYS} días o menos o ya vencieron (la más próxima primero, con los días que faltan: 0 hoy, negativos si venció), órdenes atrasadas, acciones correctivas vencidas y visitas de planes de servicio de esta semana (de hoy al domingo) sin completar. Los días son los de la zona horaria del servidor.`,
        tags,
        security,
        response: { 200: Reminders, 401: errorResponses[401], 403: errorResponses[403] },
      },
    },
    () => reminders.reminders(),
  );

  app.get(
    '/compliance',
    {
      schema: {
        operationId: 'getComplianceReport',
        summary: 'Cumplimiento de las inspecciones en un período',
        description:
          'Las órdenes del período [from, to) por su fecha programada, o por su fecha de creación si no tienen ' +
          'fecha, contadas una vez vencidas (programadas hasta ahora, o sin fecha). Sin período: todas las ' +
          'vencidas hasta ahora. Un cierre forzado con trampas pendientes se cuenta aparte (forcedSessions), ' +
          'nunca como completada. Con siteId, solo las órdenes de ese sitio; sin él, las de todos.',
        tags,
        security,
        querystring: ComplianceQuery,
        response: { 200: ComplianceReport, ...errors },
      },
    },
    (request) => service.compliance(request.query),
  );

  app.get(
    '/trends',
    {
      schema: {
        operationId: 'getTrends',
        summary: 'Tendencias de lo encontrado en un período',
        description:
          'Por semana (desde el lunes), mes, trimestre o año en la zona horaria del sitio (la del servidor sin ' +
          'siteId): dispositivos inspeccionados, los que tuvieron actividad, capturas por grupo de plaga (un ' +
          'rango cuenta su mínimo: 1, 11, 51) y por dispositivo-semana, y el consumo medio de cebo de las ' +
          'estaciones de cebo. Cada inspección cuenta por su hallazgo vigente. by separa las series por área, ' +
          'zona, tipo o grupo de plaga; compare=prevYear añade los mismos períodos del año anterior. Sin to: ' +
          'hasta ahora; sin from: desde el primer día del período (semana, mes…) de un año antes de to, para ' +
          'que el primero esté completo; como máximo cinco años. thresholds: los umbrales en vigor en to ' +
          'con los que se leen las cifras (CONSUMO_CEBO frente al consumo medio, CAPTURAS_SEMANA frente a las ' +
          'capturas por dispositivo-semana), por nivel, con la serie (key) sobre la que se dibujan; con siteId, ' +
          'los propios del sitio sustituyen a los generales equivalentes; sin él, los generales.',
        tags,
        security,
        querystring: TrendsQuery,
        response: { 200: TrendsReport, ...errors },
      },
    },
    (request) => service.trends(request.query),
  );

  app.get(
    '/coverage',
    {
      schema: {
        operationId: 'getCoverage',
        summary: 'Cobertura por dispositivo: qué tocaba inspeccionar y qué se inspeccionó',
        description:
          'Un sitio (siteId, obligatorio), por mes o por semana (desde el lunes) en su zona horaria: cada ' +
          'dispositivo activo del sitio (y los desactivados que alguna orden del período incluía) con el estado ' +
          'de cada período: INSPECTED (inspeccionado en al menos una orden vencida del período: escaneado, o ' +
          'registrado por su código escrito porque su etiqueta no se podía leer), EXCEPTION (no ' +
          'encontrado o inaccesible, nunca escaneado), MISSED (pendiente, o dejado pendiente por un cierre ' +
          'forzado) y NOT_DUE (ninguna orden vencida del período lo incluía: un período sin visita). Las órdenes ' +
          'cuentan como en getComplianceReport: programadas dentro de [from, to) y hasta ahora, o sin fecha y ' +
          'creadas en el período; una orden programada más adelante no cuenta. EXCEPTION y MISSED son los ' +
          'huecos (gaps), listados con sus órdenes. Sin from ni to: los doce meses del sitio hasta el actual; ' +
          'como máximo 60 meses o 104 semanas.',
        tags,
        security,
        querystring: CoverageQuery,
        response: { 200: CoverageReport, ...errors },
      },
    },
    (request) => coverage.coverage(request.query),
  );

  app.get(
    '/export',
    {
      schema: {
        operationId: 'exportReport',
        summary: 'Exportar el reporte operativo de un período',
        description:
          'Los indicadores del período (como en getComplianceReport) y una fila por cada orden que cuentan, ' +
          'de la más nueva a la más antigua. El documento nombra el sitio (siteId) y usa su zona horaria si la ' +
          'tiene; sin siteId y con varios sitios dice «Todos los sitios» y cada orden lleva el suyo. El Excel ' +
          'añade la hoja «Dispositivos»: cada trampa de esas órdenes con su resultado y su hallazgo, hasta ' +
          '150.000; con más, la hoja dice cuántas son y pide acotar por sitio o período.',
        tags,
        security,
        querystring: ExportQuery,
        response: {
          200: fileResponse(
            `${EXPORT_FILE_NAMES.pdf} o ${EXPORT_FILE_NAMES.excel}, según format.`,
            ...Object.values(CONTENT_TYPES),
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const stream = await service.export(format, query);
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${EXPORT_FILE_NAMES[format]}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
