import {
  ActionMessages,
  type ActionList,
  PEST_GROUP_NAMES,
  type PutFindingInput,
  type SiteThresholds,
  type Threshold,
  type ThresholdSet,
} from '@rondin/contracts';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema.js';
import { type Device, useBreachWorld } from '../../../test/breaches.js';
import { notFoundException, recordException } from '../../../test/findings.js';
import { DEFAULT_SITE_ID } from '../../../test/test-app.js';

/**
 * Thresholds judged on real findings: the shipped limits and their versions, a site's own limits, the refusals,
 * and the per-device-week captures of UV and pheromone traps. What a breach opens is in ../actions/actions.test.ts.
 */
const { world, get, send, device, visit, inspect, breachOf, shippedSecondVersionSince } = useBreachWorld();
const actions = (query = '') => get<ActionList>(`/api/actions${query}`);

describe('thresholds', () => {
  it('ship strict defaults indoors; UV and pheromone traps per device-week from migration 0020', async () => {
    const set = await get<ThresholdSet>('/api/thresholds');
    // Shipped, changed by nobody: no version date, though the second version is in force since the migration.
    expect(set.validFrom).toBeNull();
    const perWeek = { zone: 'INTERIOR', riskLevel: null, pestGroup: 'VOLADORES', level: 'ACCION', value: 50 };
    expect(set.thresholds).toContainEqual({ trapType: 'LUZ_UV', metric: 'CAPTURAS_SEMANA', ...perWeek });
    expect(
      set.thresholds
        .filter((row) => row.trapType !== 'CEBADERO' && row.metric === 'CAPTURAS')
        .map((row) => row.trapType),
    ).not.toContain('LUZ_UV');
    // The version before it: the first shipped one, per inspection, answered with no version date.
    const [{ since }] = (
      (await world.t.database.db.execute(
        sql`select max(valid_from)::text as since from thresholds where metric = 'CAPTURAS_SEMANA'`,
      )) as unknown as { rows: { since: string }[] }
    ).rows as [{ since: string }];
    const before = new Date(Date.parse(since) - 1).toISOString();
    const first = await get<ThresholdSet>(`/api/thresholds?at=${encodeURIComponent(before)}`);
    expect(first.validFrom).toBeNull();
    expect(first.thresholds).toContainEqual({ trapType: 'LUZ_UV', metric: 'CAPTURAS', ...perWeek });
    expect(first.thresholds.some((row) => row.metric === 'CAPTURAS_SEMANA')).toBe(false);
    expect(set.thresholds).toContainEqual({
      trapType: 'CAPTURA',
      zone: 'INTERIOR',
      riskLevel: null,
      metric: 'CAPTURAS',
      pestGroup: 'ROEDORES',
      level: 'ACCION',
      value: 1,
    });
    for (const type of ['CEBADERO', 'CAPTURA', 'LAMINA', 'LUZ_UV', 'FEROMONA', 'OTRO']) {
      expect(set.thresholds).toContainEqual(
        expect.objectContaining({ trapType: type, metric: 'ESTADO', level: 'ACCION', zone: null }),
      );
    }
  });

  it.each<[string, Device, Partial<PutFindingInput>, { level: string; metrics: string[] } | null]>([
    [
      'bait eaten indoors',
      { type: 'CEBADERO' },
      { baitConsumption: 25 },
      { level: 'ACCION', metrics: ['ACTIVIDAD', 'CONSUMO_CEBO'] },
    ],
    [
      'gnawing indoors (activity)',
      { type: 'CEBADERO' },
      { evidence: ['ROEDURAS'] },
      { level: 'ACCION', metrics: ['ACTIVIDAD'] },
    ],
    [
      'bait eaten outside, half',
      { type: 'CEBADERO', zone: 'EXTERIOR' },
      { baitConsumption: 50 },
      { level: 'ALERTA', metrics: ['CONSUMO_CEBO'] },
    ],
    ['bait eaten outside, a quarter', { type: 'CEBADERO', zone: 'EXTERIOR' }, { baitConsumption: 25 }, null],
    [
      'a rodent in a snap trap inside the perimeter',
      { type: 'CAPTURA', zone: 'PERIMETRO_INTERIOR' },
      { captures: [{ pestId: 0, count: 1 }] },
      { level: 'ACCION', metrics: ['CAPTURAS'] },
    ],
    [
      'a rodent outside',
      { type: 'CAPTURA', zone: 'EXTERIOR' },
      { captures: [{ pestId: 0, count: 1 }] },
      { level: 'ALERTA', metrics: ['CAPTURAS'] },
    ],
    [
      'one German cockroach, high risk',
      { type: 'LAMINA', risk: 'ALTO' },
      { captures: [{ pestId: 1, count: 1 }] },
      { level: 'ACCION', metrics: ['CAPTURAS'] },
    ],
    ['one German cockroach, low risk', { type: 'LAMINA' }, { captures: [{ pestId: 1, count: 1 }] }, null],
    [
      'three cockroaches, low risk',
      { type: 'LAMINA' },
      { captures: [{ pestId: 1, count: 3 }] },
      { level: 'ALERTA', metrics: ['CAPTURAS'] },
    ],
    [
      'an unclassified board is judged inside and high risk',
      { type: 'LAMINA', zone: null, risk: null },
      { captures: [{ pestId: 1, count: 1 }] },
      { level: 'ACCION', metrics: ['CAPTURAS'] },
    ],
    [
      'a saturated UV board (>50 flies), a first inspection read as a week',
      { type: 'LUZ_UV' },
      { captures: [{ pestId: 2, band: '>50' }] },
      { level: 'ACCION', metrics: ['CAPTURAS_SEMANA'] },
    ],
    ['flies 11-50 on a UV board', { type: 'LUZ_UV' }, { captures: [{ pestId: 2, band: '11-50' }] }, null],
    [
      'one moth in a high-risk pheromone trap',
      { type: 'FEROMONA', risk: 'ALTO' },
      { captures: [{ pestId: 3, count: 1 }] },
      { level: 'ACCION', metrics: ['CAPTURAS_SEMANA'] },
    ],
    [
      'flies do not count as stored-product pests',
      { type: 'FEROMONA', risk: 'ALTO' },
      { captures: [{ pestId: 2, count: 9 }] },
      null,
    ],
    [
      'a damaged station',
      { type: 'CEBADERO', zone: 'EXTERIOR' },
      { deviceStatus: 'DANADO' },
      { level: 'ACCION', metrics: ['ESTADO'] },
    ],
    [
      'a tampered UV trap',
      { type: 'LUZ_UV' },
      { deviceStatus: 'MANIPULADA' },
      { level: 'ACCION', metrics: ['ESTADO'] },
    ],
    ['nothing found', { type: 'CEBADERO' }, {}, null],
  ])('judge %s', async (_name, spec, finding, expected) => {
    // pestId placeholders: 0 a rodent, 1 a German cockroach, 2 flies, 3 a flour moth.
    const ids = [
      world.pest['Rata parda']!,
      world.pest['Cucaracha alemana']!,
      world.pest['Moscas']!,
      world.pest['Polilla india de la harina']!,
    ];
    const captures = finding.captures?.map((capture) => ({ ...capture, pestId: ids[capture.pestId]! }));
    const trap = await device(spec);
    const breach = await inspect(trap, { ...finding, ...(captures ? { captures } : {}) });
    expect(breach).toEqual(expected);
    const list = await actions();
    expect(list.items).toHaveLength(expected?.level === 'ACCION' ? 1 : 0);
    if (expected?.level === 'ACCION') {
      expect(list.items[0]).toMatchObject({
        origin: 'UMBRAL',
        status: 'ABIERTA',
        trap: { id: trap.id },
        occurrenceCount: 1,
      });
    }
  });

  it("name a pest group in the action's description as people say it, never by its code", async () => {
    const moth = { captures: [{ pestId: world.pest['Polilla india de la harina']!, count: 1 }] };
    await inspect(await device({ type: 'FEROMONA', risk: 'ALTO' }), moth);
    const [action] = (await actions()).items;
    expect(action!.description).toContain(
      `capturas de ${PEST_GROUP_NAMES.PRODUCTO_ALMACENADO.toLowerCase()} por semana: 1 (límite 1)`,
    );
    expect(action!.description).not.toMatch(/producto_almacenado|[A-Z]{4,}/);
  });

  it('judge exceptions: a device not found opens an action, an unreachable one does not', async () => {
    const [lost, blocked] = [await device({ type: 'CEBADERO' }), await device({ type: 'CEBADERO' })];
    const { order, item } = await visit([lost, blocked], false);
    expect((await recordException(world.t, world.tech, order.id, item(lost.id), notFoundException())).statusCode).toBe(
      200,
    );
    const inaccessible = notFoundException({ reason: 'INACCESIBLE', note: 'Zona cerrada con llave.' });
    expect((await recordException(world.t, world.tech, order.id, item(blocked.id), inaccessible)).statusCode).toBe(200);
    expect(await breachOf(item(lost.id))).toEqual({ level: 'ACCION', metrics: ['ESTADO'] });
    expect(await breachOf(item(blocked.id))).toBeNull();
    const list = await actions();
    expect(list.items.map((action) => action.trap?.id)).toEqual([lost.id]);
    expect(list.items[0]!.description).toContain('no encontrado');
  });

  it("a site's own thresholds replace the global one of the same key, for that site only", async () => {
    const [other] = await world.t.database.db.insert(sites).values({ name: 'Centro de distribución' }).returning();
    const override: Threshold = {
      trapType: 'LUZ_UV',
      zone: 'INTERIOR',
      riskLevel: null,
      metric: 'CAPTURAS_SEMANA',
      pestGroup: 'VOLADORES',
      level: 'ACCION',
      value: 100,
    };
    const tightened: Threshold = {
      ...override,
      trapType: 'CEBADERO',
      zone: 'EXTERIOR',
      metric: 'CONSUMO_CEBO',
      pestGroup: null,
      value: 25,
    };
    const put = await send('PUT', `/api/sites/${DEFAULT_SITE_ID}/thresholds`, { thresholds: [override, tightened] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<SiteThresholds>()).toMatchObject({ siteId: DEFAULT_SITE_ID, overrides: [tightened, override] });
    // Here 51 flies a week are under the site's 100 (still over the global ALERTA of 25); at the other site, over 50.
    const saturated = { captures: [{ pestId: world.pest['Moscas']!, band: '>50' as const }] };
    expect(await inspect(await device({ type: 'LUZ_UV' }), saturated)).toEqual({
      level: 'ALERTA',
      metrics: ['CAPTURAS_SEMANA'],
    });
    expect(await inspect(await device({ type: 'LUZ_UV', siteId: other!.id }), saturated)).toEqual({
      level: 'ACCION',
      metrics: ['CAPTURAS_SEMANA'],
    });
    expect(await inspect(await device({ type: 'CEBADERO', zone: 'EXTERIOR' }), { baitConsumption: 25 })).toEqual({
      level: 'ACCION',
      metrics: ['CONSUMO_CEBO'],
    });
    const read = await get<SiteThresholds>(`/api/sites/${other!.id}/thresholds`);
    expect(read.overrides).toEqual([]);
    expect(read.defaults.length).toBeGreaterThan(20);
  });

  it('are versioned: a finding recorded before a change is judged by the limits then in force', async () => {
    await shippedSecondVersionSince(60);
    const before = new Date(Date.now() - 30 * 60_000).toISOString();
    const current = await get<ThresholdSet>('/api/thresholds');
    const loosened = current.thresholds.map((row) =>
      row.trapType === 'CAPTURA' && row.metric === 'CAPTURAS' && row.level === 'ACCION' ? { ...row, value: 3 } : row,
    );
    const put = await send('PUT', '/api/thresholds', { thresholds: loosened });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<ThresholdSet>().validFrom).not.toBeNull();
    const rodent = { captures: [{ pestId: world.pest['Rata negra']!, count: 1 }] };
    // Recorded offline half an hour ago, delivered now: the old limit (1) applies.
    expect(await inspect(await device({ type: 'CAPTURA' }), { ...rodent, recordedAt: before })).toEqual({
      level: 'ACCION',
      metrics: ['CAPTURAS'],
    });
    expect(await inspect(await device({ type: 'CAPTURA' }), rodent)).toBeNull();
    const then = await get<ThresholdSet>(`/api/thresholds?at=${encodeURIComponent(before)}`);
    expect(then.thresholds).toEqual(current.thresholds);
  });

  it('refuse bad sets in Spanish', async () => {
    const base: Threshold = {
      trapType: 'CEBADERO',
      zone: null,
      riskLevel: null,
      metric: 'ACTIVIDAD',
      pestGroup: null,
      level: 'ACCION',
      value: 2,
    };
    const cases: [object, string][] = [
      [{ thresholds: [{ ...base, value: 4 }] }, ActionMessages.activityValue],
      [{ thresholds: [{ ...base, metric: 'CONSUMO_CEBO', value: 120 }] }, ActionMessages.consumptionValue],
      [{ thresholds: [{ ...base, pestGroup: 'ROEDORES' }] }, ActionMessages.pestGroupOnlyCaptures],
      [
        { thresholds: [{ ...base, metric: 'REPETICION', pestGroup: 'ROEDORES' }] },
        ActionMessages.pestGroupOnlyCaptures,
      ],
      [{ thresholds: [{ ...base, metric: 'REPETICION', value: 1 }] }, ActionMessages.repetitionValue],
      [{ thresholds: [{ ...base, metric: 'REPETICION', value: 11 }] }, ActionMessages.repetitionValue],
      [{ thresholds: [base, base] }, ActionMessages.thresholdRepeated],
      [
        { thresholds: [{ ...base, metric: 'OLOR' }] },
        'La métrica debe ser uno de: ACTIVIDAD, CONSUMO_CEBO, CAPTURAS, CAPTURAS_SEMANA, ESTADO, REPETICION.',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await send('PUT', '/api/thresholds', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json().message)).toContain(message);
    }
    expect((await send('PUT', '/api/sites/999/thresholds', { thresholds: [] })).statusCode).toBe(404);
    const technician = await world.t.app.inject({ url: '/api/thresholds', headers: world.tech.headers });
    expect(technician.statusCode).toBe(403);
  });
});

describe('captures per device-week (CAPTURAS_SEMANA)', () => {
  const flies = (count: number) => ({ captures: [{ pestId: world.pest['Moscas']!, count }] });
  const TEN_MINUTES = 10 * 60_000;

  // As if migration 0020 had run ten minutes ago: findings recorded before are judged by the first version.
  beforeEach(() => shippedSecondVersionSince(10));

  /** A UV trap inside, inspected `daysBefore` days before `at` (a clean inspection), then with these flies at `at`. */
  async function afterGap(daysBefore: number, count: number) {
    const trap = await device({ type: 'LUZ_UV' });
    const at = new Date(Date.now() - 60_000);
    expect(await inspect(trap, {})).toBeNull();
    await world.t.database.db.execute(
      sql`update findings set recorded_at = ${new Date(at.getTime() - daysBefore * 86_400_000).toISOString()}::timestamptz where trap_id = ${trap.id}`,
    );
    return inspect(trap, { ...flies(count), recordedAt: at.toISOString() });
  }

  it('normalise the catches by the days since the previous inspection: 100 flies in 14 days are 50 a week', async () => {
    // UV traps inside: ALERTA from 25 a week, ACCION from 50.
    expect(await afterGap(14, 100)).toEqual({ level: 'ACCION', metrics: ['CAPTURAS_SEMANA'] });
    expect(await afterGap(14, 99)).toEqual({ level: 'ALERTA', metrics: ['CAPTURAS_SEMANA'] });
    expect(await afterGap(14, 49)).toBeNull();
    // 22 flies in 3 days are 51 a week; 21, 49.
    expect(await afterGap(3, 22)).toEqual({ level: 'ACCION', metrics: ['CAPTURAS_SEMANA'] });
    expect(await afterGap(3, 21)).toEqual({ level: 'ALERTA', metrics: ['CAPTURAS_SEMANA'] });
    // Two inspections six hours apart: read as a day, not as a quarter of one.
    expect(await afterGap(0.25, 8)).toEqual({ level: 'ACCION', metrics: ['CAPTURAS_SEMANA'] });
    expect(await afterGap(0.25, 7)).toEqual({ level: 'ALERTA', metrics: ['CAPTURAS_SEMANA'] });
    expect((await actions()).items.map((action) => action.description)).toContainEqual(
      expect.stringContaining('capturas de insectos voladores por semana: 50 (límite 50)'),
    );
  });

  it('read a first inspection as a week, and a gap longer than 28 days as 28', async () => {
    expect(await inspect(await device({ type: 'LUZ_UV' }), flies(50))).toEqual({
      level: 'ACCION',
      metrics: ['CAPTURAS_SEMANA'],
    });
    expect(await inspect(await device({ type: 'LUZ_UV' }), flies(49))).toEqual({
      level: 'ALERTA',
      metrics: ['CAPTURAS_SEMANA'],
    });
    expect(await afterGap(60, 200)).toEqual({ level: 'ACCION', metrics: ['CAPTURAS_SEMANA'] });
    expect(await afterGap(60, 199)).toEqual({ level: 'ALERTA', metrics: ['CAPTURAS_SEMANA'] });
  });

  it('judge a finding recorded before the new version by the per-inspection limits then in force', async () => {
    const before = new Date(Date.now() - 3 * TEN_MINUTES).toISOString();
    // 30 flies after 14 days: 15 a week, under every weekly limit; per inspection, over the old ALERTA of 25.
    const trap = await device({ type: 'LUZ_UV' });
    expect(await inspect(trap, { ...flies(30), recordedAt: before })).toEqual({
      level: 'ALERTA',
      metrics: ['CAPTURAS'],
    });
    expect(await afterGap(14, 30)).toBeNull();
  });

  it("follow a site's override of the weekly limit, by pest group", async () => {
    // The shipped weekly ACCION of pheromone traps inside is 15 moths; this site loosens it to 30.
    const weekly: Threshold = {
      trapType: 'FEROMONA',
      zone: 'INTERIOR',
      riskLevel: null,
      metric: 'CAPTURAS_SEMANA',
      pestGroup: 'PRODUCTO_ALMACENADO',
      level: 'ACCION',
      value: 30,
    };
    expect((await send('PUT', `/api/sites/${DEFAULT_SITE_ID}/thresholds`, { thresholds: [weekly] })).statusCode).toBe(
      200,
    );
    const [other] = await world.t.database.db.insert(sites).values({ name: 'Molino' }).returning();
    const moths = (count: number) => ({ captures: [{ pestId: world.pest['Polilla india de la harina']!, count }] });
    expect(await inspect(await device({ type: 'FEROMONA' }), moths(30))).toEqual({
      level: 'ACCION',
      metrics: ['CAPTURAS_SEMANA'],
    });
    expect(await inspect(await device({ type: 'FEROMONA' }), moths(29))).toEqual({
      level: 'ALERTA',
      metrics: ['CAPTURAS_SEMANA'],
    });
    expect(await inspect(await device({ type: 'FEROMONA', siteId: other!.id }), moths(15))).toEqual({
      level: 'ACCION',
      metrics: ['CAPTURAS_SEMANA'],
    });
    // Flies are not stored-product pests.
    expect(await inspect(await device({ type: 'FEROMONA' }), flies(40))).toBeNull();
  });
});
