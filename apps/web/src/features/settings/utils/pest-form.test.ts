import type { Pest } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { PEST_MESSAGES } from '../messages';
import { emptyPestForm, pestToForm, toCreatePestBody, toUpdatePestBody, validatePest } from './pest-form';

const rat: Pest = {
  id: 1,
  name: 'Rata noruega',
  scientificName: 'Rattus norvegicus',
  group: 'ROEDORES',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('validatePest', () => {
  it('asks for the name first, then for the group', () => {
    expect(validatePest({ ...emptyPestForm, name: '  ' })).toBe(PEST_MESSAGES.nameRequired);
    expect(validatePest({ ...emptyPestForm, name: 'Moscas' })).toBe(PEST_MESSAGES.groupRequired);
    expect(validatePest({ ...emptyPestForm, name: 'Moscas', group: 'VOLADORES' })).toBeNull();
  });
});

describe('toCreatePestBody', () => {
  it('trims, and leaves out an empty scientific name (a group-level entry)', () => {
    expect(toCreatePestBody({ name: ' Moscas ', scientificName: ' ', group: 'VOLADORES', isActive: true })).toEqual({
      name: 'Moscas',
      group: 'VOLADORES',
      isActive: true,
    });
  });
});

describe('toUpdatePestBody', () => {
  it('sends nothing for an untouched form', () => {
    expect(toUpdatePestBody({ ...pestToForm(rat), group: 'ROEDORES' }, rat)).toEqual({});
  });

  it('sends an emptied scientific name as null, and what else changed', () => {
    const values = { ...pestToForm(rat), scientificName: '', group: 'OTROS' as const, isActive: false };
    expect(toUpdatePestBody(values, rat)).toEqual({ scientificName: null, group: 'OTROS', isActive: false });
  });
});
