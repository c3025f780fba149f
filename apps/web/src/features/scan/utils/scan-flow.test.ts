import type { SessionItem } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { canCloseOrder, decideScan, normalizeTypedCode, orderProgress, parseOrderId, trapName } from './scan-flow';

const idle = { pendingCode: null, orderCompleted: false };

function item(status: SessionItem['status'], overrides: Partial<SessionItem> = {}): SessionItem {
  return { id: 1, trapId: 7, status, completedAt: null, completedBy: null, trap: { code: 'TRP-007', area: 'Bodega' }, ...overrides };
}

describe('decideScan (spec section 4)', () => {
  it('sends a new code, trimmed', () => {
    expect(decideScan('  abcd1234  ', idle)).toEqual({ kind: 'send', code: 'abcd1234' });
  });

  it('ignores an empty code', () => {
    expect(decideScan('', idle)).toEqual({ kind: 'ignore', reason: 'empty' });
    expect(decideScan('   ', idle)).toEqual({ kind: 'ignore', reason: 'empty' });
  });

  it('never resends the code of the request in flight', () => {
    expect(decideScan('abcd1234', { pendingCode: 'abcd1234', orderCompleted: false })).toEqual({ kind: 'ignore', reason: 'same-code' });
  });

  it('ignores any other code while a request is pending', () => {
    expect(decideScan('efgh5678', { pendingCode: 'abcd1234', orderCompleted: false })).toEqual({ kind: 'ignore', reason: 'pending' });
  });

  it('refuses locally once the order is completed', () => {
    expect(decideScan('abcd1234', { pendingCode: null, orderCompleted: true })).toEqual({ kind: 'refuse-closed' });
  });
});

describe('normalizeTypedCode', () => {
  it('removes the spaces and hyphens of the printed groups and lower-cases', () => {
    expect(normalizeTypedCode('ABCD 1234 EFGH 5678 JKMN')).toBe('abcd1234efgh5678jkmn');
    expect(normalizeTypedCode(' abcd-1234 - efgh\t5678  jkmn ')).toBe('abcd1234efgh5678jkmn');
  });
});

describe('orderProgress', () => {
  it('counts completed items and rounds the percent', () => {
    expect(orderProgress([item('COMPLETED'), item('PENDING'), item('PENDING')])).toEqual({ completed: 1, total: 3, percent: 33 });
    expect(orderProgress([item('COMPLETED'), item('COMPLETED'), item('PENDING')])).toEqual({ completed: 2, total: 3, percent: 67 });
    expect(orderProgress([])).toEqual({ completed: 0, total: 0, percent: 0 });
  });
});

describe('canCloseOrder (technician)', () => {
  const done = [item('COMPLETED'), item('COMPLETED', { id: 2 })];

  it('allows closing an open order whose traps are all completed', () => {
    expect(canCloseOrder({ status: 'IN_PROGRESS', items: done }, false)).toBe(true);
  });

  it('refuses while a trap is pending', () => {
    expect(canCloseOrder({ status: 'IN_PROGRESS', items: [item('COMPLETED'), item('PENDING', { id: 2 })] }, false)).toBe(false);
  });

  it('refuses an order without traps', () => {
    expect(canCloseOrder({ status: 'PENDING', items: [] }, false)).toBe(false);
  });

  it('refuses an order already completed', () => {
    expect(canCloseOrder({ status: 'COMPLETED', items: done }, false)).toBe(false);
  });

  it('refuses while a close request is pending', () => {
    expect(canCloseOrder({ status: 'IN_PROGRESS', items: done }, true)).toBe(false);
  });
});

describe('parseOrderId', () => {
  it('accepts a positive whole number', () => {
    expect(parseOrderId('42')).toBe(42);
  });

  it('rejects anything else', () => {
    for (const param of [undefined, '', '0', '-3', '1.5', 'abc', '12abc', ' 7', '1e3', '99999999999999999999']) expect(parseOrderId(param)).toBeNull();
  });
});

describe('trapName', () => {
  it("is the trap's code, else 'Trampa #id'", () => {
    expect(trapName(item('PENDING'))).toBe('TRP-007');
    expect(trapName(item('PENDING', { trapId: 12, trap: { code: ' ', area: null } }))).toBe('Trampa #12');
  });
});
