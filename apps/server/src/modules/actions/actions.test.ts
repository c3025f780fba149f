import {
  ActionMessages,
  type ActionList,
  type CorrectiveActionDetail,
  type PutFindingInput,
  type SiteThresholds,
  type Threshold,
  type ThresholdSet,
  type TrapType,
} from '@rondin/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pests, sessions, sites, thresholdBreaches, traps } from '../../db/schema.js';
import { notFoundException, nothingFound, putFinding, recordException } from '../../../test/findings.js';
import { createOrder, scan } from '../../../test/orders.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
/** Pest ids by name, from the catalogue the migration seeds. */
let pest: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Técnica' });
  const rows = await t.database.db.select({ id: pests.id, name: pests.name }).from(pests);
  pest = Object.fromEntries(rows.map((row) => [row.name, row.id]));
});

const get = <T>(url: string) =>
  t.app.inject({ url, headers: admin.headers }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  });
const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: admin.headers, payload });

type Device = {
  type: TrapType;
  zone?: 'EXTERIOR' | 'PERIMETRO_INTERIOR' | 'INTERIOR' | null;
  risk?: 'ALTO' | 'MEDIO' | 'BAJO' | null;
  siteId?: number;
  area?: string | null;
};

async function device({ type, zone = 'INTERIOR', risk = 'BAJO', siteId = DEFAULT_SITE_ID, area }: Device) {
  const trap = await createTrap(t, { type, siteId, ...(area === undefined ? {} : { area }) });
  await t.database.db.update(traps).set({ zone, riskLevel: risk }).where(eq(traps.id, trap.id));
  return trap;
}

/** An order of these traps for the technician, created two hours ago, each trap scanned unless told otherwise. */
async function visit(trapList: { id: number; qrSlug: string }[], scanned = true) {
  const order = await createOrder(
    t,
    admin,
    tech.id,
    trapList.map((trap) => trap.id),
  );
  await t.database.db
    .update(sessions)
    .set({ createdAt: sql`now() - interval '2 hours'` })
    .where(eq(sessions.id, order.id));
  if (scanned) for (const trap of trapList) expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  const item = (trapId: number) => order.items.find((entry) => entry.trapId === trapId)!.id;
  return { order, item };
}

/** Records one finding at a fresh visit of the trap; answers the finding's breach record, if any. */
async function inspect(trap: { id: number; qrSlug: string }, finding: Partial<PutFindingInput>) {
  const { order, item } = await visit([trap]);
  const response = await putFinding(t, tech, order.id, item(trap.id), nothingFound(finding));
  expect(response.statusCode, response.body).toBe(200);
  return breachOf(item(trap.id));
}

async function breachOf(itemId: number) {
  const [row] = await t.database.db.select().from(thresholdBreaches).where(eq(thresholdBreaches.itemId, itemId));
  if (!row) return null;
  // The metrics crossed at the breach's level (an ACCION crossing usually crosses that metric's ALERTA too).
  const crossed = (row.breaches as { metric: string; level: string }[]).filter((b) => b.level === row.level);
  return { level: row.level, metrics: crossed.map((b) => b.metric) };
}

/**
 * Moves the second shipped version (migration 0020, UV and pheromone traps per device-week; in force since the
 * reset) to `minutes` ago, so findings recorded offline a little earlier are judged by one version or the other.
 */
async function shippedSecondVersionSince(minutes: number) {
  const since = sql`now() - make_interval(mins => ${minutes})`;
  await t.database.db.execute(
    sql`update thresholds set valid_to = ${since} where valid_to is not null and metric = 'CAPTURAS'`,
  );
  await t.database.db.execute(sql`update thresholds set valid_from = ${since} where metric = 'CAPTURAS_SEMANA'`);
}

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
      (await t.database.db.execute(
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
    const ids = [pest['Rata parda']!, pest['Cucaracha alemana']!, pest['Moscas']!, pest['Polilla india de la harina']!];
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

  it('judge exceptions: a device not found opens an action, an unreachable one does not', async () => {
    const [lost, blocked] = [await device({ type: 'CEBADERO' }), await device({ type: 'CEBADERO' })];
    const { order, item } = await visit([lost, blocked], false);
    expect((await recordException(t, tech, order.id, item(lost.id), notFoundException())).statusCode).toBe(200);
    const inaccessible = notFoundException({ reason: 'INACCESIBLE', note: 'Zona cerrada con llave.' });
    expect((await recordException(t, tech, order.id, item(blocked.id), inaccessible)).statusCode).toBe(200);
    expect(await breachOf(item(lost.id))).toEqual({ level: 'ACCION', metrics: ['ESTADO'] });
    expect(await breachOf(item(blocked.id))).toBeNull();
    const list = await actions();
    expect(list.items.map((action) => action.trap?.id)).toEqual([lost.id]);
    expect(list.items[0]!.description).toContain('no encontrado');
  });

  it("a site's own thresholds replace the global one of the same key, for that site only", async () => {
    const [other] = await t.database.db.insert(sites).values({ name: 'Centro de distribución' }).returning();
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
    const saturated = { captures: [{ pestId: pest['Moscas']!, band: '>50' as const }] };
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
    const rodent = { captures: [{ pestId: pest['Rata negra']!, count: 1 }] };
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
    const technician = await t.app.inject({ url: '/api/thresholds', headers: tech.headers });
    expect(technician.statusCode).toBe(403);
  });
});

describe('corrective actions from breaches', () => {
  const rodent = () => ({ captures: [{ pestId: pest['Ratón doméstico']!, count: 2 }] });

  it('open once per finding, whatever the replays, and gather later breaches of the device', async () => {
    const trap = await device({ type: 'CAPTURA' });
    const { order, item } = await visit([trap]);
    const finding = nothingFound(rodent());
    const first = await putFinding(t, tech, order.id, item(trap.id), finding);
    expect(first.statusCode).toBe(200);
    const replays = await Promise.all([1, 2, 3].map(() => putFinding(t, tech, order.id, item(trap.id), finding)));
    expect(replays.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    let list = await actions();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]!.occurrenceCount).toBe(1);
    // The next visit's breach is an occurrence of the action already open.
    await inspect(trap, rodent());
    list = await actions();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]!.occurrenceCount).toBe(2);
    const detail = await get<CorrectiveActionDetail>(`/api/actions/${list.items[0]!.id}`);
    expect(detail.occurrences.map((occurrence) => occurrence.level)).toEqual(['ACCION', 'ACCION']);
    expect(detail.occurrences[0]!.breaches).toEqual([
      { metric: 'CAPTURAS', pestGroup: 'ROEDORES', level: 'ACCION', limit: 1, observed: 2 },
    ]);
    expect(detail.history).toMatchObject([{ fromStatus: null, toStatus: 'ABIERTA', by: { fullName: 'Ana Técnica' } }]);
  });

  it('open one action for a device breached by several orders at once', async () => {
    const trap = await device({ type: 'CAPTURA' });
    const visits = [];
    for (let index = 0; index < 4; index++) visits.push(await visit([trap]));
    const findings = visits.map(() => nothingFound(rodent()));
    const responses = await Promise.all(
      visits.flatMap(({ order, item }, index) => [
        putFinding(t, tech, order.id, item(trap.id), findings[index]!),
        putFinding(t, tech, order.id, item(trap.id), findings[index]!),
      ]),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const list = await actions();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]!.occurrenceCount).toBe(4);
    const [{ count }] = (
      (await t.database.db.execute(sql`select count(*)::int as count from threshold_breaches`)) as unknown as {
        rows: { count: number }[];
      }
    ).rows as [{ count: number }];
    expect(count).toBe(4);
  });

  it('change state through their path, keep the history, and a closed one lets a new breach open another', async () => {
    const trap = await device({ type: 'CAPTURA' });
    await inspect(trap, rodent());
    const [action] = (await actions()).items;
    const url = `/api/actions/${action!.id}`;
    const noNote = await send('PATCH', url, { status: 'CERRADA' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(ActionMessages.closingNoteRequired);
    expect((await send('PATCH', url, { status: 'EN_CURSO', rootCause: 'Puerta de andén abierta' })).statusCode).toBe(
      200,
    );
    const back = await send('PATCH', url, { status: 'ABIERTA' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(ActionMessages.transition('EN_CURSO', 'ABIERTA'));
    const closed = await send('PATCH', url, { status: 'CERRADA', closingNote: 'Burlete instalado.' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<CorrectiveActionDetail>()).toMatchObject({
      status: 'CERRADA',
      closingNote: 'Burlete instalado.',
    });
    expect((await send('PATCH', url, { rootCause: 'Otra' })).json().message).toBe(ActionMessages.closedReadOnly);
    // Closed: the next breach opens a new action.
    await inspect(trap, rodent());
    expect((await actions()).items.map((item) => item.status)).toEqual(['ABIERTA', 'CERRADA']);
    const reopen = await send('PATCH', url, { status: 'ABIERTA', reason: 'Volvió a aparecer' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(ActionMessages.anotherOpen);
    expect((await send('PATCH', url, { status: 'ABIERTA' })).json().message).toBe(ActionMessages.reasonRequired);
    const history = (await get<CorrectiveActionDetail>(url)).history;
    expect(history.map((event) => [event.fromStatus, event.toStatus, event.note])).toEqual([
      [null, 'ABIERTA', 'Abierta al superar un umbral de acción.'],
      ['ABIERTA', 'EN_CURSO', null],
      ['EN_CURSO', 'CERRADA', 'Burlete instalado.'],
    ]);
  });

  it('suggest closing after two inspections under the limits; an exception never counts', async () => {
    const trap = await device({ type: 'CAPTURA' });
    await inspect(trap, rodent());
    const suggested = async () => (await actions()).items[0]!.verificationSuggested;
    expect(await suggested()).toBe(false);
    expect(await inspect(trap, {})).toBeNull();
    expect(await suggested()).toBe(false);
    const { order, item } = await visit([trap], false);
    const unreachable = notFoundException({ reason: 'INACCESIBLE', note: 'Cerrado.' });
    expect((await recordException(t, tech, order.id, item(trap.id), unreachable)).statusCode).toBe(200);
    expect(await suggested()).toBe(false);
    // An ALERTA-free, ACCION-free inspection: the second one under the limits.
    await inspect(trap, {});
    expect(await suggested()).toBe(true);
    // A new breach starts the count again.
    await inspect(trap, rodent());
    expect(await suggested()).toBe(false);
  });
});

describe('manual actions and the list', () => {
  it('create, filter by site, state, overdue and responsible, and refuse bad input in Spanish', async () => {
    const trap = await device({ type: 'CEBADERO' });
    const created = await send('POST', '/api/actions', {
      siteId: DEFAULT_SITE_ID,
      trapId: trap.id,
      description: 'Sellar el hueco bajo la puerta del andén 3',
      dueDate: '2020-01-31',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<CorrectiveActionDetail>()).toMatchObject({
      origin: 'MANUAL',
      responsible: 'EMPRESA',
      area: 'Bodega',
      overdue: true,
      status: 'ABIERTA',
      history: [{ toStatus: 'ABIERTA' }],
    });
    const recommendation = await send('POST', '/api/actions', {
      siteId: DEFAULT_SITE_ID,
      origin: 'RECOMENDACION',
      area: 'Cocina',
      description: 'Mejorar la limpieza bajo los hornos',
      dueDate: '2999-12-31',
    });
    expect(recommendation.json<CorrectiveActionDetail>()).toMatchObject({ responsible: 'CLIENTE', overdue: false });

    expect((await actions('?overdue=true')).items.map((item) => item.origin)).toEqual(['MANUAL']);
    expect((await actions('?responsible=CLIENTE')).items.map((item) => item.origin)).toEqual(['RECOMENDACION']);
    expect((await actions('?status=CERRADA')).items).toEqual([]);
    expect((await actions('?siteId=999')).items).toEqual([]);
    expect(await actions()).toMatchObject({ openCount: 2, overdueCount: 1 });

    const bad: [object, string][] = [
      [{ siteId: DEFAULT_SITE_ID, description: 'x', dueDate: '2026-02-30' }, ActionMessages.dueDate],
      [{ siteId: DEFAULT_SITE_ID, description: '  ', dueDate: '2026-02-03' }, ActionMessages.descriptionRequired],
      [
        { siteId: DEFAULT_SITE_ID, origin: 'UMBRAL', description: 'x', dueDate: '2026-02-03' },
        ActionMessages.manualOrigin,
      ],
    ];
    for (const [payload, message] of bad) {
      const response = await send('POST', '/api/actions', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json().message)).toContain(message);
    }
    const [other] = await t.database.db.insert(sites).values({ name: 'Otra planta' }).returning();
    const wrongSite = await send('POST', '/api/actions', {
      siteId: other!.id,
      trapId: trap.id,
      description: 'x',
      dueDate: '2026-02-03',
    });
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().message).toBe(ActionMessages.trapOtherSite);
    const badFilter = await t.app.inject({ url: '/api/actions?status=PERDIDA', headers: admin.headers });
    expect(badFilter.statusCode).toBe(400);
    expect(JSON.stringify(badFilter.json().message)).toContain(
      'El estado debe ser uno de: ABIERTA, EN_CURSO, CERRADA.',
    );
    expect((await t.app.inject({ url: '/api/actions/99999', headers: admin.headers })).statusCode).toBe(404);
  });
});

describe('captures per device-week (CAPTURAS_SEMANA)', () => {
  const flies = (count: number) => ({ captures: [{ pestId: pest['Moscas']!, count }] });
  const TEN_MINUTES = 10 * 60_000;

  // As if migration 0020 had run ten minutes ago: findings recorded before are judged by the first version.
  beforeEach(() => shippedSecondVersionSince(10));

  /** A UV trap inside, inspected `daysBefore` days before `at` (a clean inspection), then with these flies at `at`. */
  async function afterGap(daysBefore: number, count: number) {
    const trap = await device({ type: 'LUZ_UV' });
    const at = new Date(Date.now() - 60_000);
    expect(await inspect(trap, {})).toBeNull();
    await t.database.db.execute(
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
      expect.stringContaining('capturas de voladores por semana: 50 (límite 50)'),
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
    const [other] = await t.database.db.insert(sites).values({ name: 'Molino' }).returning();
    const moths = (count: number) => ({ captures: [{ pestId: pest['Polilla india de la harina']!, count }] });
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

describe('repetition (REPETICION) and area actions', () => {
  const gnawed = { evidence: ['ROEDURAS'] } as Partial<PutFindingInput>;
  /** Outside, activity alone crosses no shipped limit: only the site's repetition rule. */
  const station = (area = 'Muelle') => device({ type: 'CEBADERO', zone: 'EXTERIOR', area });

  async function repetition(value: number) {
    const rule: Threshold = {
      trapType: 'CEBADERO',
      zone: null,
      riskLevel: null,
      metric: 'REPETICION',
      pestGroup: null,
      level: 'ACCION',
      value,
    };
    const put = await send('PUT', `/api/sites/${DEFAULT_SITE_ID}/thresholds`, { thresholds: [rule] });
    expect(put.statusCode, put.body).toBe(200);
  }

  const areaActions = async () => (await actions()).items.filter((action) => action.trap === null);

  it('cross on the second inspection in a row with activity, not on the first, and open the area action', async () => {
    await repetition(2);
    const trap = await station();
    expect(await inspect(trap, gnawed)).toBeNull();
    expect(await inspect(trap, gnawed)).toEqual({ level: 'ACCION', metrics: ['REPETICION'] });
    // A clean inspection ends the run; activity again is a first one.
    expect(await inspect(trap, {})).toBeNull();
    expect(await inspect(trap, gnawed)).toBeNull();
    const list = await actions();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      origin: 'UMBRAL',
      trap: null,
      area: 'Muelle',
      occurrenceCount: 1,
      status: 'ABIERTA',
    });
    expect(list.items[0]!.description).toContain('en el área Muelle');
    const detail = await get<CorrectiveActionDetail>(`/api/actions/${list.items[0]!.id}`);
    expect(detail.occurrences[0]!.breaches).toEqual([
      { metric: 'REPETICION', pestGroup: null, level: 'ACCION', limit: 2, observed: 2 },
    ]);
  });

  it('with value 3, two in a row are not enough', async () => {
    await repetition(3);
    const trap = await station();
    expect(await inspect(trap, gnawed)).toBeNull();
    expect(await inspect(trap, gnawed)).toBeNull();
    expect(await inspect(trap, gnawed)).toEqual({ level: 'ACCION', metrics: ['REPETICION'] });
  });

  it('cross on two devices of one area with activity in the same order; another area does not count', async () => {
    await repetition(2);
    const [first, other, second] = [await station(), await station('Oficinas'), await station()];
    const { order, item } = await visit([first, other, second]);
    for (const trap of [first, other]) {
      expect((await putFinding(t, tech, order.id, item(trap.id), nothingFound(gnawed))).statusCode).toBe(200);
      expect(await breachOf(item(trap.id))).toBeNull();
    }
    expect((await putFinding(t, tech, order.id, item(second.id), nothingFound(gnawed))).statusCode).toBe(200);
    expect(await breachOf(item(second.id))).toEqual({ level: 'ACCION', metrics: ['REPETICION'] });
    expect((await areaActions()).map((action) => [action.area, action.occurrenceCount])).toEqual([['Muelle', 1]]);
    // The next visit's run on the first device joins the same action.
    expect(await inspect(first, gnawed)).toEqual({ level: 'ACCION', metrics: ['REPETICION'] });
    expect((await areaActions()).map((action) => [action.area, action.occurrenceCount])).toEqual([['Muelle', 2]]);
  });

  it("keep a device's own ACCION in its action and the repetition in the area's", async () => {
    await repetition(2);
    // Inside, any activity on a bait station is an ACCION of the device.
    const trap = await device({ type: 'CEBADERO', area: 'Cocina' });
    await inspect(trap, gnawed);
    await inspect(trap, gnawed);
    const list = await actions();
    expect(list.items.map((action) => [action.trap?.id ?? null, action.area, action.occurrenceCount])).toEqual([
      [null, 'Cocina', 1],
      [trap.id, 'Cocina', 2],
    ]);
  });

  it('open exactly one area action for concurrent findings of one area and their replays', async () => {
    await repetition(2);
    const traps = [await station(), await station(), await station(), await station()];
    const { order, item } = await visit(traps);
    const findings = traps.map(() => nothingFound(gnawed));
    const responses = await Promise.all(
      traps.flatMap((trap, index) => [
        putFinding(t, tech, order.id, item(trap.id), findings[index]!),
        putFinding(t, tech, order.id, item(trap.id), findings[index]!),
      ]),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const area = await areaActions();
    expect(area).toHaveLength(1);
    // The first of the area to commit had no neighbour yet; each of the other three crossed.
    expect(area[0]!.occurrenceCount).toBe(3);
    const crossed = await Promise.all(traps.map((trap) => breachOf(item(trap.id))));
    expect(crossed.filter((breach) => breach !== null)).toHaveLength(3);
  });

  it('suggest closing once every device of the area inspected since passed two inspections under the limits', async () => {
    await repetition(2);
    const [first, second] = [await station(), await station()];
    const { order, item } = await visit([first, second]);
    for (const trap of [first, second]) {
      expect((await putFinding(t, tech, order.id, item(trap.id), nothingFound(gnawed))).statusCode).toBe(200);
    }
    const suggested = async () => (await areaActions())[0]!.verificationSuggested;
    expect(await suggested()).toBe(false);
    await inspect(first, {});
    await inspect(second, {});
    expect(await suggested()).toBe(false);
    await inspect(first, {});
    // The second device: an exception never counts.
    const unreachable = notFoundException({ reason: 'INACCESIBLE', note: 'Cerrado.' });
    const blocked = await visit([second], false);
    expect((await recordException(t, tech, blocked.order.id, blocked.item(second.id), unreachable)).statusCode).toBe(
      200,
    );
    expect(await suggested()).toBe(false);
    await inspect(second, {});
    expect(await suggested()).toBe(true);
    // Activity again, twice in a row: a new occurrence, and the count starts again.
    await inspect(second, gnawed);
    await inspect(second, gnawed);
    expect(await suggested()).toBe(false);
  });
});

describe('the list, a page at a time', () => {
  it('answers every action exactly once across pages, in order, with the filters kept', async () => {
    const [other] = await t.database.db.insert(sites).values({ name: 'Otra planta' }).returning();
    const days = ['2026-03-01', '2026-01-15', '2026-03-01', '2026-02-10', '2026-01-15', '2026-03-01', '2026-05-05'];
    for (const [index, dueDate] of days.entries()) {
      const created = await send('POST', '/api/actions', {
        siteId: index % 3 === 2 ? other!.id : DEFAULT_SITE_ID,
        description: `Acción ${index}`,
        dueDate,
        responsible: index % 2 ? 'CLIENTE' : 'EMPRESA',
      });
      expect(created.statusCode, created.body).toBe(201);
      if (index === 1 || index === 4) {
        const closed = await send('PATCH', `/api/actions/${created.json().id}`, {
          status: 'CERRADA',
          closingNote: 'Hecho.',
        });
        expect(closed.statusCode).toBe(200);
      }
    }
    const all = await actions('?limit=200');
    expect(all.items).toHaveLength(7);
    expect(all.nextCursor).toBeNull();
    async function pages(query: string) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let count = 0;
      do {
        const page: ActionList = await actions(
          `?${query}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((action) => action.id));
        cursor = page.nextCursor;
        count++;
      } while (cursor && count < 10);
      return seen;
    }
    expect(await pages('')).toEqual(all.items.map((action) => action.id));
    const here = all.items.filter((action) => action.site.id === DEFAULT_SITE_ID).map((action) => action.id);
    expect(await pages(`siteId=${DEFAULT_SITE_ID}&`)).toEqual(here);
    const client = all.items.filter((action) => action.responsible === 'CLIENTE').map((action) => action.id);
    expect(await pages('responsible=CLIENTE&')).toEqual(client);
    const open = all.items.filter((action) => action.status !== 'CERRADA').map((action) => action.id);
    expect(await pages('status=ABIERTA&')).toEqual(open);
    // Without a limit, 50.
    expect((await actions()).items).toHaveLength(7);
    for (const bad of ['?cursor=abc', '?limit=0', '?limit=201']) {
      const response = await t.app.inject({ url: `/api/actions${bad}`, headers: admin.headers });
      expect(response.statusCode, bad).toBe(400);
    }
    const badCursor = await t.app.inject({ url: '/api/actions?cursor=abc', headers: admin.headers });
    expect(JSON.stringify(badCursor.json().message)).toContain(ActionMessages.cursor);
  });
});
