import type { NotificationsPage } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.js';
import { createAdmin, createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app.js';

/** The bell's API: each account its own notifications, newest first, paged, marked read. */
let t: TestApp;
let admin: TestUser;
let tech: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t);
});

async function notify(accountId: number, count: number, title = 'Aviso'): Promise<number[]> {
  const rows = await t.database.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        accountId,
        kind: 'action-opened',
        title: `${title} ${i + 1}`,
        body: 'Se abrió una acción correctiva.',
        link: `/acciones/${i + 1}`,
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

const list = async (user: TestUser, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationsPage>();
};
const markRead = (user: TestUser, ids: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: user.headers, payload: { ids } });

describe('the notifications API', () => {
  it("lists the account's own notifications newest first, 20 a page, with the unread count", async () => {
    await notify(admin.id, 25);
    await notify(tech.id, 3, 'Del técnico');
    const first = await list(admin);
    expect(first.unread).toBe(25);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ title: 'Aviso 25', link: '/acciones/25', readAt: null });
    expect(first.items.map((item) => item.title)).not.toContain('Del técnico 1');
    expect(first.nextBefore).toBe(first.items.at(-1)!.id);
    const second = await list(admin, `?before=${first.nextBefore}`);
    expect(second.items.map((item) => item.title)).toEqual(['Aviso 5', 'Aviso 4', 'Aviso 3', 'Aviso 2', 'Aviso 1']);
    expect(second.nextBefore).toBeNull();
    expect((await list(tech)).items.map((item) => item.title)).toEqual([
      'Del técnico 3',
      'Del técnico 2',
      'Del técnico 1',
    ]);
  });

  it("marks read the account's own notifications only, and answers how many are left unread", async () => {
    const mine = await notify(tech.id, 3);
    const others = await notify(admin.id, 2);
    const response = await markRead(tech, [mine[0], others[0]]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ unread: 2 });
    const page = await list(tech);
    expect(page.unread).toBe(2);
    expect(page.items.find((item) => item.id === mine[0])!.readAt).toEqual(expect.any(String));
    // Another account's notification stays unread.
    expect((await list(admin)).unread).toBe(2);
    // Marking again changes nothing, nor when it was read.
    const readAt = page.items.find((item) => item.id === mine[0])!.readAt;
    await markRead(tech, [mine[0]]);
    expect((await list(tech)).items.find((item) => item.id === mine[0])!.readAt).toBe(readAt);
  });

  it('refuses a bad list of ids in Spanish', async () => {
    for (const ids of [[], [0], ['uno'], Array.from({ length: 101 }, (_, i) => i + 1)]) {
      const response = await markRead(tech, ids);
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
    }
    expect((await markRead(tech, [])).json().message).toContain('Indica al menos una notificación.');
    const bad = await t.app.inject({ method: 'GET', url: '/api/notifications?before=abc', headers: tech.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
