import { HEAT_CLASSES, HEAT_STYLES, TRAP_TYPE_NAMES } from '@rondin/contracts';
import { FONT, useFont } from '../../../lib/pdf-fonts.js';
import { drawMarkerShape } from '../../../lib/pdf-markers.js';
import { HEADER_BOTTOM, MARGIN, SECTION_TITLE_HEIGHT } from '../../../lib/pdf-sections.js';
import { drawText } from '../../../lib/pdf-text.js';
import type { PlanChangeKind } from '../../plans/plan-history.js';
import { drawPlanDevices, drawTypeKey, typeKeyLayout } from '../../plans/plan-map.js';
import { packPlanArea, type PackPages, type PackPlan, type PackPlanDevice } from './pack-pages.js';
import { dateText, dayText, number } from './pack-text.js';

const margins = { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN };

/**
 * The site's plans as they were in the period, one landscape A4 page each, with the key of their symbols: dated
 * with their devices ('plans'), each followed by its key of numbers and codes and its changes in the period, then
 * the site's devices on no plan; or with the heat ('heat'), then the table of classes.
 */
export async function drawPlanPages(pack: PackPages, id: 'plans' | 'heat'): Promise<void> {
  const { doc, data } = pack;
  const heat = id === 'heat';
  if (!data.plans.length) {
    pack.section(id);
    pack.empty(heat ? 'Sin planos cargados: no hay mapa de calor del sitio.' : 'El sitio no tiene planos cargados.');
    return;
  }
  for (const [index, entry] of data.plans.entries()) {
    if (index === 0) pack.section(id, 'landscape');
    else {
      doc.addPage({ size: 'A4', layout: 'landscape', margins });
      pack.header();
    }
    const { plan } = entry;
    const y = HEADER_BOTTOM + SECTION_TITLE_HEIGHT;
    useFont(doc, FONT.bold, 10.5).fillColor('#1a1a1a');
    drawText(doc, `Plano n.º ${index + 1}: ${plan.name}`, MARGIN, y, { width: pack.width, maxLines: 1 });
    useFont(doc, FONT.regular, 8.5).fillColor('#444444');
    const [first, second] = heat ? heatCaption(pack, entry, index) : planCaption(pack, entry);
    drawText(doc, first, MARGIN, y + 14, { width: pack.width, maxLines: 1 });
    drawText(doc, second, MARGIN, y + 26, { width: pack.width, maxLines: 1 });
    if (pack.known) drawPlanDevices(doc, entry.layout, entry.image, entry.devices, heat ? entry.classOf : undefined);
    const area = packPlanArea(entry.devices);
    drawTypeKey(doc, typeKeyLayout(entry.devices, pack.width, heat), MARGIN, area.top + area.height + 6, pack.width);
    await pack.pace();
    if (!heat) {
      await planKey(pack, entry, index);
      planChanges(pack, entry);
    }
  }
  if (heat) await heatTable(pack);
  else await unplaced(pack);
}

/** The revision drawn (never one after the period), the one in force when it began, and what follows. */
function planCaption(pack: PackPages, entry: PackPlan): [string, string] {
  const { period } = pack.data;
  const date = (value: Date) => dateText(value, pack.timeZone);
  const { revisionAtStart: start, revisionAtEnd: end } = entry;
  const first = !end
    ? `Ningún dispositivo ubicado en este plano hasta el ${dayText(period.toDay)}, fin del período.`
    : `Posiciones vigentes al ${dayText(period.toDay)}, fin del período: revisión del ${date(end)}. ` +
      (!start
        ? `Al inicio del período (${dayText(period.fromDay)}) no tenía dispositivos ubicados.`
        : start.getTime() === end.getTime()
          ? 'La misma rigió todo el período.'
          : `Al inicio del período (${dayText(period.fromDay)}) regía la del ${date(start)}.`);
  const changed = new Date(entry.plan.updatedAt);
  const image =
    changed >= period.to ? ` Imagen del plano: la actual (nombre o imagen cambiados el ${date(changed)}).` : '';
  const count = entry.devices.length;
  return [
    first,
    `${number(count)} ${count === 1 ? 'dispositivo ubicado' : 'dispositivos ubicados'} · ${number(entry.changes.length)} ${entry.changes.length === 1 ? 'cambio' : 'cambios'} en el período · clave y cambios en las páginas siguientes.${image}`,
  ];
}

function heatCaption(pack: PackPages, entry: PackPlan, index: number): [string, string] {
  const { period } = pack.data;
  return [
    `Actividad de cada dispositivo del ${dayText(period.fromDay)} al ${dayText(period.toDay)} · ${number(entry.devices.length)} dispositivos, donde estaban al fin del período.`,
    `Marcas y números como en el plano n.º ${index + 1} de la sección «Planos numerados y fechados» y su clave.`,
  ];
}

/** Each key entry: the type's symbol, the mark's number and the device's code, in 8.5 pt. */
const KEY_SIZE = 8.5;
const KEY_ROW = 12.5;
const KEY_SYMBOL = 14;
const KEY_NUMBER = 26;

/**
 * After a plan, on portrait pages: every device on it, its symbol, number and code, in columns read downwards,
 * as many pages as they take.
 */
async function planKey(pack: PackPages, entry: PackPlan, index: number): Promise<void> {
  const { doc } = pack;
  doc.addPage({ size: 'A4', layout: 'portrait', margins });
  pack.header();
  pack.subtitle(`Clave del plano n.º ${index + 1}: ${entry.plan.name}`);
  const { devices } = entry;
  if (!devices.length) {
    pack.paragraph('Ningún dispositivo ubicado en este plano al fin del período.', 9);
    return;
  }
  const own = devices.every((device) => new RegExp(`(^|\\D)0*${device.number}$`).test(device.code));
  pack.paragraph(
    `${number(devices.length)} dispositivos, donde estaban al fin del período. ${
      own
        ? `Cada marca lleva el número del código de su dispositivo (${devices[0]!.code}: ${devices[0]!.number}).`
        : 'Las marcas se numeran del 1 en adelante en el orden de los códigos.'
    } Símbolo y color según el tipo, como en la clave bajo el plano; «desde»: el día en que se ubicó donde está, si fue dentro del período.`,
    8.5,
  );
  useFont(doc, FONT.condensed, KEY_SIZE);
  const widest = Math.max(...devices.map((device) => doc.widthOfString(device.code)));
  const column = KEY_SYMBOL + KEY_NUMBER + 4 + widest + 6 + doc.widthOfString('desde 00-00-0000') + 14;
  const columns = Math.max(1, Math.floor(pack.width / column));
  const each = pack.width / columns;
  let at = 0;
  while (at < devices.length) {
    if (doc.y + KEY_ROW > pack.bottom) {
      doc.addPage({ size: 'A4', layout: 'portrait', margins });
      pack.header();
    }
    const top = doc.y;
    const rows = Math.floor((pack.bottom - top) / KEY_ROW);
    const page = devices.slice(at, at + rows * columns);
    const used = Math.ceil(page.length / columns);
    page.forEach((device, position) => {
      const x = MARGIN + Math.floor(position / used) * each;
      keyEntry(pack, device, x, top + (position % used) * KEY_ROW);
    });
    at += page.length;
    doc.y = top + used * KEY_ROW + 8;
    await pack.pace();
  }
  doc.x = MARGIN;
}

function keyEntry(pack: PackPages, device: PackPlanDevice, x: number, y: number): void {
  const { doc } = pack;
  drawMarkerShape(doc, x + 5, y + 5, device.type, 4.5);
  useFont(doc, FONT.condensedBold, KEY_SIZE).fillColor('#1a1a1a');
  drawText(doc, String(device.number), x + KEY_SYMBOL, y, { width: KEY_NUMBER, maxLines: 1, align: 'right' });
  useFont(doc, FONT.condensed, KEY_SIZE);
  const left = x + KEY_SYMBOL + KEY_NUMBER + 4;
  const code = doc.widthOfString(device.code);
  drawText(doc, device.code, left, y, { width: code + 1, maxLines: 1 });
  // Placed before the period: where it stood all along, as the caption's revisions say.
  if (device.since < pack.data.period.from) return;
  doc.fillColor('#666666');
  drawText(doc, `desde ${dateText(device.since, pack.timeZone)}`, left + code + 6, y, { width: 80, maxLines: 1 });
}

const CHANGE_WORDS: Record<PlanChangeKind, (other: string | null) => string> = {
  PLACED: () => 'ubicados',
  MOVED: () => 'cambiados de sitio en el plano',
  REMOVED: () => 'quitados del plano',
  ARRIVED: (other) => `traídos del plano «${other}»`,
  LEFT: (other) => `llevados al plano «${other}»`,
};
/** Codes per paragraph: a day that placed 2,000 devices runs over pages, never past the page's foot. */
const CODES_PER_PARAGRAPH = 120;

/** The plan's revisions within the period: each day it changed, and which devices were placed, moved or removed. */
function planChanges(pack: PackPages, entry: PackPlan): void {
  const count = entry.changes.length;
  pack.subtitle(`Revisiones del plano en el período (${number(count)} ${count === 1 ? 'cambio' : 'cambios'})`);
  if (!entry.changes.length) {
    pack.paragraph(
      entry.revisionAtEnd
        ? `Sin cambios: la revisión del ${dateText(entry.revisionAtEnd, pack.timeZone)} rigió todo el período.`
        : 'Sin cambios: ningún dispositivo estuvo ubicado en este plano durante el período.',
      8.5,
    );
    return;
  }
  const days = new Map<string, Map<string, string[]>>();
  for (const change of entry.changes) {
    const day = dateText(change.at, pack.timeZone);
    const kinds = days.get(day) ?? new Map<string, string[]>();
    days.set(day, kinds);
    const words = CHANGE_WORDS[change.kind](change.otherPlan);
    kinds.set(words, [...(kinds.get(words) ?? []), change.code]);
  }
  for (const [day, kinds] of days) {
    for (const [words, codes] of kinds) {
      for (let start = 0; start < codes.length; start += CODES_PER_PARAGRAPH) {
        const part = codes.slice(start, start + CODES_PER_PARAGRAPH);
        const head = start === 0 ? `${day}, ${words} (${number(codes.length)}): ` : `${day}, ${words} (cont.): `;
        pack.ensure(24);
        pack.paragraph(`${head}${part.join(', ')}.`, 8.5);
      }
    }
  }
}

/** After the plans: the site's devices that stood on none of them when the period ended. */
async function unplaced(pack: PackPages): Promise<void> {
  const { data } = pack;
  const placed = new Set(data.plans.flatMap((entry) => entry.devices.map((device) => device.trapId)));
  const left = data.devices.filter((device) => device.createdAt < data.period.to && !placed.has(device.trapId));
  pack.subtitle(`Sin ubicar en el plano (${number(left.length)} dispositivos)`);
  if (!left.length) {
    pack.paragraph('Todos los dispositivos del sitio estaban ubicados en un plano al fin del período.', 8.5);
    return;
  }
  pack.paragraph('Dispositivos del sitio que al fin del período no estaban en ninguno de sus planos.', 8.5);
  const table = pack.table([
    { header: 'Código', width: 70 },
    { header: 'Tipo', width: 170 },
    { header: 'Área', width: 130 },
    { header: 'Estado', width: 60, singleLine: true },
  ]);
  await pack.rows(table, left, (device) => [
    device.code,
    TRAP_TYPE_NAMES[device.type],
    device.area ?? 'Sin área',
    device.isActive ? 'Activo' : 'Retirado',
  ]);
}

/** After the heat maps: each device's class, counted per plan. */
async function heatTable(pack: PackPages): Promise<void> {
  const { doc, data } = pack;
  doc.addPage({ size: 'A4', layout: 'portrait', margins });
  pack.header();
  pack.subtitle('Dispositivos por clase de actividad');
  const table = pack.table([
    { header: 'Plano', width: 160 },
    ...HEAT_CLASSES.map((heat) => ({ header: HEAT_STYLES[heat].label, width: 70, align: 'right' as const })),
  ]);
  for (const entry of data.plans) {
    table.row([
      entry.plan.name,
      ...HEAT_CLASSES.map((heat) => String(entry.devices.filter((device) => device.heat === heat).length)),
    ]);
  }
  table.end();
  pack.paragraph(
    'Clases de actividad: sin datos, ninguna inspección; sin actividad; baja; media, actividad en el 20 % o más de las inspecciones o 1 captura por semana; alta, 50 % o 5 capturas por semana.',
    8,
  );
}
