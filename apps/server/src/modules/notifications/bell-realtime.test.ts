import type { NotificationsPage, SessionServerEvents } from '@rondin/contracts';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationEvents } from '../../db/schema.js';
import { createAdmin, createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { OutboxRepository } from './outbox.repository.js';

/**
 * The bell in realtime: once an event's in-app notifications are committed, the sockets of each account told
 * hear `notification.created` (every session of it, whatever its role), and no other account's do. Runs on
 * PGlite, and on PostgreSQL with DATABASE_URL; several processes carry it over Redis like every other event
 * (plugins/realtime-redis.test.ts).
 */
let t: TestApp;
let url: string;
let service: NotificationsService;
let admin: TestUser;
let client: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sessions`;
  // One kind telling whoever its payload names, through the app's own realtime (app.bellEvents).
  service = new NotificationsService(new NotificationsRepository(t.database.db), new OutboxRepository(t.database.db), {
    mail: false,
    kinds: {
      prueba: async (_tx, event) => ({
        emails: [],
        inApp: [
          {
            accountIds: event.payload.accountIds as number[],
            kind: 'action-opened',
            title: 'Avistamiento en Bodega',
            body: 'Se abrió una acción correctiva.',
            link: '/cliente',
          },
        ],
      }),
    },
    bell: t.app.bellEvents,
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  client = await createUser(t, { role: 'CLIENTE', email: 'calidad@planta.test' });
});
afterEach(() => sockets.splice(0).forEach((socket) => socket.disconnect()));

async function connect(user: TestUser): Promise<Socket<SessionServerEvents>> {
  const socket: Socket<SessionServerEvents> = io(url, {
    transports: ['websocket'],
    auth: { token: user.token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const list = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: user.headers })).json<NotificationsPage>();

async function tell(accountIds: number[]): Promise<void> {
  await t.database.db.insert(notificationEvents).values({ kind: 'prueba', payload: { accountIds } });
  await service.processEvents();
}

describe('the bell in realtime', () => {
  it("tells every open session of the account told, after the commit, and nobody else's", {
    timeout: 40_000,
  }, async () => {
    const phone = await connect(client);
    const laptop = await connect(client);
    const office = await connect(admin);
    const heardByOffice: unknown[] = [];
    office.on('notification.created', (payload) => heardByOffice.push(payload));
    // What the session reads the moment it hears the event: the notification is already there.
    const onPhone = new Promise<[{ count: number }, NotificationsPage]>((resolve) =>
      phone.once('notification.created', (payload) => void list(client).then((page) => resolve([payload, page]))),
    );
    const onLaptop = new Promise<{ count: number }>((resolve) => laptop.once('notification.created', resolve));

    await tell([client.id]);

    const [payload, page] = await onPhone;
    expect(payload).toEqual({ count: 1 });
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({ title: 'Avistamiento en Bodega', readAt: null });
    expect(await onLaptop).toEqual({ count: 1 });

    // The office is told of its own event, and only then: it never heard the portal's.
    const onOffice = new Promise<{ count: number }>((resolve) => office.once('notification.created', resolve));
    await tell([admin.id]);
    expect(await onOffice).toEqual({ count: 1 });
    expect(heardByOffice).toEqual([{ count: 1 }]);
  });

  it('says how many each account got, and nothing when an event tells nobody', { timeout: 40_000 }, async () => {
    const phone = await connect(client);
    const heard: { count: number }[] = [];
    phone.on('notification.created', (payload) => heard.push(payload));
    await t.database.db.insert(notificationEvents).values([
      { kind: 'prueba', payload: { accountIds: [client.id] } },
      { kind: 'prueba', payload: { accountIds: [client.id, admin.id] } },
      { kind: 'prueba', payload: { accountIds: [] } },
    ]);
    await service.processEvents();
    await expect.poll(() => heard).toEqual([{ count: 2 }]);
    // Nothing left to tell: no second event.
    await service.processEvents();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([{ count: 2 }]);
  });
});
