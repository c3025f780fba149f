import { describe, expect, it } from 'vitest';
import { selectionState, stateOf, toggleAll, toggleOne } from './selection';

describe('selection', () => {
  it('reports none, some (partial) or all', () => {
    expect(selectionState([1, 2, 3], new Set())).toBe('none');
    expect(selectionState([1, 2, 3], new Set([2, 9]))).toBe('some');
    expect(selectionState([1, 2, 3], new Set([1, 2, 3]))).toBe('all');
    expect(stateOf(0, 0)).toBe('none');
    expect(stateOf(4, 800)).toBe('some');
  });

  it('select-all fills a partial selection and clears a full one, leaving other items alone', () => {
    expect([...toggleAll([1, 2], new Set([1, 7]))].sort()).toEqual([1, 2, 7]);
    expect([...toggleAll([1, 2], new Set([1, 2, 7]))]).toEqual([7]);
  });

  it('toggles one item', () => {
    expect([...toggleOne(2, new Set([1]))]).toEqual([1, 2]);
    expect([...toggleOne(1, new Set([1, 2]))]).toEqual([2]);
  });
});
