import { THRESHOLD_LEVEL_NAMES, ZONE_NAMES, ZONES, type Zone } from '@rondin/contracts';
import { drawLineChart } from '../../../lib/pdf-chart.js';
import { MARGIN } from '../../../lib/pdf-sections.js';
import type { PackPages } from './pack-pages.js';
import { number, quarterText } from './pack-text.js';

/**
 * Per zone, the period's quarters against the same quarters a year before: the share of inspections with
 * activity, and the mean bait eaten against the zone's bait limits, as vector charts with their figures.
 */
export function drawTrends(pack: PackPages): void {
  const { doc, data } = pack;
  pack.section('trends');
  const { rows, limits } = data.trends;
  const quarters = quartersOf(data.period.fromDay, data.period.toDay);
  if (!rows.some((row) => row.period >= quarters[0]!)) {
    pack.empty('Sin inspecciones en el período: no hay tendencias que mostrar.');
    return;
  }
  pack.paragraph(
    'Por trimestre y zona del dispositivo: los dispositivos inspeccionados, la parte de ellos con actividad en alguna inspección del trimestre, el consumo medio de cebo y las capturas. Línea continua, el período; discontinua, el mismo trimestre del año anterior; trazos horizontales, los umbrales de consumo de cebo de la zona (el más estricto de cada nivel).',
    8.5,
  );
  const keys = [...new Set(rows.map((row) => row.key ?? ''))].sort((a, b) => zoneOrder(a) - zoneOrder(b));
  const byKey = new Map(rows.map((row) => [`${row.key ?? ''}|${row.period}`, row]));
  const lastYear = (period: string) => `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;
  for (const key of keys) {
    const name = key ? ZONE_NAMES[key as Zone] : 'Sin zona asignada';
    const current = quarters.map((period) => byKey.get(`${key}|${period}`));
    const previous = quarters.map((period) => byKey.get(`${key}|${lastYear(period)}`));
    const share = (row: (typeof current)[number]) =>
      row && row.inspected > 0 ? Math.round((row.withActivity * 1000) / row.inspected) / 10 : null;
    const bait = (row: (typeof current)[number]) => (row?.meanBait == null ? null : Math.round(row.meanBait * 10) / 10);
    const baitLimits = (['ALERTA', 'ACCION'] as const).flatMap((level) => {
      const values = limits
        .filter(
          (limit) =>
            limit.metric === 'CONSUMO_CEBO' && limit.level === level && (limit.key === null || limit.key === key),
        )
        .map((limit) => limit.value);
      return values.length
        ? [
            {
              label: `Umbral ${THRESHOLD_LEVEL_NAMES[level].toLowerCase()}`,
              value: Math.min(...values),
              color: level === 'ACCION' ? '#cb181d' : '#e6850e',
            },
          ]
        : [];
    });
    pack.ensure(300);
    pack.subtitle(`Zona: ${name}`);
    const categories = quarters.map(quarterText);
    const top = doc.y;
    const half = (pack.width - 20) / 2;
    drawLineChart(
      doc,
      {
        title: 'Dispositivos con actividad (%)',
        categories,
        unit: '%',
        max: 100,
        series: [
          { name: 'Período', values: current.map(share), color: '#1f3b57' },
          { name: 'Mismo trimestre del año anterior', values: previous.map(share), color: '#8a94a0', dashed: true },
        ],
      },
      { x: MARGIN, y: top, width: half, height: 170 },
    );
    drawLineChart(
      doc,
      {
        title: 'Consumo medio de cebo (%)',
        categories,
        unit: '%',
        max: 100,
        limits: baitLimits,
        series: [
          { name: 'Período', values: current.map(bait), color: '#1f3b57' },
          { name: 'Año anterior', values: previous.map(bait), color: '#8a94a0', dashed: true },
        ],
      },
      { x: MARGIN + half + 20, y: top, width: half, height: 170 },
    );
    doc.x = MARGIN;
    doc.y = top + 180;
    const table = pack.table([
      { header: 'Trimestre', width: 60, singleLine: true },
      { header: 'Dispositivos inspeccionados', width: 75, align: 'right' },
      { header: 'Con actividad', width: 70, align: 'right', singleLine: true },
      { header: 'Año anterior', width: 70, align: 'right', singleLine: true },
      { header: 'Consumo medio', width: 70, align: 'right', singleLine: true },
      { header: 'Año anterior', width: 70, align: 'right', singleLine: true },
      { header: 'Capturas', width: 50, align: 'right', singleLine: true },
      { header: 'Año anterior', width: 50, align: 'right', singleLine: true },
    ]);
    const captures = (row: (typeof current)[number]) =>
      row ? number(Object.values(row.captures).reduce((sum, value) => sum + value, 0)) : '—';
    const shareText = (row: (typeof current)[number]) => (share(row) === null ? '—' : `${number(share(row)!, 1)} %`);
    const baitText = (row: (typeof current)[number]) => (bait(row) === null ? '—' : `${number(bait(row)!, 1)} %`);
    quarters.forEach((_, index) => {
      const row = current[index];
      const before = previous[index];
      table.row([
        categories[index]!,
        row ? number(row.inspected) : '0',
        shareText(row),
        shareText(before),
        baitText(row),
        baitText(before),
        captures(row),
        captures(before),
      ]);
    });
    table.end();
  }
}

/** The first day of each quarter from the one `from` falls in to the one `to` falls in, as the trends name them. */
function quartersOf(from: string, to: string): string[] {
  const index = (day: string) => Number(day.slice(0, 4)) * 4 + Math.floor((Number(day.slice(5, 7)) - 1) / 3);
  const quarters: string[] = [];
  for (let quarter = index(from); quarter <= index(to); quarter++) {
    quarters.push(`${Math.floor(quarter / 4)}-${String((quarter % 4) * 3 + 1).padStart(2, '0')}-01`);
  }
  return quarters;
}

const zoneOrder = (key: string) => {
  const index = ZONES.indexOf(key as Zone);
  return index < 0 ? ZONES.length : index;
};
