import { TRAP_TYPE_NAMES } from '@rondin/contracts/devices';
import { ACTIVITY_NAMES, BAIT_STATE_NAMES, DEVICE_STATUS_NAMES } from '@rondin/contracts/finding-rules';
import {
  actionsText,
  capturedAtLeast,
  capturesText,
  evidenceText,
  exceptionText,
  outcomeName,
} from '@rondin/contracts/finding-text';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../lib/exceljs.js';
import type { Readable } from 'node:stream';
import { pacedOutput } from '../../lib/paced-stream.js';
import { wallClock } from '../../lib/time-zone.js';
import {
  figureRows,
  ORDER_HEADERS,
  siteFacts,
  statusText,
  tooManyDevices,
  type ExportOptions,
  type Figure,
} from './export-labels.js';
import type { ExportItemRow, ExportRow } from './reports.repository.js';

const DATE_FORMAT = 'dd-mm-yyyy hh:mm';
/**
 * Number formats, not text: a Spanish Excel shows them as 50.000 and 33,3 % (the separators are the reader's
 * locale's), and the cells stay numbers a formula can use. A percent cell holds the fraction (0.333).
 */
const COUNT_FORMAT = '#,##0';
const PERCENT_FORMAT = '0.0 %';

function figureCell(figure: Figure, timeZone: string): { value: number | Date | string; numFmt?: string } {
  switch (figure.kind) {
    case 'count':
      return { value: figure.value, numFmt: COUNT_FORMAT };
    case 'percent':
      // 33.3 / 100 is 0.33299999999999996 in binary: round to the percent's one decimal.
      return { value: Number((figure.value / 100).toFixed(3)), numFmt: PERCENT_FORMAT };
    case 'date':
      return { value: wallClock(figure.value, timeZone), numFmt: DATE_FORMAT };
    case 'text':
      return { value: figure.value };
  }
}

const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3B57' } } as const;
const HEADER_FONT = { bold: true, color: { argb: 'FFFFFFFF' } };

/** A list's words starting with a capital, or nothing (an empty cell, not "—": a filter on blanks finds them). */
const listCell = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : null);

/**
 * Streams the workbook: each row is committed as soon as it is written, so memory stays flat however many
 * orders there are. Dates are real Excel dates in the configured zone's wall-clock time. After the orders, the
 * sheet 'Dispositivos' has every device of those orders: how its visit ended (only 'Escaneada' proves
 * presence), when, by whom and what was found, one column per fact so a spreadsheet can filter and add them.
 */
export function writeExcelExport(
  batches: AsyncIterable<ExportRow[]>,
  options: ExportOptions,
  devices: DeviceRows,
): Readable {
  const { output, caughtUp } = pacedOutput();

  void (async () => {
    const Excel = await loadExcelJs();
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Rondín';
    workbook.created = options.generatedAt;
    const summary = workbook.addWorksheet('Resumen');
    summary.columns = [
      { header: 'Indicador', key: 'label', width: 36 },
      { header: 'Valor', key: 'value', width: 16 },
    ];
    summary.getRow(1).font = { bold: true };
    for (const [label, value] of siteFacts(options)) summary.addRow({ label, value }).commit();
    for (const figure of figureRows(options)) {
      const { value, numFmt } = figureCell(figure, options.timeZone);
      const row = summary.addRow({ label: figure.label, value });
      if (numFmt) row.getCell(2).numFmt = numFmt;
      row.commit();
    }
    const generated = summary.addRow({ label: 'Generado', value: wallClock(options.generatedAt, options.timeZone) });
    generated.getCell(2).numFmt = DATE_FORMAT;
    generated.commit();
    summary.addRow({ label: 'Zona horaria', value: options.timeZone }).commit();
    summary.commit();

    const orders = workbook.addWorksheet('Órdenes', { views: [{ state: 'frozen', ySplit: 1 }] });
    // Summing several sites, each order says whose it is.
    const perSite = options.site === null;
    orders.columns = [
      { key: 'id', width: 10 },
      ...(perSite ? [{ key: 'site', width: 24 }] : []),
      { key: 'technician', width: 28 },
      { key: 'scheduledAt', width: 18, style: { numFmt: DATE_FORMAT } },
      { key: 'status', width: 22 },
      { key: 'completed', width: 20 },
      { key: 'total', width: 16 },
      { key: 'closedAt', width: 18, style: { numFmt: DATE_FORMAT } },
      // An undated order belongs to the period it was created in: the sheet shows when that was.
      { key: 'createdAt', width: 18, style: { numFmt: DATE_FORMAT } },
    ];
    orders.autoFilter = { from: 'A1', to: perSite ? 'I1' : 'H1' };
    const headers = [...ORDER_HEADERS, 'Creada'];
    if (perSite) headers.splice(1, 0, 'Sitio');
    const header = orders.addRow(headers);
    header.font = HEADER_FONT;
    header.fill = HEADER_FILL;
    header.commit();
    for await (const batch of batches) {
      for (const row of batch) {
        orders
          .addRow({
            id: row.id,
            site: row.site,
            technician: row.technician,
            scheduledAt: row.scheduledAt && wallClock(row.scheduledAt, options.timeZone),
            status: statusText(row),
            completed: row.completedCount,
            total: row.itemCount,
            closedAt: row.closedAt && wallClock(row.closedAt, options.timeZone),
            createdAt: wallClock(row.createdAt, options.timeZone),
          })
          .commit();
      }
      await caughtUp();
    }
    orders.commit();
    await writeDevices(workbook, devices, options, perSite, caughtUp);
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));

  return output;
}

const DEVICE_COLUMNS = [
  { header: 'Orden', key: 'order', width: 9 },
  { header: 'Sitio', key: 'site', width: 22 },
  { header: 'Código', key: 'code', width: 14 },
  { header: 'Tipo', key: 'type', width: 22 },
  { header: 'Área', key: 'area', width: 20 },
  { header: 'Resultado', key: 'outcome', width: 14 },
  { header: 'Inspección', key: 'at', width: 18, style: { numFmt: DATE_FORMAT } },
  { header: 'Técnico', key: 'technician', width: 22 },
  { header: 'Actividad', key: 'activity', width: 16 },
  { header: 'Estado del dispositivo', key: 'status', width: 20 },
  { header: 'Consumo de cebo', key: 'bait', width: 12, style: { numFmt: '0 %' } },
  { header: 'Estado del cebo', key: 'baitState', width: 16 },
  { header: 'Capturas', key: 'captures', width: 36 },
  // A band on a saturated board adds its least (11 for 11–50): the total is a minimum then.
  { header: 'Total de capturas (mínimo)', key: 'captured', width: 12, style: { numFmt: COUNT_FORMAT } },
  { header: 'Indicios', key: 'evidence', width: 28 },
  { header: 'Acciones', key: 'actions', width: 32 },
  { header: 'Nota', key: 'note', width: 40 },
  { header: 'Corrección', key: 'correction', width: 30 },
];

/** The devices of the export's orders, or how many they are when more than the sheet lists (DEVICE_SHEET_MAX). */
export type DeviceRows = { items: AsyncIterable<ExportItemRow[]> } | { tooMany: number; max: number };

async function writeDevices(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  devices: DeviceRows,
  options: ExportOptions,
  perSite: boolean,
  caughtUp: () => Promise<void>,
): Promise<void> {
  if ('tooMany' in devices) {
    const sheet = workbook.addWorksheet('Dispositivos');
    sheet.columns = [{ key: 'note', width: 110 }];
    sheet.addRow({ note: tooManyDevices(devices.tooMany, devices.max) }).commit();
    sheet.commit();
    return;
  }
  const { items } = devices;
  const sheet = workbook.addWorksheet('Dispositivos', { views: [{ state: 'frozen', ySplit: 1, xSplit: 3 }] });
  const columns = DEVICE_COLUMNS.filter((column) => perSite || column.key !== 'site');
  sheet.columns = columns.map(({ header: _, ...column }) => column);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = HEADER_FONT;
  header.fill = HEADER_FILL;
  header.commit();
  for await (const batch of items) {
    for (const item of batch) {
      const finding = item.finding;
      sheet
        .addRow({
          order: item.sessionId,
          site: item.site,
          code: item.code,
          type: TRAP_TYPE_NAMES[item.type],
          area: item.area,
          outcome: outcomeName(item.outcome, item.exception, item.manual),
          at: item.completedAt && wallClock(item.completedAt, options.timeZone),
          technician: item.technician,
          activity: finding ? ACTIVITY_NAMES[finding.activity] : null,
          status: finding ? DEVICE_STATUS_NAMES[finding.deviceStatus] : null,
          bait: finding?.baitConsumption == null ? null : finding.baitConsumption / 100,
          baitState: finding?.baitState ? BAIT_STATE_NAMES[finding.baitState] : null,
          captures: finding ? capturesText(finding.captures) || null : null,
          captured: finding?.captures.length
            ? finding.captures.reduce((sum, capture) => sum + capturedAtLeast(capture), 0)
            : null,
          evidence: finding ? listCell(evidenceText(finding.evidence)) : null,
          actions: finding ? listCell(actionsText(finding.actions)) : null,
          // Why the device was not inspected (the preset detail and the note), or the finding's note.
          note: item.exception ? exceptionText(item.exception) || null : (finding?.notes ?? null),
          correction: finding?.isCorrection ? finding.reason : null,
        })
        .commit();
    }
    await caughtUp();
  }
  sheet.commit();
}
