import { ACTION_STATUS_NAMES, PEST_GROUP_NAMES, SIGHTING_SOURCE_NAMES } from '@rondin/contracts';
import { localDate, formatDateTime } from '../../../lib/time-zone.js';
import type { PackPages } from './pack-pages.js';
import { dateText, dayText, number } from './pack-text.js';

/**
 * What the plant's staff reported seeing (modules/sightings), each with the corrective action it opened at once:
 * what auditors look for is that none went without one, and when and by whom each was closed.
 */
export async function drawSightings(pack: PackPages): Promise<void> {
  const { data, timeZone } = pack;
  pack.section('sightings');
  if (!data.sightings.length) {
    pack.empty('Sin avistamientos comunicados por el personal de la planta en el período.');
    return;
  }
  const today = localDate(data.generatedAt, timeZone);
  const attended = data.sightings.filter((sighting) => sighting.closedAt !== null).length;
  pack.paragraph(
    `Avistamientos comunicados por el personal de la planta (portal del cliente, carteles con QR o aviso a la oficina) en el período, y los de antes cuya acción seguía abierta al empezar: ${number(data.sightings.length)}. Cada uno abrió en el momento una acción correctiva a cargo de la empresa; al ${dayText(today)}, atendidos (acción cerrada): ${number(attended)}; abiertos: ${number(data.sightings.length - attended)}.`,
    8.5,
  );
  const table = pack.table([
    { header: 'Visto', width: 62, singleLine: true },
    { header: 'Área y plaga', width: 90 },
    { header: 'Qué se vio', width: 150 },
    { header: 'Comunicado por', width: 85 },
    { header: 'Acción correctiva', width: 80 },
    { header: 'Cierre', width: 90 },
  ]);
  await pack.rows(table, data.sightings, (sighting) => [
    formatDateTime(sighting.seenAt, timeZone),
    [sighting.area, sighting.device, sighting.pest ?? (sighting.pestGroup && PEST_GROUP_NAMES[sighting.pestGroup])]
      .filter(Boolean)
      .join(' · '),
    sighting.description,
    `${sighting.reporter} · ${SIGHTING_SOURCE_NAMES[sighting.source]}`,
    `N.º ${sighting.actionId} · ${ACTION_STATUS_NAMES[sighting.actionStatus]}${sighting.closedAt ? '' : `, vence el ${dayText(sighting.dueDate)}`}`,
    sighting.closedAt
      ? `${dateText(sighting.closedAt, timeZone)}${sighting.closedBy ? ` por ${sighting.closedBy}` : ''}`
      : 'Sin cerrar',
  ]);
}
