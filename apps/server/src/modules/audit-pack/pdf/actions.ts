import type { PackPages } from './pack-pages.js';
import { ACTION_ORIGIN_NAMES, ACTION_RESPONSIBLE_NAMES, ACTION_STATUS_NAMES } from '@rondin/contracts';
import { dateText, dayText, number } from './pack-text.js';

export async function drawActions(pack: PackPages): Promise<void> {
  const { data } = pack;
  pack.section('actions');
  if (!data.actions.length) {
    pack.empty('Sin acciones correctivas ni recomendaciones en el período.');
    return;
  }
  const open = data.actions.filter((action) => action.status !== 'CERRADA').length;
  pack.paragraph(
    `Acciones y recomendaciones detectadas en el período o abiertas durante él: ${number(data.actions.length)}; sin cerrar: ${number(open)}.`,
    8.5,
  );
  const table = pack.table([
    { header: 'N.º', width: 24, singleLine: true },
    // «Recomendación al cliente» takes two lines.
    { header: 'Origen', width: 72 },
    { header: 'Detectada', width: 60, singleLine: true },
    { header: 'Lugar', width: 50 },
    { header: 'Descripción', width: 117 },
    { header: 'Responsable', width: 68 },
    { header: 'Vence', width: 60, singleLine: true },
    { header: 'Estado', width: 64 },
  ]);
  await pack.rows(table, data.actions, (action) => [
    String(action.id),
    ACTION_ORIGIN_NAMES[action.origin],
    dateText(action.detectedAt, pack.timeZone),
    action.where ?? '—',
    action.closingNote ? `${action.description} — Cierre: ${action.closingNote}` : action.description,
    `${ACTION_RESPONSIBLE_NAMES[action.responsible]}${action.responsibleName ? `: ${action.responsibleName}` : ''}`,
    dayText(action.dueDate),
    action.closedAt
      ? `${ACTION_STATUS_NAMES[action.status]} el ${dateText(action.closedAt, pack.timeZone)}`
      : ACTION_STATUS_NAMES[action.status],
  ]);
}
