import { type CoverageReport, type CoverageState, EXCEPTION_REASON_NAMES } from '@rondin/contracts';
import { exceptionText } from '@rondin/contracts/finding-text';
import { FONT, useFont } from '../../../lib/pdf-fonts.js';
import { MARGIN, ROWS_PER_TURN } from '../../../lib/pdf-sections.js';
import { drawFitted, drawText, type FittedText, fitText } from '../../../lib/pdf-text.js';
import { localDate } from '../../../lib/time-zone.js';
import type { PackPages } from './pack-pages.js';
import {
  CELL_STYLES,
  type CellKind,
  dateText,
  MONTHS,
  monthText,
  number,
  PACK_COUNTS_RULE,
  percent,
} from './pack-text.js';

/** Gaps (device and month) listed under the grid; the Excel annex has every inspection. */
const MAX_GAP_ROWS = 500;

/**
 * The device × month grid: each cell coloured by its state (months without a visit in red), drawn as
 * rectangles rather than table cells (2,000 devices × 13 months), its heading repeated on every page.
 */
export async function drawCoverage(pack: PackPages): Promise<void> {
  const { doc, data } = pack;
  const report = data.coverage;
  pack.section('coverage');
  const totals = report.totals;
  // A month before the device's own is not one it missed: it was not there yet.
  const installed = new Map(data.devices.map((device) => [device.trapId, localDate(device.createdAt, pack.timeZone)]));
  const kindOf = (trapId: number, period: string, state: CoverageState): CellKind =>
    state === 'NOT_DUE' && period.slice(0, 7) < (installed.get(trapId) ?? '').slice(0, 7) ? 'NOT_INSTALLED' : state;
  let notInstalled = 0;
  for (const device of report.devices) {
    device.cells.forEach((cell, column) => {
      if (kindOf(device.trapId, report.periods[column]!.period, cell.state) === 'NOT_INSTALLED') notInstalled++;
    });
  }
  await visitFigures(pack);
  pack.subtitle('Cobertura por dispositivo y mes');
  pack.paragraph(
    `Un mes cuenta como inspeccionado cuando alguna orden de ese mes vio el dispositivo, aunque otra lo dejara sin ver (esas visitas figuran arriba). Meses con orden por dispositivo: ${number(totals.due)}; con el dispositivo inspeccionado ${number(totals.inspected)} (${percent(totals.inspected, totals.due)}), solo con excepción ${number(totals.exception)}, sin inspección ${number(totals.missed)}; meses sin orden: ${number(totals.notDue - notInstalled)}${notInstalled ? ` (y ${number(notInstalled)} anteriores al alta del dispositivo)` : ''}.`,
    8.5,
  );
  coverageKey(pack);
  if (!report.devices.length) {
    pack.empty('El sitio no tiene dispositivos: no hay cobertura que mostrar.');
    return;
  }
  const months = report.periods.map((period) => period.period);
  const codeWidth = 72;
  const areaWidth = 78;
  const countWidth = 42;
  const cellWidth = (pack.width - codeWidth - areaWidth - countWidth) / Math.max(1, months.length);
  const rowHeight = 10.5;
  // Each month as «ene» over «25», in type small enough for the narrowest cells (24 months): never cut.
  useFont(doc, FONT.condensedBold, 7);
  const widest = Math.max(...MONTHS.map((month) => doc.widthOfString(month)), doc.widthOfString('00'));
  const monthSize = Math.min(7, Math.floor(((7 * (cellWidth - 2)) / widest) * 10) / 10);
  const heading = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, pack.width, 22).fill('#1f3b57');
    useFont(doc, FONT.condensedBold, 7).fillColor('#ffffff');
    drawText(doc, 'Código', MARGIN + 3, y + 7, { width: codeWidth - 6, maxLines: 1 });
    drawText(doc, 'Área', MARGIN + codeWidth + 3, y + 7, { width: areaWidth - 6, maxLines: 1 });
    useFont(doc, FONT.condensedBold, monthSize);
    months.forEach((month, index) => {
      const x = MARGIN + codeWidth + areaWidth + index * cellWidth;
      const box = { width: cellWidth, maxLines: 1, align: 'center' as const };
      drawText(doc, MONTHS[Number(month.slice(5, 7)) - 1]!, x, y + 2.5, box);
      drawText(doc, month.slice(2, 4), x, y + 11.5, box);
    });
    useFont(doc, FONT.condensedBold, 7);
    drawText(doc, 'Meses sin visita', MARGIN + pack.width - countWidth, y + 2, {
      width: countWidth - 2,
      maxLines: 2,
      align: 'center',
    });
    doc.y = y + 22;
  };
  // The cells' few words, fitted once: 26,000 cells for 2,000 devices.
  useFont(doc, FONT.condensed, 7);
  const cellTexts = Object.fromEntries(
    Object.entries(CELL_STYLES).map(([state, style]) => [
      state,
      fitText(doc, style.text, { width: cellWidth, maxLines: 1 }),
    ]),
  ) as Record<CellKind, FittedText>;
  pack.ensure(60);
  heading();
  for (const [index, device] of report.devices.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await pack.pace();
    // A long code or area wraps, and its row grows to hold it.
    useFont(doc, FONT.condensed, 7).fillColor('#1a1a1a');
    const code = fitText(doc, device.code, { width: codeWidth - 6, maxLines: 3 });
    const area = fitText(doc, device.area ?? '—', { width: areaWidth - 6, maxLines: 3 });
    const height = Math.max(rowHeight, code.height + 3, area.height + 3);
    if (doc.y + height > pack.bottom) {
      doc.addPage();
      pack.header();
      heading();
    }
    const y = doc.y;
    if (index % 2 === 1) doc.rect(MARGIN, y, codeWidth + areaWidth + countWidth, height).fill('#f1f4f7');
    useFont(doc, FONT.condensed, 7).fillColor('#1a1a1a');
    drawFitted(doc, code, MARGIN + 3, y + 1.5, { width: codeWidth - 6 });
    drawFitted(doc, area, MARGIN + codeWidth + 3, y + 1.5, { width: areaWidth - 6 });
    let withoutVisit = 0;
    device.cells.forEach((cell, column) => {
      const kind = kindOf(device.trapId, months[column]!, cell.state);
      const style = CELL_STYLES[kind];
      if (kind === 'MISSED' || kind === 'NOT_DUE') withoutVisit++;
      const x = MARGIN + codeWidth + areaWidth + column * cellWidth;
      doc.rect(x + 0.5, y + 0.5, cellWidth - 1, height - 1).fill(style.fill);
      doc.fillColor(style.color);
      drawFitted(doc, cellTexts[kind], x, y + 1.5, { width: cellWidth, align: 'center' });
    });
    useFont(doc, FONT.condensedBold, 7).fillColor(withoutVisit ? '#cb181d' : '#1a1a1a');
    drawText(doc, String(withoutVisit), MARGIN + pack.width - countWidth, y + 1.5, {
      width: countWidth - 4,
      maxLines: 1,
      align: 'right',
    });
    doc.y = y + height;
  }
  doc.y += 12;
  doc.x = MARGIN;
  await gapList(pack, report);
}

function coverageKey(pack: PackPages): void {
  const { doc } = pack;
  let x = MARGIN;
  let y = doc.y;
  for (const style of Object.values(CELL_STYLES)) {
    useFont(doc, FONT.condensed, 7);
    const width = doc.widthOfString(style.meaning) + 2;
    if (x + 23 + width > MARGIN + pack.width) {
      x = MARGIN;
      y += 14;
    }
    doc.rect(x, y, 20, 10).fill(style.fill);
    useFont(doc, FONT.condensedBold, 7).fillColor(style.color);
    drawText(doc, style.text, x, y + 1.5, { width: 20, maxLines: 1, align: 'center' });
    useFont(doc, FONT.condensed, 7).fillColor('#1a1a1a');
    drawText(doc, style.meaning, x + 23, y + 1.5, { width, maxLines: 1 });
    x += 23 + width + 12;
  }
  doc.y = y + 18;
}

/**
 * The period's figures as the compliance report counts them (orders, and visits: one per order and device),
 * then each order not completed with the devices it left, and each device recorded as an exception.
 */
async function visitFigures(pack: PackPages): Promise<void> {
  const { data } = pack;
  const figures = data.figures;
  const open = figures.totalSessions - figures.completedSessions - figures.forcedSessions;
  const scanned = figures.inspectedTraps - figures.exceptionTraps;
  const missed = figures.dueTraps - figures.inspectedTraps;
  pack.paragraph(PACK_COUNTS_RULE, 8.5);
  pack.subtitle('Órdenes y visitas del período');
  pack.paragraph(
    `Órdenes del período: ${number(figures.totalSessions)}; completas ${number(figures.completedSessions)} (${number(figures.completionRate, 1)} %); cerradas con dispositivos sin inspeccionar (cierre forzado): ${number(figures.forcedSessions)}; abiertas: ${number(open)}, de ellas vencidas: ${number(figures.overdueSessions)}.`,
  );
  pack.paragraph(
    `Visitas a dispositivos (una por orden y dispositivo): ${number(figures.dueTraps)}; inspeccionadas (QR leído o código escrito): ${number(scanned)} (${percent(scanned, figures.dueTraps)}); con excepción (no encontrado o inaccesible): ${number(figures.exceptionTraps)}; sin inspección: ${number(missed)}.`,
  );
  pack.subtitle('Órdenes no completadas y dispositivos que dejaron sin inspeccionar');
  if (!data.unfinishedOrders.length) {
    pack.empty('Todas las órdenes se completaron con todos sus dispositivos.');
  } else {
    const table = pack.table([
      { header: 'Orden', width: 44, singleLine: true },
      { header: 'Fecha', width: 62, singleLine: true },
      { header: 'Técnico', width: 80 },
      { header: 'Situación', width: 88 },
      { header: 'Sin inspección', width: 60, align: 'right', singleLine: true },
      { header: 'Dispositivos sin inspeccionar', width: 181 },
    ]);
    await pack.rows(table, data.unfinishedOrders, (order) => [
      `N.º ${order.id}`,
      dateText(order.at, pack.timeZone),
      order.technician,
      order.forced
        ? `Cierre forzado el ${dateText(order.closedAt!, pack.timeZone)}`
        : order.overdue
          ? 'Abierta, vencida'
          : 'Abierta',
      `${number(order.pending)} de ${number(order.items)}`,
      codesText(order.pendingCodes),
    ]);
  }
  pack.subtitle('Dispositivos registrados como excepción');
  if (!data.exceptions.length) {
    pack.empty('Ningún dispositivo se registró como no encontrado o inaccesible.');
    return;
  }
  const table = pack.table([
    { header: 'Dispositivo', width: 70 },
    { header: 'Área', width: 80 },
    { header: 'Orden', width: 44, singleLine: true },
    { header: 'Fecha', width: 62, singleLine: true },
    { header: 'Motivo', width: 90 },
    { header: 'Detalle', width: 169 },
  ]);
  await pack.rows(table, data.exceptions.slice(0, MAX_GAP_ROWS), (exception) => [
    exception.code,
    exception.area ?? '—',
    `N.º ${exception.orderId}`,
    dateText(exception.at, pack.timeZone),
    EXCEPTION_REASON_NAMES[exception.reason],
    exceptionText({ reason: exception.reason, reasonDetail: exception.detail, note: exception.note }) || '—',
  ]);
  if (data.exceptions.length > MAX_GAP_ROWS) {
    pack.paragraph(`Y ${number(data.exceptions.length - MAX_GAP_ROWS)} más: el anexo Excel las lista todas.`, 8.5);
  }
}

/** Most device codes an order's row names: the Excel annex has a row for each of the others. */
const MAX_CODES = 60;

const codesText = (codes: string[]) =>
  codes.length > MAX_CODES
    ? `${codes.slice(0, MAX_CODES).join(', ')} y ${number(codes.length - MAX_CODES)} más (anexo Excel)`
    : codes.join(', ');

/** Each device and month due and not inspected, with the reason recorded. */
async function gapList(pack: PackPages, report: CoverageReport): Promise<void> {
  pack.subtitle('Meses con orden sin el dispositivo inspeccionado');
  if (!report.gaps.length) {
    pack.empty('Todos los dispositivos se inspeccionaron en cada mes en que tuvieron orden.');
    return;
  }
  const table = pack.table([
    { header: 'Dispositivo', width: 90 },
    { header: 'Mes', width: 60, singleLine: true },
    { header: 'Situación', width: 150 },
    { header: 'Motivo', width: 160 },
  ]);
  await pack.rows(table, report.gaps.slice(0, MAX_GAP_ROWS), (gap) => [
    gap.code,
    monthText(gap.period),
    gap.state === 'EXCEPTION' ? 'Excepción' : gap.forced ? 'Sin inspección (cierre forzado)' : 'Sin inspección',
    gap.exceptionReasons.map((reason) => EXCEPTION_REASON_NAMES[reason]).join(', ') || '—',
  ]);
  if (report.gaps.length > MAX_GAP_ROWS) {
    pack.paragraph(
      `Y ${number(report.gaps.length - MAX_GAP_ROWS)} más: el anexo Excel del dossier lista cada inspección.`,
      8.5,
    );
  }
}
