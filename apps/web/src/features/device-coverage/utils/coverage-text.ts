import type { CoverageCell, CoverageGap, CoverageInterval, CoverageState } from '@rondin/contracts';
import { EXCEPTION_REASON_NAMES } from '@rondin/contracts/finding-rules';

/** What a cell says, written out: the state is never told by its colour alone. */
export const STATE_TEXT: Record<CoverageState, { mark: string; short: string; long: string }> = {
  INSPECTED: { mark: '✓', short: 'Sí', long: 'Inspeccionado' },
  MISSED: { mark: '✗', short: 'No', long: 'No inspeccionado' },
  EXCEPTION: { mark: '!', short: 'Exc.', long: 'Excepción: no encontrado o inaccesible' },
  NOT_DUE: { mark: '—', short: '', long: 'Sin visita programada' },
};

const monthFormat = new Intl.DateTimeFormat('es', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('es', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A period's column heading: "ene 2026", or a week's Monday "5 ene". */
export function periodHeading(period: string, interval: CoverageInterval): string {
  const date = new Date(`${period}T00:00:00Z`);
  return (interval === 'month' ? monthFormat : dayFormat).format(date).replace('.', '');
}

/** A period in words: "enero de 2026", or "semana del 5 de enero de 2026". */
export function periodName(period: string, interval: CoverageInterval): string {
  const date = new Date(`${period}T00:00:00Z`);
  return interval === 'month' ? longMonth.format(date) : `semana del ${longDay.format(date)}`;
}

/** The visits behind a cell when there were several: "1 de 2". */
export function visitsText(cell: CoverageCell): string {
  return cell.due > 1 ? `${cell.inspected} de ${cell.due}` : '';
}

/** Why a gap is one, in the office's words. */
export function gapReason(gap: CoverageGap): string {
  if (gap.state === 'EXCEPTION') {
    const reasons = gap.exceptionReasons.map((reason) => EXCEPTION_REASON_NAMES[reason].toLowerCase());
    return `Excepción: ${reasons.join(' e ')}`;
  }
  return gap.forced ? 'Pendiente al cerrar la orden (cierre forzado)' : 'Pendiente en una orden abierta';
}
