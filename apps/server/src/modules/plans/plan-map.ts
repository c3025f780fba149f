import { HEAT_CLASSES, HEAT_STYLES, type HeatClass, type Plan, type PlanDevice } from '@rondin/contracts';
import { TRAP_TYPE_NAMES, TRAP_TYPES } from '@rondin/contracts/devices';
import type { Readable } from 'node:stream';
import { pacedOutput } from '../../lib/paced-stream.js';
import { createDocument, drawFacts, drawPageHeader } from '../../lib/pdf-document.js';
import { applyLetterhead, type Letterhead } from '../../lib/pdf-letterhead.js';
import { FONT, useFont } from '../../lib/pdf-fonts.js';
import { drawMarker, drawMarkerShape, markerReach } from '../../lib/pdf-markers.js';
import { PdfTable } from '../../lib/pdf-table.js';
import { drawText } from '../../lib/pdf-text.js';
import { formatDateTime, wallClock } from '../../lib/time-zone.js';
import { printablePlanImage } from './plan-image.js';

export interface PlanMapInput {
  plan: Plan;
  site: { name: string; client: string | null };
  /** The active devices on the plan, numbered in code order. */
  devices: PlanDevice[];
  /** The stored image's bytes. */
  image: Buffer;
  timeZone: string;
  generatedAt: Date;
  /** A heat map: the period [from, to) and each device's class in it. */
  heat?: { from: Date; to: Date; classOf: (trapId: number) => HeatClass } | undefined;
  letterhead?: Letterhead | undefined;
}

/** In a heat map the shapes still tell the types, drawn in one neutral grey in the key. */
const NEUTRAL = '#8a94a0';

const TITLE = 'Mapa de dispositivos';
const HEAT_TITLE = 'Mapa de calor';
/** Pixels per inch the image is embedded at: sharp on paper, a few MB at most on A3. */
const PRINT_DPI = 200;
/** Between 5.5 pt (three digits still legible) and 8 pt, smaller as devices crowd the drawing. */
const MIN_MARKER_RADIUS = 5.5;
const MAX_MARKER_RADIUS = 8;
/** The key under the map names each type's shape in boxes at least this wide, each name on up to two lines. */
const KEY_MIN_WIDTH = 150;
const KEY_ROW_HEIGHT = 24;
/** Legend rows drawn between turns of the event loop. */
const ROWS_PER_TURN = 100;

const two = (value: number) => String(value).padStart(2, '0');

/** The day in the site's zone, as the documents write dates (dd-mm-yyyy). */
function formatDate(value: Date, timeZone: string): string {
  const local = wallClock(value, timeZone);
  return `${two(local.getUTCDate())}-${two(local.getUTCMonth() + 1)}-${local.getUTCFullYear()}`;
}

/** The period's first and last days in the site's zone ([from, to): its last day is the one before `to`). */
function periodText(period: { from: Date; to: Date }, timeZone: string): string {
  const last = new Date(Math.max(period.from.getTime(), period.to.getTime() - 1));
  return `${formatDate(period.from, timeZone)} al ${formatDate(last, timeZone)}`;
}

/**
 * Portrait or landscape after the image's shape, always A4: the sheet a client's binder and printer take. A
 * crowded plan gets smaller markers (5.5 pt at least), and its legend follows on pages of its own.
 */
function layoutFor(plan: Pick<Plan, 'width' | 'height'>) {
  return plan.width >= plan.height ? ('landscape' as const) : ('portrait' as const);
}

/**
 * The device map an auditor asks for: the plan as it stands today, each active device a numbered marker
 * shaped and coloured by its type, then a legend of every number with its code, type and area. Dated in the
 * site's time zone.
 */
export async function renderPlanMap(input: PlanMapInput): Promise<Readable> {
  const { plan, site, devices, timeZone, generatedAt, heat } = input;
  const title = heat ? HEAT_TITLE : TITLE;
  const doc = createDocument(`${title} · ${plan.name}`, layoutFor(plan));
  applyLetterhead(doc, input.letterhead);
  const reference = `Plano vigente al ${formatDate(generatedAt, timeZone)}`;
  const header = () => drawPageHeader(doc, title, reference);

  header();
  drawFacts(doc, [
    ['Sitio', site.name],
    ['Plano', plan.name],
    ['Cliente', site.client ?? '—'],
    ['Dispositivos en el plano', String(devices.length)],
    ...(heat ? [['Período', periodText(heat, timeZone)] as [string, string]] : []),
  ]);

  const { left, right, bottom } = doc.page.margins;
  const width = doc.page.width - left - right;
  const key = typeKeyLayout(devices, width, heat !== undefined);
  const area = { left, top: doc.y, width, height: doc.page.height - bottom - doc.y - key.height };
  const drawing = planLayout(plan, devices.length, area);
  const image = await printablePlanImage(input.image, drawing.pixels, plan.mediaType);

  const { output, caughtUp } = pacedOutput(doc);
  void (async () => {
    drawPlanDevices(doc, drawing, image, devices, heat?.classOf);
    drawTypeKey(doc, key, area.left, area.top + area.height + 6, area.width);

    doc.addPage();
    header();
    await drawLegend(doc, devices, header, caughtUp, heat?.classOf);
    let y = doc.y;
    if (y + 12 > doc.page.height - bottom) {
      doc.addPage();
      y = header();
    }
    useFont(doc, FONT.regular, 8).fillColor('#555555');
    drawText(doc, `Generado el ${formatDateTime(generatedAt, timeZone)} (${timeZone}).`, left, y, {
      width: area.width,
      maxLines: 1,
    });
    doc.end();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/** Where a plan's drawing goes in `area`: the image's box, its markers' radius and the pixels to embed. */
export interface PlanLayout {
  origin: { x: number; y: number };
  drawn: { width: number; height: number };
  radius: number;
  /** The image's size at PRINT_DPI in its box: what printablePlanImage is asked for. */
  pixels: { width: number; height: number };
}

/** Fits the plan in `area`, markers between 5.5 and 8 pt as devices crowd it, none leaving the page. */
export function planLayout(
  plan: Pick<Plan, 'width' | 'height'>,
  deviceCount: number,
  area: { left: number; top: number; width: number; height: number },
  dpi = PRINT_DPI,
): PlanLayout {
  const radius = Math.min(
    MAX_MARKER_RADIUS,
    Math.max(MIN_MARKER_RADIUS, 0.2 * Math.sqrt((area.width * area.height) / Math.max(1, deviceCount))),
  );
  // A marker on the image's edge reaches past it: the image is inset so no marker leaves the page's margins.
  const inset = markerReach(radius);
  const scale = Math.min((area.width - 2 * inset) / plan.width, (area.height - 2 * inset) / plan.height);
  const drawn = { width: plan.width * scale, height: plan.height * scale };
  return {
    radius,
    drawn,
    origin: {
      x: area.left + (area.width - drawn.width) / 2,
      y: area.top + inset + (area.height - 2 * inset - drawn.height) / 2,
    },
    pixels: { width: Math.ceil((drawn.width / 72) * dpi), height: Math.ceil((drawn.height / 72) * dpi) },
  };
}

/**
 * The plan's image in its box and each device's numbered marker on it, shaped by type, filled with its heat
 * class when `classOf` is given. `image` is printablePlanImage's output, or one pdfkit opened already (a
 * document showing the same plan twice embeds it once).
 */
export function drawPlanDevices(
  doc: PDFKit.PDFDocument,
  layout: PlanLayout,
  image: Buffer,
  devices: Pick<PlanDevice, 'trapId' | 'x' | 'y' | 'type' | 'number'>[],
  classOf?: (trapId: number) => HeatClass,
): void {
  const { origin, drawn, radius } = layout;
  doc.image(image, origin.x, origin.y, { width: drawn.width, height: drawn.height });
  doc.rect(origin.x, origin.y, drawn.width, drawn.height).lineWidth(0.5).strokeColor('#8a94a0').stroke();
  for (const device of devices) {
    drawMarker(
      doc,
      {
        x: origin.x + device.x * drawn.width,
        y: origin.y + device.y * drawn.height,
        type: device.type,
        label: String(device.number),
        fill: classOf && HEAT_STYLES[classOf(device.trapId)],
      },
      radius,
    );
  }
}

/**
 * The symbols' key: the types on the plan, in rows of as many as fit a page's width; in a heat map, first a row
 * of the heat classes (each colour, its name and what it means).
 */
export function typeKeyLayout(devices: Pick<PlanDevice, 'type'>[], width: number, heat: boolean) {
  const types = TRAP_TYPES.filter((type) => devices.some((device) => device.type === type));
  const columns = Math.max(1, Math.min(types.length, Math.floor(width / KEY_MIN_WIDTH)));
  const rows = Math.max(1, Math.ceil(types.length / columns));
  const heatHeight = heat ? HEAT_KEY_HEIGHT : 0;
  return { types, columns, heat, heatHeight, height: heatHeight + rows * KEY_ROW_HEIGHT + 6 };
}

/** The heat classes' row: a swatch, the name in bold and what it means on up to four lines, all in 8 pt. */
export const HEAT_KEY_HEIGHT = 52;

export function drawHeatKey(doc: PDFKit.PDFDocument, x: number, y: number, width: number) {
  const each = width / HEAT_CLASSES.length;
  const swatch = 10;
  HEAT_CLASSES.forEach((heat, index) => {
    const left = x + index * each;
    const { color, label, description } = HEAT_STYLES[heat];
    doc
      .save()
      .rect(left, y + 1, swatch, swatch)
      .lineWidth(0.6)
      .fillAndStroke(color, '#333333')
      .restore();
    useFont(doc, FONT.condensedBold, 8).fillColor('#1a1a1a');
    drawText(doc, label, left + swatch + 4, y + 1, { width: each - swatch - 8, maxLines: 1 });
    useFont(doc, FONT.condensed, 8).fillColor('#555555');
    drawText(doc, description, left + swatch + 4, y + 12, { width: each - swatch - 8, maxLines: 4 });
  });
}

/** Under the map: each type present, its shape and its name (8 pt), as typeKeyLayout laid them out. */
export function drawTypeKey(
  doc: PDFKit.PDFDocument,
  key: ReturnType<typeof typeKeyLayout>,
  x: number,
  top: number,
  width: number,
) {
  if (key.heat) drawHeatKey(doc, x, top, width);
  const y = top + key.heatHeight;
  if (!key.types.length) {
    useFont(doc, FONT.regular, 9).fillColor('#555555');
    drawText(doc, 'No hay dispositivos ubicados en este plano.', x, y, { width, maxLines: 1 });
    return;
  }
  const each = width / key.columns;
  const radius = 5;
  key.types.forEach((type, index) => {
    const left = x + (index % key.columns) * each;
    const top = y + Math.floor(index / key.columns) * KEY_ROW_HEIGHT;
    drawMarkerShape(doc, left + radius + 1, top + 6, type, radius, key.heat ? NEUTRAL : undefined);
    useFont(doc, FONT.condensed, 8).fillColor('#1a1a1a');
    drawText(doc, TRAP_TYPE_NAMES[type], left + 2 * radius + 6, top + 1, {
      width: each - 2 * radius - 10,
      maxLines: 2,
    });
  });
}

/** Every device by its number: the marker again, then number, code, type and area (and its heat class). */
async function drawLegend(
  doc: PDFKit.PDFDocument,
  devices: PlanDevice[],
  header: () => number,
  caughtUp: () => Promise<void>,
  classOf?: (trapId: number) => HeatClass,
): Promise<void> {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const markerWidth = 24;
  const numberWidth = 40;
  const rest = width - markerWidth - numberWidth;
  const share = classOf ? [0.22, 0.3, 0.3, 0.18] : [0.25, 0.4, 0.35];
  const table = new PdfTable(
    doc,
    [
      { header: '', width: markerWidth },
      { header: 'N.º', width: numberWidth, align: 'right', singleLine: true },
      { header: 'Código', width: rest * share[0]! },
      { header: 'Tipo', width: rest * share[1]! },
      { header: 'Área', width: rest * share[2]! },
      ...(classOf ? [{ header: 'Actividad', width: rest * share[3]! }] : []),
    ],
    header,
  );
  for (const [index, device] of devices.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await caughtUp();
    const row = table.row([
      '',
      String(device.number),
      device.code,
      TRAP_TYPE_NAMES[device.type],
      device.area ?? 'Sin área',
      ...(classOf ? [HEAT_STYLES[classOf(device.trapId)].label] : []),
    ]);
    const heat = classOf && HEAT_STYLES[classOf(device.trapId)];
    // Beside the row's first line, as its text is.
    drawMarkerShape(
      doc,
      doc.page.margins.left + markerWidth / 2,
      row.top + Math.min(row.height, 16) / 2,
      device.type,
      5,
      heat?.color,
      heat && '#333333',
    );
  }
  if (!devices.length) table.row(['', '', 'Ningún dispositivo ubicado.', '', '', ...(classOf ? [''] : [])]);
  table.end();
}
