import { describe, expect, it } from 'vitest';
import { progressPercent } from './format';

describe('progressPercent', () => {
  it('rounds completed over total to a whole percent', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(1, 8)).toBe(13);
    expect(progressPercent(5, 5)).toBe(100);
  });

  it('is 0 for an order without items', () => {
    expect(progressPercent(0, 0)).toBe(0);
  });
});
