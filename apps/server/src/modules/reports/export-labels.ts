import type { ComplianceReport } from '@rondin/contracts';
import type { Letterhead } from '../../lib/pdf-letterhead.js';
import { formatDateTime } from '../../lib/time-zone.js';
import type { ExportRow } from './reports.repository.js';

export interface ExportOptions {
  figures: ComplianceReport;
  /** The one site the report covers; null when it sums several, and each order's row names its own. */
  site: { name: string; client: string | null } | null;
  timeZone: string;
  generatedAt: Date;
  /** The company heading the PDF; without one it is headed by the product's name. */
  letterhead?: Letterhead | undefined;
}

const STATUS_TEXT: Record<ExportRow['status'], string> = {
  PENDING: 'Pendiente',
  IN_PROGRESS: 'En progreso',
  COMPLETED: 'Completada',
};

/** A closed order with traps still pending is not "Completada": the figures count it apart, and so does its row. */
export function isForced(row: ExportRow): boolean {
  return row.status === 'COMPLETED' && row.completedCount < row.itemCount;
}

export function statusText(row: ExportRow): string {
  return isForced(row) ? 'Cerrada con pendientes' : STATUS_TEXT[row.status];
}

/**
 * One line of the summary. Each export writes the value its own way: the PDF as Spanish text (33,3 %, 50.000),
 * the workbook as a real number or date with a format, so a spreadsheet can compute with it.
 */
export type Figure =
  | { label: string; kind: 'count'; value: number }
  | { label: string; kind: 'percent'; value: number }
  | { label: string; kind: 'date'; value: Date }
  | { label: string; kind: 'text'; value: string };

/**
 * The period, then the figures in pairs (the PDF sets them two to a line): orders, then traps. Due and overdue
 * were judged at the report's generation time, which both exports print ("Generado").
 */
export function figureRows({ figures }: ExportOptions): Figure[] {
  const end = (value: string | null, open: string): Date | string => (value ? new Date(value) : open);
  const bound = (label: string, value: Date | string): Figure =>
    typeof value === 'string' ? { label, kind: 'text', value } : { label, kind: 'date', value };
  return [
    bound('Desde', end(figures.from, 'La primera orden')),
    bound('Hasta (sin incluir)', end(figures.to, 'Sin límite')),
    { label: 'Órdenes programadas', kind: 'count', value: figures.totalSessions },
    { label: 'Cumplimiento', kind: 'percent', value: figures.completionRate },
    { label: 'Órdenes completadas', kind: 'count', value: figures.completedSessions },
    { label: 'Órdenes cerradas con pendientes', kind: 'count', value: figures.forcedSessions },
    { label: 'Órdenes vencidas sin completar', kind: 'count', value: figures.overdueSessions },
    { label: 'Trampas pendientes', kind: 'count', value: figures.pendingTraps },
    { label: 'Trampas programadas', kind: 'count', value: figures.dueTraps },
    { label: 'Trampas inspeccionadas', kind: 'count', value: figures.inspectedTraps },
    { label: 'Trampas con excepción (no encontrada o inaccesible)', kind: 'count', value: figures.exceptionTraps },
    { label: 'Meses de un plan sin visita completada', kind: 'count', value: figures.planGaps },
  ];
}

const count = new Intl.NumberFormat('es-ES');
const percent = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** A figure as Spanish text: 1.234 (Spanish groups from five digits: 1234, 50.000), 33,3 %, dd-mm-aaaa hh:mm. */
export function figureText(figure: Figure, timeZone: string): string {
  switch (figure.kind) {
    case 'count':
      return count.format(figure.value);
    case 'percent':
      return `${percent.format(figure.value)} %`;
    case 'date':
      return formatDateTime(figure.value, timeZone);
    case 'text':
      return figure.value;
  }
}

/** Where an order sits in time: its scheduled date, or for an undated one, when it was created (its period). */
export function scheduledText(row: ExportRow, timeZone: string): string {
  return row.scheduledAt
    ? formatDateTime(row.scheduledAt, timeZone)
    : `Sin fecha programada (creada ${formatDateTime(row.createdAt, timeZone)})`;
}

/** Who and where the report is about: the site and its client, or every site. */
export function siteFacts({ site }: ExportOptions): [string, string][] {
  return [
    ['Sitio', site?.name ?? 'Todos los sitios'],
    ['Cliente', site?.client ?? '—'],
  ];
}

export const ORDER_HEADERS = [
  'Orden',
  'Técnico',
  'Programada',
  'Estado',
  'Trampas completadas',
  'Total de trampas',
  'Cerrada',
];

/** What the sheet 'Dispositivos' says when the export holds more devices than it lists. */
export const tooManyDevices = (devices: number, max: number) =>
  `Esta exportación abarca ${count.format(devices)} dispositivos; esta hoja los detalla hasta ${count.format(max)}. ` +
  'Exporta un sitio o un período más corto para ver cada dispositivo con su resultado y su hallazgo.';
