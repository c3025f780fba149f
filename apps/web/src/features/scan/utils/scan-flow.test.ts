import type { SessionItem } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import {
  canCloseOrder,
  checkTypedCode,
  decideScan,
  itemState,
  normalizeTypedCode,
  orderProgress,
  parseOrderId,
  trapName,
} from './scan-flow';

const idle = { pendingCode: null, orderCompleted: false };

function item(status: SessionItem['status'], overrides: Partial<SessionItem> = {}): SessionItem {
  return {
    id: 1,
    trapId: 7,
    status,
    completedAt: null,
    completedBy: null,
    trap: { code: 'TRP-007', area: 'Bodega', type: 'OTRO' as const, qrHash: '7'.repeat(64), routeOrder: null },
    outcome: null,
    exception: null,
    manual: null,
    addedOnSite: false,
    finding: null,
    photoIds: [],
    ...overrides,
  };
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
    expect(decideScan('abcd1234', { pendingCode: 'abcd1234', orderCompleted: false })).toEqual({
      kind: 'ignore',
      reason: 'same-code',
    });
  });

  it('ignores any other code while a request is pending', () => {
    expect(decideScan('efgh5678', { pendingCode: 'abcd1234', orderCompleted: false })).toEqual({
      kind: 'ignore',
      reason: 'pending',
    });
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

  it('reads o, i and l, which the code never holds, as the digits they look like', () => {
    expect(normalizeTypedCode('ABCD 1234 EFGH 5678 JKMO')).toBe('abcd1234efgh5678jkm0');
    expect(normalizeTypedCode('IL00')).toBe('1100');
  });
});

describe('checkTypedCode', () => {
  const codes = ['TRP-201', 'Bodega 2'];

  it("gives the slug of a well-formed code, or of a label's address pasted in", () => {
    expect(checkTypedCode('ABCD 1234 EFGH 5678 JKMN', codes)).toEqual({ slug: 'abcd1234efgh5678jkmn' });
    expect(checkTypedCode('https://rondin.example.cl/t/abcd1234efgh5678jkmn', codes)).toEqual({
      slug: 'abcd1234efgh5678jkmn',
    });
  });

  it("recognises one of the order's trap names typed instead of the code", () => {
    expect(checkTypedCode(' trp-201 ', codes)).toEqual({ problem: { kind: 'trap-code', code: 'TRP-201' } });
  });

  it('counts the characters of a code too short or too long, and refuses characters the code never holds', () => {
    expect(checkTypedCode('TRP-999', codes)).toEqual({ problem: { kind: 'length', count: 6 } });
    expect(checkTypedCode('abcd 1234 efgh 5678 jkmn 9', codes)).toEqual({ problem: { kind: 'length', count: 21 } });
    expect(checkTypedCode('abcd 1234 efgh 5678 jkm!', codes)).toEqual({ problem: { kind: 'characters' } });
  });
});

/** An item whose trap's code hashes to `qrHash` (the server's `trap.qrHash`). */
const withHash = (status: SessionItem['status'], id: number, qrHash: string) =>
  item(status, { id, trapId: id, trap: { code: `TRP-00${id}`, area: null, type: 'OTRO', qrHash, routeOrder: null } });

describe('itemState', () => {
  const unsent = new Set(['a'.repeat(64)]);

  it('is unsent for a pending item whose trap a scan waiting on the device read (same code hash)', () => {
    expect(itemState(withHash('PENDING', 1, 'a'.repeat(64)), unsent)).toBe('unsent');
  });

  it('is pending when no waiting scan has its hash, and when nothing waits', () => {
    expect(itemState(withHash('PENDING', 2, 'b'.repeat(64)), unsent)).toBe('pending');
    expect(itemState(withHash('PENDING', 1, 'a'.repeat(64)), new Set())).toBe('pending');
  });

  it('is completed once the server says so, whether or not a scan of it still waits', () => {
    expect(itemState(withHash('COMPLETED', 1, 'a'.repeat(64)), unsent)).toBe('completed');
    expect(itemState(withHash('COMPLETED', 2, 'b'.repeat(64)), unsent)).toBe('completed');
  });
});

describe('orderProgress', () => {
  it('counts completed items and rounds the percent', () => {
    expect(orderProgress([item('COMPLETED'), item('PENDING'), item('PENDING')])).toEqual({
      completed: 1,
      total: 3,
      percent: 33,
    });
    expect(orderProgress([item('COMPLETED'), item('COMPLETED'), item('PENDING')])).toEqual({
      completed: 2,
      total: 3,
      percent: 67,
    });
    expect(orderProgress([])).toEqual({ completed: 0, total: 0, percent: 0 });
  });

  it('counts a trap scanned without signal as done, once', () => {
    const items = [
      withHash('COMPLETED', 1, '1'.repeat(64)),
      withHash('PENDING', 2, '2'.repeat(64)),
      withHash('PENDING', 3, '3'.repeat(64)),
    ];
    expect(orderProgress(items, new Set(['2'.repeat(64)]))).toEqual({ completed: 2, total: 3, percent: 67 });
    // A scan still waiting for a trap the server already completed does not count it twice.
    expect(orderProgress(items, new Set(['1'.repeat(64), '2'.repeat(64), '3'.repeat(64)]))).toEqual({
      completed: 3,
      total: 3,
      percent: 100,
    });
  });
});

describe('canCloseOrder (technician)', () => {
  const done = [item('COMPLETED'), item('COMPLETED', { id: 2 })];

  it('allows closing an open order whose traps are all completed', () => {
    expect(canCloseOrder({ status: 'IN_PROGRESS', items: done }, false)).toBe(true);
  });

  it('refuses while a trap is pending', () => {
    expect(
      canCloseOrder({ status: 'IN_PROGRESS', items: [item('COMPLETED'), item('PENDING', { id: 2 })] }, false),
    ).toBe(false);
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
    for (const param of [undefined, '', '0', '-3', '1.5', 'abc', '12abc', ' 7', '1e3', '99999999999999999999'])
      expect(parseOrderId(param)).toBeNull();
  });
});

describe('trapName', () => {
  it("is the trap's code, else 'Trampa #id'", () => {
    expect(trapName(item('PENDING'))).toBe('TRP-007');
    expect(
      trapName(
        item('PENDING', {
          trapId: 12,
          trap: { code: ' ', area: null, type: 'OTRO' as const, qrHash: 'c'.repeat(64), routeOrder: null },
        }),
      ),
    ).toBe('Trampa #12');
  });
});
