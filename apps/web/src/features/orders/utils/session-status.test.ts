import { describe, expect, it } from 'vitest';
import { CLOSE_CONFIRMATIONS, closeDecision, sessionStatus, STATUS_LABELS } from './session-status';

describe('closeDecision', () => {
  it('forces after a confirmation when the order has no items', () => {
    expect(closeDecision({ itemCount: 0, completedCount: 0 })).toEqual({ force: true, confirm: CLOSE_CONFIRMATIONS.noItems });
  });

  it('forces after a confirmation when some items are pending', () => {
    expect(closeDecision({ itemCount: 3, completedCount: 2 })).toEqual({ force: true, confirm: CLOSE_CONFIRMATIONS.pending });
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
