import { type PestGroup, TRAP_TYPES } from '@rondin/contracts/devices';
import { deriveActivity, FINDING_FIELDS, type FindingInput, findingProblems } from '@rondin/contracts/finding-rules';
import { FindingMessages } from '@rondin/contracts/messages';
import { describe, expect, it } from 'vitest';

/** The rules the phone's form and the server share (packages/contracts/src/finding-rules.ts), without a database. */
const RAT = 1;
const FLY = 2;
const groups: Record<number, PestGroup> = { [RAT]: 'ROEDORES', [FLY]: 'VOLADORES' };
const groupOf = (pestId: number) => groups[pestId];
const finding = (overrides: Partial<FindingInput> = {}): FindingInput => ({
  deviceStatus: 'OK',
  captures: [],
  evidence: [],
  actions: [],
  ...overrides,
});

describe('deriveActivity', () => {
  it.each([
    [{}, 'NINGUNA'],
    [{ baitConsumption: 0 }, 'NINGUNA'],
    [{ baitConsumption: 25 }, 'BAJA'],
    [{ baitConsumption: 50 }, 'MEDIA'],
    [{ baitConsumption: 75 }, 'ALTA'],
    [{ baitState: 'CEBO_AUSENTE' }, 'NINGUNA'],
    [{ captures: [{ pestId: RAT, count: 1 }] }, 'MEDIA'],
    [{ captures: [{ pestId: RAT, count: 2 }] }, 'ALTA'],
    [{ captures: [{ pestId: FLY, count: 10 }] }, 'BAJA'],
    [{ captures: [{ pestId: FLY, count: 11 }] }, 'MEDIA'],
    [{ captures: [{ pestId: FLY, count: 51 }] }, 'ALTA'],
    [{ captures: [{ pestId: FLY, band: '0' }] }, 'NINGUNA'],
    [{ captures: [{ pestId: FLY, band: '>50' }] }, 'ALTA'],
    [{ captures: [{ pestId: FLY, count: 0 }] }, 'NINGUNA'],
    [{ evidence: ['HUELLAS'] }, 'BAJA'],
    [{ evidence: ['NIDO'] }, 'MEDIA'],
    [{ baitConsumption: 25, evidence: ['NIDO'], captures: [{ pestId: FLY, count: 60 }] }, 'ALTA'],
  ] as [Partial<FindingInput>, string][])('%j → %s', (overrides, expected) => {
    expect(deriveActivity(finding(overrides), groupOf)).toBe(expected);
  });
});

describe('findingProblems', () => {
  it('accepts "sin novedad" on every type', () => {
    for (const type of TRAP_TYPES) expect(findingProblems(type, finding(), groupOf)).toEqual([]);
  });

  it('takes bait on bait stations only, and no consumption with the bait absent', () => {
    expect(findingProblems('CEBADERO', finding({ baitConsumption: 50 }), groupOf)).toEqual([]);
    expect(findingProblems('LAMINA', finding({ baitConsumption: 50 }), groupOf)).toEqual([
      FindingMessages.baitOnlyStations,
    ]);
    expect(findingProblems('CEBADERO', finding({ baitState: 'CEBO_AUSENTE', baitConsumption: 0 }), groupOf)).toEqual([
      FindingMessages.absentBaitConsumption,
    ]);
    expect(
      findingProblems('CEBADERO', finding({ baitState: 'CEBO_DETERIORADO', baitConsumption: 25 }), groupOf),
    ).toEqual([]);
  });

  it('takes bands on glue boards and light traps only', () => {
    const banded = finding({ captures: [{ pestId: FLY, band: '11-50' }] });
    const takesBands = TRAP_TYPES.filter((type) => findingProblems(type, banded, groupOf).length === 0);
    expect(takesBands).toEqual(['LAMINA', 'LUZ_UV', 'OTRO']);
  });

  it('keeps "disparada sin captura" for snap traps, and without captures', () => {
    const triggered = finding({ deviceStatus: 'DISPARADA_SIN_CAPTURA' });
    expect(TRAP_TYPES.filter((type) => findingProblems(type, triggered, groupOf).length === 0)).toEqual([
      'CAPTURA',
      'OTRO',
    ]);
    expect(findingProblems('CAPTURA', { ...triggered, captures: [{ pestId: RAT, count: 1 }] }, groupOf)).toEqual([
      FindingMessages.triggeredWithCaptures,
    ]);
  });

  it('takes each type’s own actions, and names every action it refuses', () => {
    for (const type of TRAP_TYPES) {
      expect(findingProblems(type, finding({ actions: [...FINDING_FIELDS[type].actions] }), groupOf)).toEqual([]);
    }
    expect(findingProblems('CEBADERO', finding({ actions: ['TUBO_CAMBIADO', 'LAMINA_CAMBIADA'] }), groupOf)).toEqual([
      FindingMessages.actionNotForType('Tubo cambiado', 'Estación de cebo para roedores'),
      FindingMessages.actionNotForType('Lámina cambiada', 'Estación de cebo para roedores'),
    ]);
  });

  it('lets the technician raise the activity, never lower it', () => {
    const eaten = finding({ baitConsumption: 75 });
    expect(findingProblems('CEBADERO', { ...eaten, activity: 'ALTA' }, groupOf)).toEqual([]);
    expect(findingProblems('CEBADERO', { ...eaten, activity: 'MEDIA' }, groupOf)).toEqual([
      FindingMessages.activityBelowDerived('actividad alta'),
    ]);
    expect(findingProblems('LAMINA', finding({ activity: 'MEDIA' }), groupOf)).toEqual([]);
  });
});
