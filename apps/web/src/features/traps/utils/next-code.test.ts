import { describe, expect, it } from 'vitest';
import { nextCode } from './next-code';

describe('nextCode', () => {
  it('adds one to the last number, keeping its zeros', () => {
    expect(nextCode('TRP-011')).toBe('TRP-012');
    expect(nextCode('TRP-099')).toBe('TRP-100');
    expect(nextCode('TRP-999')).toBe('TRP-1000');
    expect(nextCode('A9')).toBe('A10');
    expect(nextCode('P1-07-B')).toBe('P1-08-B');
    expect(nextCode(' BOD-0001 ')).toBe('BOD-0002');
  });

  it('offers nothing for a code without a number', () => {
    expect(nextCode('ENTRADA')).toBe('');
    expect(nextCode('')).toBe('');
  });
});
