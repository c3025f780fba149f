import type { Session, SessionStatus } from '@rondin/contracts';
import type { BadgeTone } from '../../../components/ui/status-badge';

export const STATUS_LABELS: Record<SessionStatus, string> = {
  PENDING: 'Pendiente',
  IN_PROGRESS: 'En progreso',
  COMPLETED: 'Completada',
};

export const STATUS_TONES: Record<SessionStatus, BadgeTone> = {
  PENDING: 'warning',
  IN_PROGRESS: 'info',
  COMPLETED: 'success',
};

/** A forced close is not a completed inspection (honest compliance counts it apart): its badge says so. */
const FORCE_CLOSED_LABEL = 'Cerrada con pendientes';

/** What an order's badge says: its status, except that an order closed with traps pending says so apart. */
export function sessionBadge(session: Pick<Session, 'status' | 'forceClosed'>): { label: string; tone: BadgeTone } {
  const status = sessionStatus(session);
  if (status === 'COMPLETED' && session.forceClosed) return { label: FORCE_CLOSED_LABEL, tone: 'danger' };
  return { label: STATUS_LABELS[status], tone: STATUS_TONES[status] };
}

/** Spec section 3: a missing status is read as PENDING. */
export function sessionStatus(session: Pick<Session, 'status'>): SessionStatus {
  return session.status ?? 'PENDING';
}

export type CloseDecision = { force: false; confirm: null } | { force: true; confirm: string };

export const CLOSE_CONFIRMATIONS = {
  noItems: 'La orden no tiene trampas asignadas. ¿Deseas cerrarla de todos modos?',
  pending: 'La orden aún tiene trampas pendientes. ¿Deseas cerrarla de todos modos?',
} as const;

/**
 * Spec section 4: an order with no items, or with pending items, is closed with force=true after a
 * confirmation; one whose items are all done is closed with force=false.
 */
export function closeDecision(session: Pick<Session, 'itemCount' | 'completedCount'>): CloseDecision {
  if (session.itemCount === 0) return { force: true, confirm: CLOSE_CONFIRMATIONS.noItems };
  if (session.completedCount < session.itemCount) return { force: true, confirm: CLOSE_CONFIRMATIONS.pending };
  return { force: false, confirm: null };
}

/**
 * The dashboard's rule for overdue (overdueSessions, GET /api/sessions?overdue=true): not completed, and its
 * scheduled time has passed. An undated order is never overdue.
 */
export function isOverdue(session: Pick<Session, 'status' | 'scheduledAt'>, now: number = Date.now()): boolean {
  return session.status !== 'COMPLETED' && session.scheduledAt !== null && Date.parse(session.scheduledAt) < now;
}
