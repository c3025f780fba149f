import {
  EXCEPTION_REASON_NAMES,
  PEST_GROUP_NAMES,
  RISK_LEVEL_NAMES,
  THRESHOLD_LEVEL_NAMES,
  THRESHOLD_METRIC_NAMES,
  TRAP_TYPE_NAMES,
  ZONE_NAMES,
} from '@rondin/contracts';
import { formatDateTime } from '../../../lib/time-zone.js';
import type { PackPages } from './pack-pages.js';
import { number } from './pack-text.js';

export async function drawThresholds(pack: PackPages): Promise<void> {
  const { data } = pack;
  pack.section('thresholds');
  pack.subtitle('Umbrales vigentes al final del período');
  if (!data.thresholds.length) pack.empty('Sin umbrales definidos.');
  else {
    const table = pack.table([
      { header: 'Tipo de dispositivo', width: 120 },
      { header: 'Zona', width: 70 },
      { header: 'Riesgo', width: 45, singleLine: true },
      { header: 'Métrica', width: 100 },
      { header: 'Grupo', width: 75 },
      { header: 'Nivel', width: 40, singleLine: true },
      { header: 'Valor', width: 35, align: 'right', singleLine: true },
      { header: 'Origen', width: 45, singleLine: true },
    ]);
    await pack.rows(table, data.thresholds, (threshold) => [
      TRAP_TYPE_NAMES[threshold.trapType],
      threshold.zone ? ZONE_NAMES[threshold.zone] : 'Todas',
      threshold.riskLevel ? RISK_LEVEL_NAMES[threshold.riskLevel] : 'Todos',
      THRESHOLD_METRIC_NAMES[threshold.metric],
      threshold.pestGroup ? PEST_GROUP_NAMES[threshold.pestGroup] : 'Todos',
      THRESHOLD_LEVEL_NAMES[threshold.level],
      String(threshold.value),
      threshold.siteOwn ? 'Sitio' : 'General',
    ]);
  }
  pack.subtitle('Superaciones en el período');
  if (!data.breaches.length) {
    pack.empty('Sin superaciones de umbral en el período.');
    return;
  }
  const action = data.breaches.filter((breach) => breach.level === 'ACCION').length;
  pack.paragraph(
    `Superaciones: ${number(data.breaches.length)}; de nivel acción ${number(action)}, de alerta ${number(data.breaches.length - action)}.`,
    8.5,
  );
  const table = pack.table([
    { header: 'Fecha', width: 75, singleLine: true },
    { header: 'Dispositivo', width: 70 },
    { header: 'Área', width: 80 },
    { header: 'Nivel', width: 40, singleLine: true },
    { header: 'Qué se superó', width: 190 },
    { header: 'Acción', width: 45, singleLine: true },
  ]);
  await pack.rows(table, data.breaches, (breach) => [
    formatDateTime(breach.occurredAt, pack.timeZone),
    breach.code,
    breach.area ?? '—',
    THRESHOLD_LEVEL_NAMES[breach.level],
    breach.exceptionReason
      ? EXCEPTION_REASON_NAMES[breach.exceptionReason]
      : breach.breaches
          .map(
            (item) =>
              `${THRESHOLD_METRIC_NAMES[item.metric]}${item.pestGroup ? ` (${PEST_GROUP_NAMES[item.pestGroup as keyof typeof PEST_GROUP_NAMES] ?? item.pestGroup})` : ''}${item.observed !== undefined ? `: ${item.observed}` : ''}${item.limit !== undefined ? ` ≥ ${item.limit}` : ''}`,
          )
          .join('; '),
    breach.actionId === null ? '—' : `n.º ${breach.actionId}`,
  ]);
}
