import { describe, expect, it } from 'vitest';
import {
  CLOSE_CONFIRMATIONS,
  closeDecision,
  isOverdue,
  sessionBadge,
  sessionStatus,
  STATUS_LABELS,
} from './session-status';

describe('closeDecision', () => {
  it('forces after a confirmation when the order has no items', () => {
    expect(closeDecision({ itemCount: 0, completedCount: 0 })).toEqual({
      force: true,
      confirm: CLOSE_CONFIRMATIONS.noItems,
    });
  });

  it('forces after a confirmation when some items are pending', () => {
    expect(closeDecision({ itemCount: 3, completedCount: 2 })).toEqual({
      force: true,
      confirm: CLOSE_CONFIRMATIONS.pending,
    });
  });

  it('closes plainly when every item is done', () => {
    expect(closeDecision({ itemCount: 3, completedCount: 3 })).toEqual({ force: false, confirm: null });
  });
});

describe('sessionStatus', () => {
  it('reads a missing status as pending', () => {
    expect(STATUS_LABELS[sessionStatus({ status: undefined as never })]).toBe('Pendiente');
    expect(STATUS_LABELS[sessionStatus({ status: 'IN_PROGRESS' })]).toBe('En progreso');
  });
});

describe('isOverdue', () => {
  const now = Date.parse('2030-01-10T12:00:00.000Z');
  it('is an open order whose time has passed; never a completed or an undated one', () => {
    expect(isOverdue({ status: 'PENDING', scheduledAt: '2030-01-10T11:59:00.000Z' }, now)).toBe(true);
    expect(isOverdue({ status: 'IN_PROGRESS', scheduledAt: '2030-01-01T00:00:00.000Z' }, now)).toBe(true);
    expect(isOverdue({ status: 'PENDING', scheduledAt: '2030-01-10T12:01:00.000Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'COMPLETED', scheduledAt: '2030-01-01T00:00:00.000Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'PENDING', scheduledAt: null }, now)).toBe(false);
  });
});

describe('sessionBadge', () => {
  it('says the status, and tells an order closed with traps pending apart from a completed one', () => {
    expect(sessionBadge({ status: 'IN_PROGRESS', forceClosed: false })).toEqual({ label: 'En progreso', tone: 'info' });
    expect(sessionBadge({ status: 'COMPLETED', forceClosed: false })).toEqual({ label: 'Completada', tone: 'success' });
    expect(sessionBadge({ status: 'COMPLETED', forceClosed: true })).toEqual({
      label: 'Cerrada con pendientes',
      tone: 'danger',
    });
  });
});
