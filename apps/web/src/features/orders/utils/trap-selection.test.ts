import { describe, expect, it } from 'vitest';
import { NO_AREA } from './trap-groups';
import { areaOf, countPicked, matchesSearch, togglePicked, withoutMatching, withTraps } from './trap-selection';

const kitchen = { id: 1, code: 'TRP-1', area: 'Cocina' };
const yard = { id: 2, code: 'EXT-1', area: 'Patio' };
const loose = { id: 3, code: 'TRP-9', area: null };

describe('the order form selection', () => {
  it('matches the server search: the start of the code or of the area, in any case', () => {
    expect(matchesSearch(kitchen, 'trp')).toBe(true);
    expect(matchesSearch(kitchen, 'coc')).toBe(true);
    expect(matchesSearch(kitchen, 'ocina')).toBe(false);
    expect(matchesSearch(loose, 'sin')).toBe(false);
    expect(matchesSearch(loose, '')).toBe(true);
  });

  it('counts chosen traps by search and by area, traps without one in Sin área', () => {
    const picked = withTraps(new Map(), [kitchen, yard, loose]);
    expect(countPicked(picked, '')).toBe(3);
    expect(countPicked(picked, 'trp')).toBe(2);
    expect(countPicked(picked, 'trp', NO_AREA)).toBe(1);
    expect(areaOf({ area: '  ' })).toBe(NO_AREA);
  });

  it('removes what matches a search in an area, and toggles one trap', () => {
    const picked = withTraps(new Map(), [kitchen, yard, loose]);
    expect([...withoutMatching(picked, 'trp').keys()]).toEqual([2]);
    expect([...withoutMatching(picked, '', 'Cocina').keys()]).toEqual([2, 3]);
    expect([...togglePicked(picked, yard).keys()]).toEqual([1, 3]);
    expect([...togglePicked(new Map(), yard).keys()]).toEqual([2]);
  });
});
