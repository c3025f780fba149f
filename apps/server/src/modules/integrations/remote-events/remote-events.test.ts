import type {
  CorrectiveActionDetail,
  CoverageReport,
  CreatedApiToken,
  NotificationsPage,
  RemoteEvent,
  RemoteEventPage,
  Trap,
} from '@rondin/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findings, notificationEvents, remoteEvents, traps } from '../../../db/schema.js';
import { createOrder, scan } from '../../../../test/orders.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../../test/test-app.js';
import { notificationKinds } from '../../notifications/notification-kinds.js';
import { NotificationsRepository } from '../../notifications/notifications.repository.js';
import { NotificationsService } from '../../notifications/notifications.service.js';
import { OutboxRepository } from '../../notifications/outbox.repository.js';
import { RecipientsRepository } from '../../notifications/recipients.repository.js';

/**
 * Electronic devices' events through POST /api/remote-events: counted once by eventId (also when repeats race),
 * captures judged by the thresholds as a technician's finding is, never a visit, and maintenance alerts under
 * the office's bell. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});

/** An indoor snap trap of a high-risk area: a rodent caught there crosses the shipped ACCION limit. */
async function snapTrap(code = 'TRP-E01', externalId: string | null = null) {
  const trap = await createTrap(t, { code, type: 'CAPTURA' });
  await t.database.db
    .update(traps)
    .set({ zone: 'INTERIOR', riskLevel: 'ALTO', externalId })
    .where(eq(traps.id, trap.id));
  return trap;
}

let sequence = 0;
const eventOf = (fields: Record<string, unknown> = {}) => ({
  eventId: `evt-${++sequence}`,
  deviceCode: 'TRP-E01',
  type: 'CAPTURA',
  occurredAt: new Date(Date.now() - 60_000).toISOString(),
  ...fields,
});

const post = (payload: object, user: TestUser = admin) =>
  t.app.inject({ method: 'POST', url: '/api/remote-events', headers: user.headers, payload });

async function stored(trapId: number) {
  const db = t.database.db;
  const [events] = await db.select({ n: count() }).from(remoteEvents).where(eq(remoteEvents.trapId, trapId));
  const [found] = await db.select({ n: count() }).from(findings).where(eq(findings.trapId, trapId));
  const [actions] = await db
    .execute<{ n: number }>(sql`select count(*)::int as n from corrective_actions where trap_id = ${trapId}`)
    .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
  return { events: events!.n, findings: found!.n, actions: actions!.n };
}

describe('a capture', () => {
  it('becomes a remote finding that opens a corrective action by the thresholds', async () => {
    const trap = await snapTrap();
    const response = await post(eventOf({ count: 1, raw: { rssi: -97, battery: 3.1 } }));
    expect(response.statusCode, response.body).toBe(201);
    const event = response.json<RemoteEvent>();
    expect(event).toMatchObject({ trapId: trap.id, trapCode: 'TRP-E01', type: 'CAPTURA', count: 1, activity: 'MEDIA' });
    expect(event.findingId).not.toBeNull();
    expect(event.actionIds).toHaveLength(1);
    const [finding] = await t.database.db.select().from(findings).where(eq(findings.id, event.findingId!));
    expect(finding).toMatchObject({ origin: 'REMOTO', itemId: null, technicianId: null });

    const action = await t.app.inject({ url: `/api/actions/${event.actionIds[0]}`, headers: admin.headers });
    expect(action.statusCode, action.body).toBe(200);
    const detail = action.json<CorrectiveActionDetail>();
    expect(detail).toMatchObject({ origin: 'UMBRAL', status: 'ABIERTA' });
    expect(detail.occurrences).toMatchObject([{ sessionId: null, itemId: null, findingId: event.findingId }]);
  });

  it('of activity below every limit records the finding and opens nothing', async () => {
    const trap = await createTrap(t, { code: 'TRP-E01', type: 'LAMINA' });
    await t.database.db.update(traps).set({ zone: 'EXTERIOR', riskLevel: 'BAJO' }).where(eq(traps.id, trap.id));
    const response = await post(eventOf({ type: 'ACTIVIDAD', count: 3 }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<RemoteEvent>()).toMatchObject({ activity: 'BAJA', actionIds: [] });
    expect(await stored(trap.id)).toEqual({ events: 1, findings: 1, actions: 0 });
  });

  it('names its device by its external id', async () => {
    const trap = await snapTrap('TRP-E01', 'pc-00042');
    const { deviceCode: _, ...body } = eventOf({ externalId: 'pc-00042' });
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<RemoteEvent>().trapId).toBe(trap.id);
  });
});

it('is accepted with a write API token and refused with a read one', async () => {
  await snapTrap();
  const tokenOf = async (scope: 'read' | 'write') => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: admin.headers,
      payload: { name: `Plataforma ${scope}`, scope },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { authorization: `Bearer ${created.json<CreatedApiToken>().token}` };
  };
  const send = async (scope: 'read' | 'write') =>
    t.app.inject({ method: 'POST', url: '/api/remote-events', headers: await tokenOf(scope), payload: eventOf() });
  expect((await send('write')).statusCode).toBe(201);
  expect((await send('read')).statusCode).toBe(403);
});

describe('a repeated eventId', () => {
  it('answers 200 with the stored event and counts once', async () => {
    const trap = await snapTrap();
    const body = eventOf();
    const first = await post(body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post({ ...body, count: 7 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stored(trap.id)).toEqual({ events: 1, findings: 1, actions: 1 });
  });

  it('counts once when the repeats arrive at the same time', async () => {
    const trap = await snapTrap();
    const body = eventOf();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await stored(trap.id)).toEqual({ events: 1, findings: 1, actions: 1 });
  });
});

describe('a burst of reports', () => {
  it('answers each as if it came alone, when they are stored together', async () => {
    // Reports arriving at once go to the database together (one statement for those that queued up): each
    // keeps its own answer, refusals included, and the thresholds see the captures in order.
    const trap = await snapTrap('TRP-E01', 'eui-1');
    const retired = await snapTrap('TRP-E09');
    await t.database.db.update(traps).set({ isActive: false }).where(eq(traps.id, retired.id));
    const before = eventOf({ type: 'ACTIVIDAD', count: 3 });
    expect((await post(before)).statusCode).toBe(201);
    const { deviceCode: _, ...byExternalId } = eventOf({ externalId: 'eui-1', count: 2 });
    const burst = [
      [eventOf(), 201],
      [eventOf({ deviceCode: 'NO-EXISTE' }), 404],
      [before, 200],
      [eventOf({ deviceCode: 'TRP-E09' }), 422],
      [byExternalId, 201],
      [eventOf({ type: 'BATERIA_BAJA' }), 201],
      [eventOf({ type: 'ACTIVIDAD', count: 60 }), 201],
    ] as const;
    const answers = await Promise.all(burst.map(([body]) => post(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(burst.map(([, status]) => status));
    const events = answers.map((answer) => answer.json<RemoteEvent>());
    expect(events.map((event, index) => (answers[index]!.statusCode < 300 ? event.eventId : null))).toEqual(
      burst.map(([body, status]) => (status < 300 ? body.eventId : null)),
    );
    expect(answers[1]!.json().message).toBe('No hay ningún dispositivo «NO-EXISTE».');
    expect(answers[3]!.json().message).toBe('El dispositivo TRP-E09 está dado de baja.');
    expect(events[0]).toMatchObject({ trapId: trap.id, type: 'CAPTURA', activity: 'MEDIA', count: 1 });
    expect(events[4]).toMatchObject({ trapId: trap.id, type: 'CAPTURA', activity: 'ALTA', count: 2 });
    expect(events[5]).toMatchObject({ type: 'BATERIA_BAJA', findingId: null, activity: null, actionIds: [] });
    expect(events[6]).toMatchObject({ type: 'ACTIVIDAD', activity: 'ALTA', count: 60 });
    // Both captures cross the ACCION limit: one action for the device, named by both answers.
    expect(events[0]!.actionIds).toHaveLength(1);
    expect(events[4]!.actionIds).toEqual(events[0]!.actionIds);
    expect(await stored(trap.id)).toEqual({ events: 5, findings: 4, actions: 1 });
    expect(await stored(retired.id)).toEqual({ events: 0, findings: 0, actions: 0 });
  });

  it('stores an eventId sent twice at once a single time: one answer 201, the other 200 with that event', async () => {
    const trap = await snapTrap();
    const twice = eventOf({ type: 'ACTIVIDAD', count: 3 });
    const answers = await Promise.all([post(twice), post(eventOf({ type: 'BATERIA_BAJA' })), post(twice)]);
    const pair = [answers[0]!, answers[2]!];
    expect(pair.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const [first, second] = pair.map((answer) => answer.json<RemoteEvent>());
    expect(second!.id).toBe(first!.id);
    expect(first).toMatchObject({ eventId: twice.eventId, activity: 'BAJA' });
    expect(await stored(trap.id)).toEqual({ events: 2, findings: 1, actions: 0 });
  });
});

describe('refusals', () => {
  it('answers 404 in Spanish for a device nobody has', async () => {
    await snapTrap();
    const byCode = await post(eventOf({ deviceCode: 'NO-EXISTE' }));
    expect(byCode.statusCode).toBe(404);
    expect(byCode.json().message).toBe('No hay ningún dispositivo «NO-EXISTE».');
    const { deviceCode: _, ...body } = eventOf({ externalId: 'desconocido' });
    const byExternal = await post(body);
    expect(byExternal.statusCode).toBe(404);
    expect(byExternal.json().message).toBe('No hay ningún dispositivo con identificador externo «desconocido».');
    expect((await t.database.db.select({ n: count() }).from(remoteEvents))[0]!.n).toBe(0);
  });

  it('asks for the site when the code is in several', async () => {
    await snapTrap();
    const [site] = await t.database.db
      .execute<{ id: number }>(
        sql`insert into sites (name, client) values ('Planta norte', 'Planta norte') returning id`,
      )
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    const other = await createTrap(t, { code: 'TRP-E01', type: 'CAPTURA', siteId: site!.id });
    const ambiguous = await post(eventOf());
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json().message).toContain('indica siteId');
    const chosen = await post(eventOf({ siteId: site!.id }));
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json<RemoteEvent>().trapId).toBe(other.id);
  });

  it('refuses bad input in Spanish', async () => {
    await snapTrap();
    const cases: [object, string][] = [
      [{ ...eventOf(), type: 'HUMO' }, 'El tipo debe ser uno de'],
      [{ ...eventOf(), externalId: 'x' }, 'deviceCode o con externalId'],
      [{ ...eventOf(), count: -1 }, 'no puede ser negativa'],
      [{ ...eventOf(), raw: { blob: 'x'.repeat(9000) } }, 'raw admite como máximo'],
      [{ ...eventOf(), occurredAt: new Date(Date.now() + 3_600_000).toISOString() }, 'en el futuro'],
    ];
    for (const [body, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(String(response.json().message)).toContain(message);
    }
  });
});

it("never counts as a technician's visit: coverage stays as it was", async () => {
  const tech = await createUser(t);
  const trap = await snapTrap();
  const idle = await createTrap(t, { code: 'TRP-E02', type: 'CAPTURA' });
  const order = await createOrder(t, admin, tech.id, [trap.id, idle.id]);
  expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  const from = new Date(Date.now() - 86_400_000).toISOString();
  const to = new Date(Date.now() + 86_400_000).toISOString();
  // Coverage (each device's state by week) and compliance (orders and devices inspected), without the instant
  // they were asked at.
  const coverage = async () =>
    Promise.all(
      [
        `coverage?siteId=${DEFAULT_SITE_ID}&from=${from}&to=${to}&interval=week`,
        `compliance?from=${from}&to=${to}`,
      ].map(async (report) => {
        const response = await t.app.inject({ url: `/api/reports/${report}`, headers: admin.headers });
        expect(response.statusCode, response.body).toBe(200);
        const { asOf: _, ...figures } = response.json<CoverageReport>();
        return figures;
      }),
    );
  const before = await coverage();
  for (const code of ['TRP-E01', 'TRP-E02']) {
    expect((await post(eventOf({ deviceCode: code }))).statusCode).toBe(201);
    expect((await post(eventOf({ deviceCode: code, type: 'ACTIVIDAD' }))).statusCode).toBe(201);
  }
  expect(await coverage()).toEqual(before);
  const orderNow = await t.app.inject({ url: `/api/sessions/${order.id}`, headers: admin.headers });
  expect(orderNow.json()).toMatchObject({ completedCount: 1 });
});

describe('maintenance alerts', () => {
  const deliver = () =>
    new NotificationsService(new NotificationsRepository(t.database.db), new OutboxRepository(t.database.db), {
      mail: false,
      kinds: notificationKinds({ recipients: new RecipientsRepository(), publicUrl: undefined }),
    }).processEvents();

  it("ring the office's bell once a device, kind and day, and open no finding", async () => {
    const trap = await snapTrap();
    const at = new Date(Date.now() - 120_000).toISOString();
    for (const type of ['BATERIA_BAJA', 'BATERIA_BAJA', 'SIN_CONEXION', 'APERTURA']) {
      expect((await post(eventOf({ type, occurredAt: at }))).statusCode).toBe(201);
    }
    await deliver();
    const bell = await t.app.inject({ url: '/api/notifications', headers: admin.headers });
    const titles = bell
      .json<NotificationsPage>()
      .items.map((item) => item.title)
      .sort();
    expect(titles).toEqual([
      'Apertura: TRP-E01 de Sitio principal',
      'Batería baja: TRP-E01 de Sitio principal',
      'Sin conexión: TRP-E01 de Sitio principal',
    ]);
    expect(bell.json<NotificationsPage>().items[0]!.link).toBe(`/admin/traps/${trap.id}`);
    expect(await stored(trap.id)).toEqual({ events: 4, findings: 0, actions: 0 });
    const kinds = await t.database.db
      .select({ n: count() })
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, 'device-alert'));
    expect(kinds[0]!.n).toBe(3);
  });
});

describe('the device', () => {
  it('takes an external id, unique over all devices, and lists its events newest first', async () => {
    const trap = await snapTrap();
    const patch = (id: number, externalId: string | null) =>
      t.app.inject({ method: 'PATCH', url: `/api/traps/${id}`, headers: admin.headers, payload: { externalId } });
    const set = await patch(trap.id, '  pc-1  ');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Trap>().externalId).toBe('pc-1');
    const other = await createTrap(t, { code: 'TRP-E02' });
    const taken = await patch(other.id, 'pc-1');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Otro dispositivo ya tiene ese identificador externo.');
    const tooLong = await patch(other.id, 'x'.repeat(101));
    expect(tooLong.statusCode).toBe(400);

    await post(eventOf({ occurredAt: new Date(Date.now() - 7_200_000).toISOString() }));
    await post(eventOf({ type: 'BATERIA_BAJA' }));
    const list = await t.app.inject({ url: `/api/traps/${trap.id}/remote-events`, headers: admin.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<RemoteEventPage>()).toMatchObject({
      total: 2,
      items: [{ type: 'BATERIA_BAJA' }, { type: 'CAPTURA' }],
    });
  });
});
