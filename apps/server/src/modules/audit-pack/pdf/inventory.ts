import { RISK_LEVEL_NAMES, TRAP_TYPE_NAMES, ZONE_NAMES } from '@rondin/contracts';
import type { PackPages } from './pack-pages.js';
import { number } from './pack-text.js';

export async function drawInventory(pack: PackPages): Promise<void> {
  const { data } = pack;
  pack.section('devices');
  if (!data.devices.length) {
    pack.empty('El sitio no tiene dispositivos dados de alta.');
    return;
  }
  pack.paragraph(
    `${number(data.devices.length)} dispositivos, en orden de código. Plano: el número del plano y el de su marca en él al fin del período («—»: en ninguno, ver «Sin ubicar en el plano»). Cebo: en cada estación de cebo, el último rodenticida aplicado en ella (o en su área durante una visita a ella) hasta el fin del período; los demás dispositivos no llevan cebo biocida.`,
    8.5,
  );
  const table = pack.table([
    // Wide enough that zone names and an area's longest word («Almacenamiento») hold one line, types at most
    // two: 2,000 devices are about 47 pages, not 68.
    { header: 'Código', width: 50 },
    { header: 'Plano', width: 38, singleLine: true },
    { header: 'Área', width: 82 },
    { header: 'Zona', width: 80 },
    { header: 'Tipo', width: 114 },
    { header: 'Riesgo', width: 38, singleLine: true },
    { header: 'Cebo', width: 73 },
    { header: 'Estado', width: 40, singleLine: true },
  ]);
  // Where each device is drawn: its plan's number and its marker's (1·17: plan 1, marker 17).
  const markers = new Map<number, string>();
  data.plans.forEach((entry, index) => {
    for (const device of entry.devices) markers.set(device.trapId, `${index + 1}·${device.number}`);
  });
  await pack.rows(table, data.devices, (device) => [
    device.code,
    markers.get(device.trapId) ?? '—',
    device.area ?? 'Sin área',
    device.zone ? ZONE_NAMES[device.zone] : 'Sin clasificar',
    TRAP_TYPE_NAMES[device.type],
    device.riskLevel ? RISK_LEVEL_NAMES[device.riskLevel] : '—',
    device.type === 'CEBADERO' ? (device.bait ?? 'Sin aplicación registrada') : 'No aplica',
    device.isActive ? 'Activo' : 'Retirado',
  ]);
}
