import { describe, expect, it } from 'vitest';
import { countOf, overdueText } from './plurals';

describe('overdueText', () => {
  it('agrees with its number: one order, several orders, thousands', () => {
    expect(overdueText(1)).toBe('1 orden vencida sin completar');
    expect(overdueText(3)).toBe('3 órdenes vencidas sin completar');
    expect(overdueText(12500)).toBe('12.500 órdenes vencidas sin completar');
  });

  it('never writes a "(s)" plural', () => {
    expect(countOf(0, 'trampa', 'trampas')).toBe('0 trampas');
    expect(countOf(1, 'trampa', 'trampas')).toBe('1 trampa');
  });
});
