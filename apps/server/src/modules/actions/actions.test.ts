import {
  ActionMessages,
  type ActionList,
  type CorrectiveActionDetail,
  type PutFindingInput,
  type Threshold,
} from '@rondin/contracts';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema.js';
import { type BreachWorld, useBreachWorld } from '../../../test/breaches.js';
import { notFoundException, nothingFound, putFinding, recordException } from '../../../test/findings.js';
import { DEFAULT_SITE_ID } from '../../../test/test-app.js';

/** Corrective actions: opened by breaches (thresholds.test.ts judges them), by hand, and listed a page at a time. */
const { world, get, send, device, visit, inspect, breachOf } = useBreachWorld();
let t: BreachWorld['t'];
let admin: BreachWorld['admin'];
let tech: BreachWorld['tech'];
let pest: BreachWorld['pest'];
// This file's tests read the world's fields under their own names.
beforeEach(() => {
  ({ t, admin, tech, pest } = world);
});

const actions = (query = '') => get<ActionList>(`/api/actions${query}`);
/** What a close states: how it was verified, by whom, and when. */
const verified = {
  verificationResult: 'Dos visitas sin capturas.',
  verifiedBy: 'Jefa de calidad',
  verifiedOn: '2026-01-02',
};

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
    const unverified = await send('PATCH', url, { status: 'CERRADA' });
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json().message).toBe(ActionMessages.verificationRequired);
    expect((await send('PATCH', url, { status: 'EN_CURSO', rootCause: 'Puerta de andén abierta' })).statusCode).toBe(
      200,
    );
    const back = await send('PATCH', url, { status: 'ABIERTA' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(ActionMessages.transition('EN_CURSO', 'ABIERTA'));
    const closed = await send('PATCH', url, { status: 'CERRADA', closingNote: 'Burlete instalado.', ...verified });
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
      [
        'EN_CURSO',
        'CERRADA',
        'Verificada el 02/01/2026 por Jefa de calidad: Dos visitas sin capturas.\nBurlete instalado.',
      ],
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
          ...verified,
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
