import type { Pest } from '@rondin/contracts';
import { TRAP_TYPES } from '@rondin/contracts/devices';
import { describe, expect, it } from 'vitest';
import { makeFinding } from '../../../testing/finding';
import {
  actionName,
  draftFromFinding,
  draftProblems,
  findingBody,
  findingSummary,
  isNoNews,
  loweredBy,
  noNewsDraft,
  recordedActivityOf,
  usualPests,
} from './finding-form';

let nextId = 0;
const pest = (name: string, group: Pest['group'], scientificName: string | null = `${name} sp.`, isActive = true) => ({
  id: ++nextId,
  name,
  scientificName,
  group,
  isActive,
  createdAt: '2030-01-01T00:00:00.000Z',
});

const CATALOGUE: Pest[] = [
  pest('Rata parda', 'ROEDORES'),
  pest('Ratón doméstico', 'ROEDORES'),
  pest('Cucaracha alemana', 'RASTREROS'),
  pest('Mosca doméstica', 'VOLADORES'),
  pest('Polilla india de la harina', 'PRODUCTO_ALMACENADO'),
  pest('Moscas', 'VOLADORES', null),
  pest('Polillas', 'VOLADORES', null),
  pest('Coleópteros', 'OTROS', null),
  pest('Rata retirada', 'ROEDORES', 'Rattus sp.', false),
];
const byName = (name: string) => CATALOGUE.find((each) => each.name === name)!;
const groupOf = (id: number) => CATALOGUE.find((each) => each.id === id)?.group;
const names = (pests: Pest[]) => pests.map((each) => each.name);

describe('usualPests: the pests each type offers first', () => {
  it('offers a rodent device the active rodents, and a glue board crawling, stored-product insects and rodents in that order', () => {
    expect(names(usualPests('CAPTURA', CATALOGUE))).toEqual(['Rata parda', 'Ratón doméstico']);
    expect(names(usualPests('LAMINA', CATALOGUE))).toEqual([
      'Cucaracha alemana',
      'Polilla india de la harina',
      'Rata parda',
      'Ratón doméstico',
    ]);
  });

  it('offers a UV lamp the flying groups it counts by, not species', () => {
    expect(names(usualPests('LUZ_UV', CATALOGUE))).toEqual(['Moscas', 'Polillas', 'Coleópteros']);
  });

  it('offers a pheromone trap stored-product insects then flying ones, and an unclassified device nothing first', () => {
    expect(names(usualPests('FEROMONA', CATALOGUE))).toEqual([
      'Polilla india de la harina',
      'Mosca doméstica',
      'Moscas',
      'Polillas',
    ]);
    expect(usualPests('OTRO', CATALOGUE)).toEqual([]);
  });
});

describe("'Sin novedad': what one tap records", () => {
  it('records a bait station as OK, no activity, 0 % eaten and the bait there', () => {
    const draft = noNewsDraft('CEBADERO', CATALOGUE);
    expect(findingBody('CEBADERO', draft, groupOf)).toEqual({
      deviceStatus: 'OK',
      baitConsumption: 0,
      baitState: null,
      captures: [],
      evidence: [],
      actions: [],
      notes: null,
    });
    expect(recordedActivityOf(draft, groupOf)).toBe('NINGUNA');
  });

  it('records a capture device with its usual pests offered at zero and no catch sent', () => {
    const draft = noNewsDraft('CAPTURA', CATALOGUE);
    expect(draft.captures).toEqual([
      { pestId: byName('Rata parda').id, count: 0, band: null },
      { pestId: byName('Ratón doméstico').id, count: 0, band: null },
    ]);
    expect(findingBody('CAPTURA', draft, groupOf)).toEqual({
      deviceStatus: 'OK',
      captures: [],
      evidence: [],
      actions: [],
      notes: null,
    });
  });

  it('fits the rules the server applies, for every device type', () => {
    for (const type of TRAP_TYPES) expect(draftProblems(type, noNewsDraft(type, CATALOGUE), groupOf)).toEqual([]);
  });

  it('is recognised as such until the technician changes something', () => {
    const draft = noNewsDraft('LAMINA', CATALOGUE);
    expect(isNoNews(draft, 'LAMINA', CATALOGUE)).toBe(true);
    expect(isNoNews({ ...draft, notes: 'Revisada' }, 'LAMINA', CATALOGUE)).toBe(false);
  });
});

describe('a finding with something in it', () => {
  it('sends the catches counted above zero, each pest once', () => {
    const draft = noNewsDraft('LAMINA', CATALOGUE);
    draft.captures[0]!.count = 3;
    draft.captures[2]!.count = 1;
    expect(findingBody('LAMINA', draft, groupOf).captures).toEqual([
      { pestId: byName('Cucaracha alemana').id, count: 3 },
      { pestId: byName('Rata parda').id, count: 1 },
    ]);
  });

  it('sends a saturated board by bands, leaving out the pests given none', () => {
    const draft = { ...noNewsDraft('LUZ_UV', CATALOGUE), saturated: true };
    draft.captures[0]!.band = '>50';
    draft.captures[1]!.band = '0';
    expect(findingBody('LUZ_UV', draft, groupOf).captures).toEqual([{ pestId: byName('Moscas').id, band: '>50' }]);
    expect(recordedActivityOf(draft, groupOf)).toBe('ALTA');
  });

  it('records at least the activity the finding shows, and sends the level only when the technician raised it', () => {
    const draft = noNewsDraft('CAPTURA', CATALOGUE);
    draft.captures[0]!.count = 1;
    expect(recordedActivityOf(draft, groupOf)).toBe('MEDIA');
    expect(findingBody('CAPTURA', { ...draft, activity: 'BAJA' }, groupOf)).not.toHaveProperty('activity');
    expect(recordedActivityOf({ ...draft, activity: 'BAJA' }, groupOf)).toBe('MEDIA');
    expect(findingBody('CAPTURA', { ...draft, activity: 'ALTA' }, groupOf)).toMatchObject({ activity: 'ALTA' });
  });

  it('reads bait eaten as activity and sends no consumption when the bait is gone (absent is not 100 % eaten)', () => {
    const draft = { ...noNewsDraft('CEBADERO', CATALOGUE), baitConsumption: 50 as const };
    expect(recordedActivityOf(draft, groupOf)).toBe('MEDIA');
    expect(findingBody('CEBADERO', { ...draft, baitState: 'CEBO_AUSENTE' }, groupOf)).toMatchObject({
      baitConsumption: null,
      baitState: 'CEBO_AUSENTE',
    });
  });

  it('keeps a note trimmed, and none when only spaces were typed', () => {
    const draft = noNewsDraft('FEROMONA', CATALOGUE);
    expect(findingBody('FEROMONA', { ...draft, notes: '  Feromona caducada  ' }, groupOf).notes).toBe(
      'Feromona caducada',
    );
    expect(findingBody('FEROMONA', { ...draft, notes: '   ' }, groupOf).notes).toBeNull();
  });

  it("shows the server's own reasons before sending a finding that does not fit the device", () => {
    const trap = noNewsDraft('CAPTURA', CATALOGUE);
    trap.captures[0]!.count = 2;
    expect(draftProblems('CAPTURA', { ...trap, deviceStatus: 'DISPARADA_SIN_CAPTURA' }, groupOf)).toEqual([
      'Una trampa disparada sin captura no puede registrar capturas.',
    ]);
    expect(
      draftProblems('LAMINA', { ...noNewsDraft('LAMINA', CATALOGUE), actions: ['TUBO_CAMBIADO'] }, groupOf),
    ).toEqual(['La acción «Tubo cambiado» no aplica a: Lámina adhesiva o monitor de insectos.']);
    expect(draftProblems('LAMINA', { ...noNewsDraft('LAMINA', CATALOGUE), notes: 'x'.repeat(1001) }, groupOf)).toEqual([
      'La nota admite como máximo 1000 caracteres.',
    ]);
  });
});

describe('names and summaries', () => {
  it("calls a pheromone trap's new bait a new lure, and a bait station's replaced bait", () => {
    expect(actionName('FEROMONA', 'CEBO_REPUESTO')).toBe('Feromona (atrayente) cambiada');
    expect(actionName('CEBADERO', 'CEBO_REPUESTO')).toBe('Cebo repuesto');
    expect(actionName('LUZ_UV', 'TUBO_CAMBIADO')).toBe('Tubo cambiado');
  });

  it("sums a finding up for the trap list: 'Sin novedad', or what was found", () => {
    const quiet = {
      deviceStatus: 'OK' as const,
      baitConsumption: 0,
      baitState: null,
      evidence: [],
      actions: [],
      captures: [],
    };
    const cockroach = byName('Cucaracha alemana').id;
    expect(findingSummary({ ...quiet, activity: 'NINGUNA' }, groupOf)).toBe('Sin novedad');
    expect(
      findingSummary(
        {
          ...quiet,
          activity: 'MEDIA',
          captures: [
            { pestId: cockroach, count: 2 },
            { pestId: byName('Rata parda').id, count: 1 },
          ],
          deviceStatus: 'SUCIO',
          actions: ['LIMPIEZA'],
        },
        groupOf,
      ),
    ).toBe('Actividad media · 3 capturas · Sucio · 1 acción');
    expect(findingSummary({ ...quiet, activity: 'ALTA', baitConsumption: 75 }, groupOf)).toBe(
      'Actividad alta · Consumo 75 %',
    );
  });

  it('works out the activity of a finding still waiting on the device, as the server will', () => {
    // A body as the phone sends it: the activity left out, the lists perhaps too.
    expect(
      findingSummary({ deviceStatus: 'OK', captures: [{ pestId: byName('Rata parda').id, count: 2 }] }, groupOf),
    ).toBe('Actividad alta · 2 capturas');
    expect(findingSummary({ deviceStatus: 'OK', baitConsumption: 0 }, groupOf)).toBe('Sin novedad');
  });
});

describe('«Corregir»: the form starts from the current finding', () => {
  const roach = () => byName('Cucaracha alemana').id;

  it('opens a glue board with its catches, signs, actions and note, on the usual rows', () => {
    const current = makeFinding({
      activity: 'BAJA',
      derivedActivity: 'BAJA',
      captures: [{ pestId: roach(), name: 'Cucaracha alemana', group: 'RASTREROS', count: 4, band: null }],
      evidence: ['INSECTOS_VIVOS'],
      actions: ['LAMINA_CAMBIADA'],
      notes: 'Junto a la puerta',
    });
    const draft = draftFromFinding('LAMINA', current, CATALOGUE, groupOf);
    expect(draft.captures.find((row) => row.pestId === roach())).toEqual({ pestId: roach(), count: 4, band: null });
    expect(draft.captures.length).toBe(noNewsDraft('LAMINA', CATALOGUE).captures.length);
    expect(draft).toMatchObject({
      evidence: ['INSECTOS_VIVOS'],
      actions: ['LAMINA_CAMBIADA'],
      notes: 'Junto a la puerta',
    });
    expect(draft.activity).toBeNull();
    // Saved unchanged, it records the same.
    expect(loweredBy(current, findingBody('LAMINA', draft, groupOf), groupOf)).toEqual([]);
    expect(findingBody('LAMINA', draft, groupOf).captures).toEqual([{ pestId: roach(), count: 4 }]);
  });

  it('keeps an activity the technician raised, and banded catches as a saturated board', () => {
    const raised = makeFinding({ activity: 'ALTA', derivedActivity: 'NINGUNA', deviceStatus: 'SUCIO' });
    expect(draftFromFinding('CEBADERO', raised, CATALOGUE, groupOf).activity).toBe('ALTA');
    const banded = makeFinding({
      captures: [{ pestId: roach(), name: 'Cucaracha alemana', group: 'RASTREROS', count: null, band: '11-50' }],
    });
    const draft = draftFromFinding('LAMINA', banded, CATALOGUE, groupOf);
    expect(draft.saturated).toBe(true);
    expect(draft.captures.find((row) => row.pestId === roach())?.band).toBe('11-50');
  });

  it('reads a finding still waiting on the phone, as the queue keeps it', () => {
    const waiting = { deviceStatus: 'OK' as const, captures: [{ pestId: roach(), count: 2 }], baitConsumption: null };
    const draft = draftFromFinding('LAMINA', waiting, CATALOGUE, groupOf);
    expect(draft.captures.find((row) => row.pestId === roach())?.count).toBe(2);
  });
});

describe('loweredBy: a correction that records less needs its reason', () => {
  const roach = () => byName('Cucaracha alemana').id;
  const rat = () => byName('Rata parda').id;
  const four = makeFinding({
    activity: 'BAJA',
    derivedActivity: 'BAJA',
    captures: [{ pestId: 3, name: 'Cucaracha alemana', group: 'RASTREROS', count: 4, band: null }],
    evidence: ['EXCREMENTOS'],
    baitConsumption: 50,
  });
  const withRoach = (count: number) => ({ ...four, captures: [{ ...four.captures[0]!, pestId: roach(), count }] });
  const body = (change: Partial<ReturnType<typeof findingBody>>): ReturnType<typeof findingBody> => ({
    deviceStatus: 'OK',
    captures: [{ pestId: roach(), count: 4 }],
    evidence: ['EXCREMENTOS'],
    actions: [],
    baitConsumption: 50,
    ...change,
  });

  it("is 'Sin novedad' over 4 catches: the tap the issue saw erase an infestation", () => {
    const noNews = findingBody('LAMINA', noNewsDraft('LAMINA', CATALOGUE), groupOf);
    expect(loweredBy(withRoach(4), noNews, groupOf)).toEqual([
      'la actividad',
      'las capturas',
      'los indicios',
      'el consumo de cebo',
    ]);
  });

  it('is fewer catches of a pest, a pest gone, a sign gone, less bait eaten or a lower activity', () => {
    expect(loweredBy(withRoach(4), body({ captures: [{ pestId: roach(), count: 3 }] }), groupOf)).not.toEqual([]);
    expect(loweredBy(withRoach(4), body({ captures: [{ pestId: rat(), count: 9 }] }), groupOf)).not.toEqual([]);
    expect(loweredBy(withRoach(4), body({ evidence: [] }), groupOf)).not.toEqual([]);
    expect(loweredBy(withRoach(4), body({ baitConsumption: 25 }), groupOf)).not.toEqual([]);
    const high = { ...withRoach(4), activity: 'ALTA' as const };
    expect(loweredBy(high, body({}), groupOf)).not.toEqual([]);
  });

  it('is not more catches, a sign or an action added, or the same again', () => {
    expect(loweredBy(withRoach(4), body({}), groupOf)).toEqual([]);
    expect(loweredBy(withRoach(4), body({ captures: [{ pestId: roach(), count: 9 }] }), groupOf)).toEqual([]);
    expect(
      loweredBy(withRoach(4), body({ evidence: ['EXCREMENTOS', 'HUELLAS'], actions: ['LIMPIEZA'] }), groupOf),
    ).toEqual([]);
    expect(loweredBy(withRoach(4), body({ captures: [{ pestId: roach(), band: '11-50' }] }), groupOf)).toEqual([]);
  });
});
