import type { CoverageState, PestGroup } from '@rondin/contracts';
import { PEST_GROUP_NAMES, RECOMMENDATION_REMINDER_DAYS } from '@rondin/contracts';
import { localDate } from '../../../lib/time-zone.js';
import type { PackAcknowledgement } from '../audit-pack.repository.js';

/** The words and number formats the pack's sections share. */
export const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
/** A pest group's name as a column heading of two lines at most. */
export const GROUP_HEADERS: Record<PestGroup, string> = {
  ...PEST_GROUP_NAMES,
  PRODUCTO_ALMACENADO: 'Producto almacenado',
};

/** A coverage state, or a month without an order before the device was installed (not a missed visit). */
export type CellKind = CoverageState | 'NOT_INSTALLED';

/** Each cell's colour, its word, and the word's colour. Months without a visit are red. */
export const CELL_STYLES: Record<CellKind, { fill: string; text: string; color: string; meaning: string }> = {
  INSPECTED: { fill: '#c7e9c0', text: 'Sí', color: '#1a1a1a', meaning: 'inspeccionado' },
  EXCEPTION: { fill: '#fdd49e', text: 'Exc', color: '#1a1a1a', meaning: 'excepción (no encontrado o inaccesible)' },
  MISSED: { fill: '#cb181d', text: 'No', color: '#ffffff', meaning: 'orden vencida sin inspección' },
  NOT_DUE: { fill: '#fb6a4a', text: 'S/O', color: '#ffffff', meaning: 'sin orden ese mes' },
  NOT_INSTALLED: { fill: '#e3e3e3', text: '—', color: '#555555', meaning: 'antes del alta del dispositivo' },
};

export const dayText = (day: string) => day.split('-').reverse().join('-');
export const dateText = (value: Date, timeZone: string) => dayText(localDate(value, timeZone));
export const monthText = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(2, 4)}`;
export const quarterText = (period: string) =>
  `T${Math.floor((Number(period.slice(5, 7)) - 1) / 3) + 1} ${period.slice(0, 4)}`;
export const number = (value: number, digits = 0) =>
  value.toLocaleString('es-ES', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
export const percent = (part: number, whole: number) => (whole > 0 ? `${number((part * 100) / whole, 1)} %` : '—');

/** What the pack's counts count (the PDF's coverage and the Excel annex's summary say it in these words). */
export const PACK_COUNTS_RULE =
  'Se cuentan las órdenes del sitio con fecha en el período (la programada, o la de creación si no tiene) y ya debidas al generar el dossier, cerradas o abiertas; cada dispositivo de cada orden es una visita. Certificados, tratamientos y superaciones se sitúan por la fecha de su orden, no por la de emisión o registro. Son las mismas cifras que el informe de cumplimiento del sitio para el mismo período.';

/** The result of a device an order left without inspection: closed anyway (forced), or the order still open. */
export const unfinishedOutcome = (closed: boolean, overdue: boolean) =>
  closed ? 'Sin inspección (cierre forzado)' : overdue ? 'Pendiente (orden vencida)' : 'Pendiente (orden abierta)';

/**
 * A recommendation's acknowledgement by the plant, as the pack prints it: who and when; or «Sin reconocer» with
 * the whole days it has waited since it was made (until it was closed, for one closed unacknowledged), `overdue`
 * from RECOMMENDATION_REMINDER_DAYS on, when the portal reminds the client of it.
 */
export function acknowledgementOf(
  action: PackAcknowledgement & { closedAt: Date | null },
  now: Date,
  timeZone: string,
): { text: string; days: number | null; overdue: boolean } {
  if (action.acknowledgedAt) {
    const by = action.acknowledgedBy ? ` por ${action.acknowledgedBy}` : '';
    return { text: `Reconocida el ${dateText(action.acknowledgedAt, timeZone)}${by}`, days: null, overdue: false };
  }
  const until = action.closedAt ?? now;
  const days = Math.max(0, Math.floor((until.getTime() - action.createdAt.getTime()) / 86_400_000));
  const overdue = days >= RECOMMENDATION_REMINDER_DAYS;
  const waited = `${number(days)} ${days === 1 ? 'día' : 'días'}`;
  const text = action.closedAt ? `Sin reconocer; se cerró a los ${waited}` : `Sin reconocer: ${waited} esperando`;
  return { text: overdue ? `${text}, pasado el plazo de ${RECOMMENDATION_REMINDER_DAYS}` : text, days, overdue };
}
