import { PEST_GROUPS } from '@rondin/contracts';
import type { PackPages } from './pack-pages.js';
import { GROUP_HEADERS, number, percent } from './pack-text.js';

export function drawActivity(pack: PackPages): void {
  const { data } = pack;
  pack.section('activity');
  if (!data.activity.length) {
    pack.empty('Sin inspecciones registradas en el período.');
    return;
  }
  pack.paragraph(
    'Por área: dispositivos inspeccionados, inspecciones, las que encontraron actividad y las capturas por grupo de plaga. Las capturas anotadas como un intervalo (por ejemplo, «11-50» en una lámina saturada) se suman por su valor más bajo.',
    8.5,
  );
  const table = pack.table([
    // An area's longest word («Almacenamiento») whole at full size.
    { header: 'Área', width: 90 },
    { header: 'Disp.', width: 36, align: 'right', singleLine: true },
    { header: 'Inspecc.', width: 44, align: 'right', singleLine: true },
    { header: 'Con actividad', width: 62, align: 'right', singleLine: true },
    ...PEST_GROUPS.map((group) => ({ header: GROUP_HEADERS[group], width: 56, align: 'right' as const })),
  ]);
  const totals = { devices: 0, inspections: 0, withActivity: 0, captures: {} as Record<string, number> };
  for (const area of data.activity) {
    totals.devices += area.devices;
    totals.inspections += area.inspections;
    totals.withActivity += area.withActivity;
    for (const group of PEST_GROUPS)
      totals.captures[group] = (totals.captures[group] ?? 0) + (area.captures[group] ?? 0);
    table.row([
      area.area ?? 'Sin área',
      number(area.devices),
      number(area.inspections),
      `${number(area.withActivity)} (${percent(area.withActivity, area.inspections)})`,
      ...PEST_GROUPS.map((group) => number(area.captures[group] ?? 0)),
    ]);
  }
  table.row(
    [
      'Total',
      number(totals.devices),
      number(totals.inspections),
      `${number(totals.withActivity)} (${percent(totals.withActivity, totals.inspections)})`,
      ...PEST_GROUPS.map((group) => number(totals.captures[group] ?? 0)),
    ],
    { bold: true },
  );
  table.end();
}
