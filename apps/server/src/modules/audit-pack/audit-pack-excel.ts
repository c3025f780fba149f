import { ACTION_STATUS_NAMES, folioText, THRESHOLD_LEVEL_NAMES, THRESHOLD_METRIC_NAMES } from '@rondin/contracts';
import { PEST_GROUP_NAMES, TRAP_TYPE_NAMES, ZONE_NAMES } from '@rondin/contracts/devices';
import { ACTIVITY_NAMES, DEVICE_STATUS_NAMES } from '@rondin/contracts/finding-rules';
import {
  capturedAtLeast,
  capturesText,
  exceptionText,
  NOT_PROOF_OF_PRESENCE,
  outcomeName,
} from '@rondin/contracts/finding-text';
import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { itemException, itemManual, itemOutcome } from '../../lib/item-outcome.js';
import { DownloadAbandoned } from '../../lib/paced-stream.js';
import { wallClock, zonedInstant } from '../../lib/time-zone.js';
import type { AuditPackRepository, PackInspection, PackInspectionBreach, PackRange } from './audit-pack.repository.js';

/** The reads the annex makes, in audit-pack.repository.ts. */
type AuditPackExcelSource = Pick<AuditPackRepository, 'site' | 'inspections'>;

/**
 * Inspections read at once: with their catches, about 2 MB of rows. A year of weekly visits to 2,000 devices
 * (104,000 inspections) is 52 batches, each read through session_items_completed_idx from where the last ended.
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
 * The audit pack's Excel annex: sheet 'Inspecciones', one row per device inspection of the site's orders
 * completed within [from, to) (`from`/`to`: ISO instants, or days of the site's zone, meaning their midnight),
 * oldest first, as the auditor reads a logbook; then 'Resumen' with the site, period, generation date and counts.
 * The current version of each finding is the one shown. Streamed: each row is committed when written and each
 * batch waits for the reader, so memory holds one batch whatever the period. `batchSize` is for tests.
 */
export async function writeAuditPackExcel(
  repository: AuditPackExcelSource,
  input: { siteId: number; from: string; to: string; timeZone: string; batchSize?: number },
  output: Writable,
): Promise<void> {
  const { siteId, timeZone, batchSize = BATCH_SIZE } = input;
  const from = instant(input.from, timeZone);
  const to = instant(input.to, timeZone);
  const generatedAt = new Date();
  const site = await repository.site(siteId);

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
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

  const counts = { inspections: 0, typed: 0, exceptions: 0, breaches: 0 };
  for await (const batch of inspectionsInBatches(repository, { siteId, from, to }, batchSize)) {
    for (const row of batch) {
      counts.inspections += 1;
      if (row.exceptionReason) counts.exceptions += 1;
      if (row.manualReason) counts.typed += 1;
      if (row.breachLevel) counts.breaches += 1;
      const captures = row.captures;
      const exception = itemException(row);
      sheet
        .addRow({
          at: wallClock(row.completedAt!, timeZone),
          order: row.sessionId,
          folio: row.folioYear !== null && row.folioNumber !== null ? folioText(row.folioYear, row.folioNumber) : null,
          technician: row.technician,
          code: row.code,
          area: row.area,
          zone: row.zone ? ZONE_NAMES[row.zone] : null,
          type: TRAP_TYPE_NAMES[row.type],
          outcome: outcomeName(
            itemOutcome({ status: 'COMPLETED', exceptionReason: row.exceptionReason, manualReason: row.manualReason }),
            exception,
            itemManual(row),
          ),
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
  textRow('Inspecciones (filas de la hoja Inspecciones)', counts.inspections);
  textRow(`De ellas, con el código impreso escrito (${NOT_PROOF_OF_PRESENCE})`, counts.typed);
  textRow('De ellas, dispositivos no encontrados o inaccesibles', counts.exceptions);
  textRow('De ellas, con un umbral superado', counts.breaches);
  summary.commit();
  await workbook.commit();
}

/** The site's inspections of [from, to), oldest first, a batch at a time from where the last one ended. */
async function* inspectionsInBatches(
  repository: AuditPackExcelSource,
  range: PackRange,
  batchSize: number,
): AsyncGenerator<PackInspection[]> {
  let after: number | undefined;
  for (;;) {
    const rows = await repository.inspections(range, batchSize, after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
