import {
  ACTION_ORIGIN_NAMES,
  ACTION_STATUS_NAMES,
  folioText,
  RECOMMENDATION_REMINDER_DAYS,
  SIGHTING_SOURCE_NAMES,
  SIGHTING_STATUS_NAMES,
  THRESHOLD_LEVEL_NAMES,
  THRESHOLD_METRIC_NAMES,
} from '@rondin/contracts';
import { PEST_GROUP_NAMES, REMOTE_EVENT_TYPE_NAMES, TRAP_TYPE_NAMES, ZONE_NAMES } from '@rondin/contracts/devices';
import { ACTIVITY_NAMES, DEVICE_STATUS_NAMES } from '@rondin/contracts/finding-rules';
import {
  capturedAtLeast,
  capturesText,
  exceptionText,
  NOT_PROOF_OF_PRESENCE,
  outcomeName,
} from '@rondin/contracts/finding-text';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../lib/exceljs.js';
import type { Writable } from 'node:stream';
import { itemException, itemManual, itemOutcome } from '../../lib/item-outcome.js';
import { DownloadAbandoned } from '../../lib/paced-stream.js';
import { wallClock, zonedInstant } from '../../lib/time-zone.js';
import type { AuditPackRepository, PackInspection, PackInspectionBreach, PackRange } from './audit-pack.repository.js';
import { acknowledgementOf, PACK_COUNTS_RULE, unfinishedOutcome } from './pdf/pack-text.js';

/** The reads the annex makes, in audit-pack.repository.ts. */
type AuditPackExcelSource = Pick<
  AuditPackRepository,
  'site' | 'inspections' | 'orders' | 'figures' | 'sightings' | 'actions' | 'remoteEvents'
>;

/**
 * Devices read at once, about: with their catches, about 2 MB of rows. Orders are read together until they reach
 * it (an order is never split): a year of weekly visits to 2,000 devices (104,000 rows) is 52 reads.
 */
const BATCH_SIZE = 2000;

const DATE_TIME_FORMAT = 'dd-mm-yyyy hh:mm';
const DATE_FORMAT = 'dd-mm-yyyy';
const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3B57' } } as const;
const HEADER_FONT = { bold: true, color: { argb: 'FFFFFFFF' } };

/** One column of the inspections sheet: its Spanish header, width in characters and number format. */
const COLUMNS = [
  { header: 'Fecha y hora', key: 'at', width: 17, style: { numFmt: DATE_TIME_FORMAT } },
  { header: 'Orden', key: 'order', width: 8 },
  { header: 'Fecha de la orden', key: 'orderAt', width: 17, style: { numFmt: DATE_TIME_FORMAT } },
  { header: 'Certificado', key: 'folio', width: 14 },
  { header: 'Técnico', key: 'technician', width: 24 },
  { header: 'Código', key: 'code', width: 12 },
  { header: 'Área', key: 'area', width: 20 },
  { header: 'Zona', key: 'zone', width: 18 },
  { header: 'Tipo', key: 'type', width: 28 },
  { header: 'Resultado', key: 'outcome', width: 14 },
  { header: 'Estado del dispositivo', key: 'status', width: 20 },
  { header: 'Actividad', key: 'activity', width: 16 },
  { header: 'Plagas y capturas', key: 'captures', width: 34 },
  // A band on a saturated board adds its least (11 for 11–50): the total is a minimum then.
  { header: 'Total de capturas (mínimo)', key: 'captured', width: 12, style: { numFmt: '#,##0' } },
  { header: 'Consumo de cebo', key: 'bait', width: 11, style: { numFmt: '0 %' } },
  { header: 'Fotos', key: 'photos', width: 7 },
  { header: 'Umbral', key: 'level', width: 9 },
  { header: 'Superación', key: 'breach', width: 40 },
  { header: 'Acción correctiva', key: 'action', width: 20 },
  { header: 'Nota', key: 'note', width: 40 },
] as const;

/** The sightings sheet's columns: what was seen, and the corrective action it opened (state, closed when and by whom). */
const SIGHTING_COLUMNS = [
  { header: 'Visto', key: 'seenAt', width: 17, style: { numFmt: DATE_TIME_FORMAT } },
  { header: 'Área', key: 'area', width: 20 },
  { header: 'Dispositivo', key: 'device', width: 12 },
  { header: 'Plaga', key: 'pest', width: 20 },
  { header: 'Qué se vio', key: 'description', width: 50 },
  { header: 'Comunicado por', key: 'reporter', width: 24 },
  { header: 'Desde', key: 'source', width: 18 },
  { header: 'Estado', key: 'status', width: 10 },
  { header: 'Acción correctiva', key: 'action', width: 10 },
  { header: 'Estado de la acción', key: 'actionStatus', width: 12 },
  { header: 'Fecha límite', key: 'dueDate', width: 12, style: { numFmt: DATE_FORMAT } },
  { header: 'Cerrada el', key: 'closedAt', width: 17, style: { numFmt: DATE_TIME_FORMAT } },
  { header: 'Cerrada por', key: 'closedBy', width: 24 },
] as const;

/** The remote monitoring sheet's columns: each electronic device's event, apart from the inspections. */
const REMOTE_COLUMNS = [
  { header: 'Dispositivo', key: 'device', width: 12 },
  { header: 'Área', key: 'area', width: 20 },
  { header: 'Evento', key: 'type', width: 14 },
  { header: 'Fecha y hora', key: 'at', width: 17, style: { numFmt: DATE_TIME_FORMAT } },
  { header: 'Cantidad', key: 'count', width: 10 },
  { header: 'Actividad', key: 'activity', width: 12 },
  { header: 'Acción correctiva', key: 'actions', width: 30 },
] as const;

/**
 * The recommendations sheet's columns: each action the client answers for (responsible CLIENTE), as the PDF's
 * actions section lists it, with the plant's acknowledgement in the portal or the days it has waited for one.
 */
const RECOMMENDATION_COLUMNS = [
  { header: 'N.º', key: 'id', width: 8 },
  { header: 'Origen', key: 'origin', width: 22 },
  { header: 'Descripción', key: 'description', width: 50 },
  { header: 'Hecha el', key: 'createdAt', width: 17, style: { numFmt: DATE_TIME_FORMAT } },
  { header: 'Fecha límite', key: 'dueDate', width: 12, style: { numFmt: DATE_FORMAT } },
  { header: 'Estado', key: 'status', width: 12 },
  { header: 'Reconocida el', key: 'acknowledgedAt', width: 17, style: { numFmt: DATE_TIME_FORMAT } },
  { header: 'Reconocida por', key: 'acknowledgedBy', width: 24 },
  { header: 'Días sin reconocer', key: 'days', width: 12 },
  { header: `Pasado el plazo de ${RECOMMENDATION_REMINDER_DAYS} días`, key: 'overdue', width: 14 },
  { header: 'Reconocimiento', key: 'text', width: 44 },
  { header: 'Cerrada el', key: 'closedAt', width: 17, style: { numFmt: DATE_TIME_FORMAT } },
] as const;

/** A sheet of a list (sightings, recommendations): its Spanish header row frozen, printed landscape, page wide. */
function listSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: readonly { header: string; key: string; width: number; style?: { numFmt: string } }[],
) {
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = columns.map(({ header: _, ...column }) => ({ ...column }));
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = HEADER_FONT;
  header.fill = HEADER_FILL;
  header.alignment = { vertical: 'middle', wrapText: true };
  header.commit();
  return sheet;
}

/** "Capturas por inspección (roedores): 12, límite 10; Actividad: 3, límite 2". */
function breachText(breaches: readonly PackInspectionBreach[]): string {
  return breaches
    .map((breach) => {
      const group = breach.pestGroup ? ` (${PEST_GROUP_NAMES[breach.pestGroup].toLowerCase()})` : '';
      return `${THRESHOLD_METRIC_NAMES[breach.metric] ?? breach.metric}${group}: ${breach.observed}, límite ${breach.limit}`;
    })
    .join('; ');
}

/** `YYYY-MM-DD` is that day's midnight in the site's zone; anything else an ISO instant. */
function instant(value: string, timeZone: string): Date {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? zonedInstant(value, '00:00', timeZone) : new Date(value);
  if (Number.isNaN(at.getTime())) throw new RangeError(`audit pack: not a date: ${value}`);
  return at;
}

/** Waits until the reader has taken what was written; a reader that went away stops the writing. */
async function drained(output: Writable): Promise<void> {
  if (output.writableNeedDrain && !output.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        output.off('drain', done).off('close', done);
        resolve();
      };
      output.on('drain', done).on('close', done);
    });
  } else {
    // Building rows is synchronous work: give other requests a turn between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (output.destroyed) throw new DownloadAbandoned();
}

/**
 * The audit pack's Excel annex: sheet 'Inspecciones', one row per device of each of the site's orders of
 * [from, to) (`from`/`to`: ISO instants, or days of the site's zone, meaning their midnight), done or not: the
 * orders the compliance figures count (placed by their date, closed or open, judged at `now`), order by order in
 * date order, as the auditor reads a logbook; then 'Resumen' with the site, period, generation date and those
 * figures, GET /api/reports/compliance's for the site and period, which the PDF prints too. The current version
 * of each finding is the one shown. Streamed: each row is committed when written and each group of orders waits
 * for the reader, so memory holds one group whatever the period. `batchSize` is for tests.
 */
export async function writeAuditPackExcel(
  repository: AuditPackExcelSource,
  input: { siteId: number; from: string; to: string; timeZone: string; now?: Date; batchSize?: number },
  output: Writable,
): Promise<void> {
  const { siteId, timeZone, batchSize = BATCH_SIZE } = input;
  const from = instant(input.from, timeZone);
  const to = instant(input.to, timeZone);
  const generatedAt = input.now ?? new Date();
  const range = { siteId, from, to, now: generatedAt };
  const site = await repository.site(siteId);
  const figures = await repository.figures(range);

  const Excel = await loadExcelJs();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Rondín';
  workbook.created = generatedAt;

  const sheet = workbook.addWorksheet('Inspecciones', {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 1 }],
    // Printed for the auditor's folder: landscape, as wide as the page, the headers on every page.
    pageSetup: {
      orientation: 'landscape',
      paperSize: 9,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
    },
  });
  sheet.columns = COLUMNS.map(({ header: _, ...column }) => ({ ...column }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  const header = sheet.addRow(COLUMNS.map((column) => column.header));
  header.font = HEADER_FONT;
  header.fill = HEADER_FILL;
  header.alignment = { vertical: 'middle', wrapText: true };
  header.commit();

  const counts = { typed: 0, breaches: 0 };
  for await (const batch of inspectionsInBatches(repository, range, batchSize)) {
    for (const row of batch) {
      if (row.manualReason) counts.typed += 1;
      if (row.breachLevel) counts.breaches += 1;
      const captures = row.captures;
      const exception = itemException(row);
      sheet
        .addRow({
          at: row.completedAt ? wallClock(row.completedAt, timeZone) : null,
          order: row.sessionId,
          orderAt: wallClock(row.orderAt, timeZone),
          folio: row.folioYear !== null && row.folioNumber !== null ? folioText(row.folioYear, row.folioNumber) : null,
          technician: row.technician,
          code: row.code,
          area: row.area,
          zone: row.zone ? ZONE_NAMES[row.zone] : null,
          type: TRAP_TYPE_NAMES[row.type],
          outcome:
            row.status === 'PENDING'
              ? unfinishedOutcome(row.orderClosed, row.orderOverdue)
              : outcomeName(itemOutcome(row), exception, itemManual(row)),
          status: row.deviceStatus ? DEVICE_STATUS_NAMES[row.deviceStatus] : null,
          activity: row.activity ? ACTIVITY_NAMES[row.activity] : null,
          captures: capturesText(captures) || null,
          captured: captures.length ? captures.reduce((sum, capture) => sum + capturedAtLeast(capture), 0) : null,
          bait: row.baitConsumption === null ? null : row.baitConsumption / 100,
          photos: row.photos,
          level: row.breachLevel ? THRESHOLD_LEVEL_NAMES[row.breachLevel] : null,
          breach: row.breaches ? breachText(row.breaches) || null : null,
          action: row.actionId === null ? null : `N.º ${row.actionId} (${ACTION_STATUS_NAMES[row.actionStatus!]})`,
          // Why the device was not inspected (the preset detail and the note), or the finding's note.
          note: exception ? exceptionText(exception) || null : row.notes,
        })
        .commit();
    }
    await drained(output);
  }
  sheet.commit();

  const sightings = await repository.sightings(range);
  const sightingSheet = listSheet(workbook, 'Avistamientos', SIGHTING_COLUMNS);
  for (const sighting of sightings) {
    sightingSheet
      .addRow({
        seenAt: wallClock(sighting.seenAt, timeZone),
        area: sighting.area,
        device: sighting.device,
        pest: sighting.pest ?? (sighting.pestGroup ? PEST_GROUP_NAMES[sighting.pestGroup] : null),
        description: sighting.description,
        reporter: sighting.reporter,
        source: SIGHTING_SOURCE_NAMES[sighting.source],
        status: SIGHTING_STATUS_NAMES[sighting.closedAt ? 'ATENDIDO' : 'ABIERTO'],
        action: sighting.actionId,
        actionStatus: ACTION_STATUS_NAMES[sighting.actionStatus],
        dueDate: instant(sighting.dueDate, 'UTC'),
        closedAt: sighting.closedAt ? wallClock(sighting.closedAt, timeZone) : null,
        closedBy: sighting.closedBy,
      })
      .commit();
  }
  sightingSheet.commit();

  // Never a visit: apart from «Inspecciones», so no count of that sheet includes them.
  const remoteEvents = await repository.remoteEvents(range);
  const remoteSheet = listSheet(workbook, 'Monitorización remota', REMOTE_COLUMNS);
  for (const event of remoteEvents) {
    remoteSheet
      .addRow({
        device: event.device,
        area: event.area,
        type: REMOTE_EVENT_TYPE_NAMES[event.type],
        at: wallClock(event.occurredAt, timeZone),
        count: event.count,
        activity: event.activity ? ACTIVITY_NAMES[event.activity] : null,
        actions:
          event.actions.map((action) => `N.º ${action.id} (${ACTION_STATUS_NAMES[action.status]})`).join('; ') || null,
      })
      .commit();
  }
  remoteSheet.commit();

  const recommendations = (await repository.actions(range)).filter((action) => action.responsible === 'CLIENTE');
  const recommendationSheet = listSheet(workbook, 'Recomendaciones', RECOMMENDATION_COLUMNS);
  let overdueAcknowledgements = 0;
  for (const action of recommendations) {
    const acknowledgement = acknowledgementOf(action, generatedAt, timeZone);
    if (acknowledgement.overdue) overdueAcknowledgements += 1;
    const row = recommendationSheet.addRow({
      id: action.id,
      origin: ACTION_ORIGIN_NAMES[action.origin],
      description: action.description,
      createdAt: wallClock(action.createdAt, timeZone),
      dueDate: instant(action.dueDate, 'UTC'),
      status: ACTION_STATUS_NAMES[action.status],
      acknowledgedAt: action.acknowledgedAt ? wallClock(action.acknowledgedAt, timeZone) : null,
      acknowledgedBy: action.acknowledgedBy,
      days: acknowledgement.days,
      overdue: acknowledgement.days === null ? null : acknowledgement.overdue ? 'Sí' : 'No',
      text: acknowledgement.text,
      closedAt: action.closedAt ? wallClock(action.closedAt, timeZone) : null,
    });
    if (acknowledgement.overdue) row.font = { bold: true, color: { argb: 'FFB3261E' } };
    row.commit();
  }
  recommendationSheet.commit();

  const summary = workbook.addWorksheet('Resumen');
  summary.columns = [
    { key: 'label', width: 34 },
    { key: 'value', width: 40 },
  ];
  const title = summary.addRow({ label: 'Dossier de auditoría: anexo de inspecciones' });
  title.font = { bold: true, size: 13 };
  title.commit();
  const dateRow = (label: string, value: Date, format: string) => {
    const row = summary.addRow({ label, value });
    row.getCell(2).numFmt = format;
    row.getCell(2).alignment = { horizontal: 'left' };
    row.commit();
  };
  const textRow = (label: string, value: string | number | null) => {
    const row = summary.addRow({ label, value });
    row.getCell(2).alignment = { horizontal: 'left' };
    row.commit();
  };
  textRow('Sitio', site?.name ?? null);
  textRow('Cliente', site?.client ?? null);
  textRow('Dirección', site?.address ?? null);
  dateRow('Desde', wallClock(from, timeZone), DATE_FORMAT);
  // [from, to): the last day included is the one before `to`'s midnight.
  dateRow('Hasta', wallClock(new Date(to.getTime() - 1), timeZone), DATE_FORMAT);
  textRow('Zona horaria', timeZone);
  dateRow('Generado', wallClock(generatedAt, timeZone), DATE_TIME_FORMAT);
  textRow('Qué se cuenta', PACK_COUNTS_RULE);
  textRow('Órdenes del período', figures.totalSessions);
  textRow('Completas (todos los dispositivos inspeccionados)', figures.completedSessions);
  textRow('Cumplimiento (órdenes completas)', `${figures.completionRate.toLocaleString('es-ES')} %`);
  textRow('Cerradas con dispositivos sin inspeccionar (cierre forzado)', figures.forcedSessions);
  textRow('Abiertas', figures.totalSessions - figures.completedSessions - figures.forcedSessions);
  textRow('De ellas, vencidas', figures.overdueSessions);
  textRow('Visitas a dispositivos (filas de la hoja Inspecciones)', figures.dueTraps);
  textRow('Inspeccionadas (QR leído o código escrito)', figures.inspectedTraps - figures.exceptionTraps);
  textRow(`De ellas, con el código impreso escrito (${NOT_PROOF_OF_PRESENCE})`, counts.typed);
  textRow('Con excepción (no encontrados o inaccesibles)', figures.exceptionTraps);
  textRow('Sin inspección (cierre forzado u orden abierta)', figures.dueTraps - figures.inspectedTraps);
  textRow('Con un umbral superado', counts.breaches);
  textRow('Avistamientos (hoja Avistamientos)', sightings.length);
  textRow('Eventos de dispositivos electrónicos, no son visitas (hoja Monitorización remota)', remoteEvents.length);
  textRow('A cargo del cliente (hoja Recomendaciones)', recommendations.length);
  textRow(`De ellas, sin reconocer pasado el plazo de ${RECOMMENDATION_REMINDER_DAYS} días`, overdueAcknowledgements);
  summary.commit();
  await workbook.commit();
}

/** The devices of the period's orders, a group of orders (about `batchSize` devices) at a time. */
async function* inspectionsInBatches(
  repository: AuditPackExcelSource,
  range: PackRange,
  batchSize: number,
): AsyncGenerator<PackInspection[]> {
  let group: number[] = [];
  let size = 0;
  for (const order of await repository.orders(range)) {
    if (group.length > 0 && size + order.itemCount > batchSize) {
      yield await repository.inspections(group, range.now);
      group = [];
      size = 0;
    }
    group.push(order.id);
    size += order.itemCount;
  }
  if (group.length > 0) yield await repository.inspections(group, range.now);
}
