import {
  ACTION_STATUS_NAMES,
  ACTIVITY_NAMES,
  REMOTE_EVENT_TYPE_NAMES,
  REMOTE_EVENT_TYPES,
  REMOTE_FINDING_TYPES,
} from '@rondin/contracts';
import { formatDateTime } from '../../../lib/time-zone.js';
import type { PackPages } from './pack-pages.js';
import { number } from './pack-text.js';

/**
 * What the site's electronic devices reported in the period (modules/integrations/remote-events), apart from the
 * inspections: a remote event never proves a technician's visit, so none of it counts in the coverage above.
 * Device by device, each event with its type, time, count and the corrective action its finding opened or joined.
 */
export async function drawRemoteEvents(pack: PackPages): Promise<void> {
  const { data, timeZone } = pack;
  pack.section('remote');
  if (!data.remoteEvents.length) {
    pack.empty('Sin eventos de dispositivos electrónicos en el período.');
    return;
  }
  const devices = new Set(data.remoteEvents.map((event) => event.device)).size;
  const byType = REMOTE_EVENT_TYPES.map(
    (type) => [type, data.remoteEvents.filter((event) => event.type === type).length] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([type, count]) => `${REMOTE_EVENT_TYPE_NAMES[type].toLowerCase()}: ${number(count)}`)
    .join('; ');
  const withAction = data.remoteEvents.filter((event) => event.actions.length > 0).length;
  pack.paragraph(
    `Eventos informados por ${number(devices)} ${devices === 1 ? 'dispositivo electrónico' : 'dispositivos electrónicos'} en el período: ${number(data.remoteEvents.length)} (${byType}). Las capturas y la actividad se juzgan con los mismos umbrales que una inspección; ${number(withAction)} abrieron o se sumaron a una acción correctiva. Un evento remoto no prueba la visita de un técnico: no cuenta en el cumplimiento ni en la cobertura de visitas.`,
    8.5,
  );
  const table = pack.table([
    { header: 'Dispositivo', width: 80 },
    { header: 'Evento', width: 90 },
    { header: 'Hora', width: 70, singleLine: true },
    { header: 'Cantidad', width: 50 },
    { header: 'Hallazgo', width: 90 },
    { header: 'Acción correctiva', width: 110 },
  ]);
  await pack.rows(table, data.remoteEvents, (event) => [
    [event.device, event.area].filter(Boolean).join(' · '),
    `Remoto · ${REMOTE_EVENT_TYPE_NAMES[event.type]}`,
    formatDateTime(event.occurredAt, timeZone),
    event.count === null ? '—' : number(event.count),
    REMOTE_FINDING_TYPES.includes(event.type) && event.activity
      ? ACTIVITY_NAMES[event.activity]
      : 'Aviso de mantenimiento',
    event.actions.length
      ? event.actions.map((action) => `N.º ${action.id} · ${ACTION_STATUS_NAMES[action.status]}`).join('; ')
      : '—',
  ]);
}
