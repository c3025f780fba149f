import { HEAT_CLASSES, HEAT_STYLES } from '@rondin/contracts';
import { FONT, useFont } from '../../../lib/pdf-fonts.js';
import { HEADER_BOTTOM, MARGIN, SECTION_TITLE_HEIGHT } from '../../../lib/pdf-sections.js';
import { drawText } from '../../../lib/pdf-text.js';
import { drawHeatKey, drawPlanDevices } from '../../plans/plan-map.js';
import { packPlanArea, type PackPages, type PackPlan } from './pack-pages.js';
import { dateText, dayText } from './pack-text.js';

/** The site's plans, one landscape page each: dated with their devices ('plans') or with the heat ('heat'). */
export async function drawPlanPages(pack: PackPages, id: 'plans' | 'heat'): Promise<void> {
  const { doc, data } = pack;
  const heat = id === 'heat';
  if (!data.plans.length) {
    pack.section(id);
    pack.empty(heat ? 'Sin planos cargados: no hay mapa de calor del sitio.' : 'El sitio no tiene planos cargados.');
    return;
  }
  for (const [index, entry] of data.plans.entries()) {
    if (index === 0) pack.section(id, 'landscape', entry.sheet);
    else {
      doc.addPage({
        size: entry.sheet,
        layout: 'landscape',
        margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      });
      pack.header();
    }
    const { plan } = entry;
    const y = HEADER_BOTTOM + SECTION_TITLE_HEIGHT;
    useFont(doc, FONT.bold, 10.5).fillColor('#1a1a1a');
    drawText(doc, `Plano n.º ${index + 1}: ${plan.name}`, MARGIN, y, { width: pack.width, maxLines: 1 });
    useFont(doc, FONT.regular, 8.5).fillColor('#444444');
    const caption = heat
      ? `Actividad de cada dispositivo del ${dayText(data.period.fromDay)} al ${dayText(data.period.toDay)} · ${entry.devices.length} dispositivos`
      : `Revisión del ${dateText(new Date(plan.updatedAt), pack.timeZone)} (alta ${dateText(new Date(plan.createdAt), pack.timeZone)}) · ${entry.devices.length} dispositivos ubicados · numerados por código, ver inventario`;
    drawText(doc, caption, MARGIN, y + 14, { width: pack.width, maxLines: 1 });
    if (pack.known) drawPlanDevices(doc, entry.layout, entry.image, entry.devices, heat ? entry.classOf : undefined);
    const area = packPlanArea(entry.sheet);
    const keyTop = area.top + area.height + 6;
    if (heat) drawHeatKey(doc, MARGIN, keyTop, pack.width);
    else planDeviceKey(pack, entry, keyTop);
    await pack.pace();
  }
  if (heat) await heatTable(pack);
}

/** Under a dated plan: the numbers and codes of its first devices, so the plan reads on its own. */
function planDeviceKey(pack: PackPages, entry: PackPlan, top: number): void {
  const { doc } = pack;
  useFont(doc, FONT.condensed, 7).fillColor('#333333');
  const text = entry.devices.length
    ? entry.devices.map((device) => `${device.number} ${device.code}`).join(' · ')
    : 'Ningún dispositivo ubicado en este plano.';
  drawText(doc, text, MARGIN, top, { width: pack.width, maxLines: 3 });
}

/** After the heat maps: each device's class, counted per plan. */
async function heatTable(pack: PackPages): Promise<void> {
  const { doc, data } = pack;
  doc.addPage({
    size: 'A4',
    layout: 'portrait',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
  });
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
    'Clases (decisión 0011): sin datos, ninguna inspección; sin actividad; baja; media, actividad en el 20 % o más de las inspecciones o 1 captura por semana; alta, 50 % o 5 capturas por semana.',
    8,
  );
}
