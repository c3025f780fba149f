import type { ProgrammeVersion } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { PROGRAMME_MESSAGES as TEXT } from '../messages';
import { formToBody, frequencyRow, programmeToForm, validateProgramme } from './programme-form';

const saved: ProgrammeVersion = {
  id: 1,
  siteId: 1,
  version: 1,
  effectiveFrom: '2026-01-01',
  scope: 'Planta',
  targetPestGroups: ['ROEDORES'],
  methods: 'Cebo',
  frequencies: [{ type: 'CEBADERO', zone: null, frequency: 'MENSUAL' }],
  responseTimeHours: 24,
  responsibilities: [{ party: 'CLIENTE', text: 'Orden' }],
  permittedProductIds: [3],
  permittedProducts: [{ id: 3, name: 'Cebo', isActive: true }],
  savedAt: '2026-01-01T10:00:00.000Z',
  savedBy: { id: 1, fullName: 'Olga' },
  approval: null,
  acceptance: null,
  inForce: false,
};

describe('the programme form', () => {
  it('starts a new version from the latest, ruling from today, and sends it back as it was', () => {
    const values = programmeToForm(saved, '2026-05-04');
    expect(values.effectiveFrom).toBe('2026-05-04');
    expect(validateProgramme(values)).toBeNull();
    expect(formToBody(values)).toEqual({
      scope: 'Planta',
      targetPestGroups: ['ROEDORES'],
      methods: 'Cebo',
      frequencies: [{ type: 'CEBADERO', zone: null, frequency: 'MENSUAL' }],
      responseTimeHours: 24,
      responsibilities: [{ party: 'CLIENTE', text: 'Orden' }],
      permittedProductIds: [3],
      effectiveFrom: '2026-05-04',
    });
  });

  it('says what is missing before sending, in the server’s words', () => {
    const empty = programmeToForm(undefined, '2026-05-04');
    expect(validateProgramme(empty)).toBe(TEXT.scopeRequired);
    const filled = { ...programmeToForm(saved, '2026-05-04') };
    expect(validateProgramme({ ...filled, targetPestGroups: [] })).toBe(TEXT.pestGroupsRequired);
    expect(validateProgramme({ ...filled, responseTimeHours: '0' })).toBe(TEXT.responseTimeInvalid);
    expect(validateProgramme({ ...filled, responseTimeHours: '1.5' })).toBe(TEXT.responseTimeInvalid);
    expect(validateProgramme({ ...filled, frequencies: [frequencyRow(), frequencyRow()] })).toBe(
      TEXT.repeatedFrequency,
    );
    expect(validateProgramme({ ...filled, responsibilities: [{ key: 1, party: 'EMPRESA', text: ' ' }] })).toBe(
      TEXT.responsibilityEmpty,
    );
  });
});
