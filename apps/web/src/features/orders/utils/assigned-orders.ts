import type { Session } from '@rondin/contracts';
import { sessionStatus } from './session-status';

export interface AssignedOrders {
  /** Pending and in-progress orders, newest first: the technician's work. */
  open: Session[];
  /** Closed orders, newest first, kept below for their reports. */
  completed: Session[];
}

/** Splits the technician's orders (newest first, as the server sends them) into open and completed. */
export function splitAssignedOrders(sessions: readonly Session[]): AssignedOrders {
  const open: Session[] = [];
  const completed: Session[] = [];
  for (const session of sessions) (sessionStatus(session) === 'COMPLETED' ? completed : open).push(session);
  return { open, completed };
}

/** The distinct areas of an order's traps, in the order they appear, for a one-line summary on its card. */
export function orderAreas(session: Pick<Session, 'items'>): string[] {
  const areas = new Set<string>();
  for (const item of session.items) if (item.trap.area?.trim()) areas.add(item.trap.area.trim());
  return [...areas];
}
