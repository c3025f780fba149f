import { describe, expect, it } from 'vitest';
import { draftBody, quarterChoices, recommendationRow } from './draft';

describe('draftBody', () => {
  it('sends the areas walked and whole recommendations, trimmed; an area without its pressure stays on the screen', () => {
    expect(
      draftBody({
        areas: [
          { area: ' Muelle ', pressure: 'MEDIA', conditions: ['HIGIENE'], notes: '  ', photoIds: ['a'] },
          { area: 'Cocina', pressure: null, conditions: ['PROCESO'], notes: 'Sin ver aún', photoIds: [] },
        ],
        conclusions: '  ',
        recommendations: [recommendationRow(' Sellar ', '2027-01-15'), recommendationRow('Sin fecha', '')],
      }),
    ).toEqual({
      areas: [{ area: 'Muelle', pressure: 'MEDIA', conditions: ['HIGIENE'], notes: null, photoIds: ['a'] }],
      conclusions: null,
      recommendations: [{ text: 'Sellar', dueDate: '2027-01-15' }],
    });
  });
});

describe('quarterChoices', () => {
  it('offers the quarter under way and the four before, across a year', () => {
    expect(quarterChoices(new Date(2027, 1, 10))).toEqual([
      '2027-01-01',
      '2026-10-01',
      '2026-07-01',
      '2026-04-01',
      '2026-01-01',
    ]);
  });
});
