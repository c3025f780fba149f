import type { ComplianceReport } from '@rondin/contracts';
import type { ExportRow } from './reports.repository.js';

export interface ExportOptions {
  figures: ComplianceReport;
  timeZone: string;
  generatedAt: Date;
}

export const STATUS_TEXT: Record<ExportRow['status'], string> = {
  PENDING: 'Pendiente',
  IN_PROGRESS: 'En progreso',
  COMPLETED: 'Completada',
};

/** The compliance figures as label/value pairs, in the order the dashboard shows them. */
export function figureRows({ figures }: ExportOptions): [string, number | string][] {
  return [
    ['Órdenes programadas', figures.totalSessions],
    ['Órdenes completadas', figures.completedSessions],
    ['Cumplimiento', `${figures.completionRate} %`],
    ['Trampas pendientes', figures.pendingTraps],
    ['Órdenes vencidas sin completar', figures.overdueSessions],
  ];
}

export const ORDER_HEADERS = ['Orden', 'Técnico', 'Programada', 'Estado', 'Trampas completadas', 'Total de trampas', 'Cerrada'];
