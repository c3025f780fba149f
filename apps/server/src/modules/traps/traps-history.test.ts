import type { Trap, TrapHistoryPage } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { close, createOrder, scan } from '../../../test/orders.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

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

const get = (url: string) => t.app.inject({ url, headers: admin.headers });

describe('GET /api/traps/:id', () => {
  it("answers one trap's data, and 404 for an unknown one", async () => {
    const trap = await createTrap(t, { code: 'TRP-7', area: 'Patio' });
    const response = await get(`/api/traps/${trap.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Trap>()).toMatchObject({ id: trap.id, code: 'TRP-7', area: 'Patio', qrSlug: trap.qrSlug });
    expect((await get('/api/traps/999999')).statusCode).toBe(404);
  });
});

describe('GET /api/traps/:id/history', () => {
  it('lists every order the trap was in, newest first, with states, times and technicians', async () => {
    const trap = await createTrap(t, { code: 'TRP-1' });
    const other = await createTrap(t, { code: 'TRP-2' });
    const ana = await createUser(t, { fullName: 'Ana Pérez' });
    const luis = await createUser(t, { fullName: 'Luis Soto' });
    const first = await createOrder(t, admin, ana.id, [trap.id, other.id], '2030-01-01T10:00:00.000Z');
    expect((await scan(t, ana, first.id, trap.qrSlug)).statusCode).toBe(200);
    expect((await close(t, admin, first.id, { force: true })).statusCode).toBe(200);
    const second = await createOrder(t, admin, luis.id, [trap.id], '2030-02-01T10:00:00.000Z');
    await createOrder(t, admin, luis.id, [other.id]);

    const response = await get(`/api/traps/${trap.id}/history`);
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json<TrapHistoryPage>();
    expect(history).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(history.items).toEqual([
      {
        sessionId: second.id,
        sessionStatus: 'PENDING',
        scheduledAt: '2030-02-01T10:00:00.000Z',
        closedAt: null,
        forceClosed: false,
        technician: { id: luis.id, fullName: 'Luis Soto' },
        status: 'PENDING',
        completedAt: null,
        completedBy: null,
        outcome: null,
        exception: null,
        manual: null,
        finding: null,
        photoIds: [],
      },
      {
        sessionId: first.id,
        sessionStatus: 'COMPLETED',
        scheduledAt: '2030-01-01T10:00:00.000Z',
        closedAt: expect.any(String),
        forceClosed: true,
        technician: { id: ana.id, fullName: 'Ana Pérez' },
        status: 'COMPLETED',
        completedAt: expect.any(String),
        completedBy: { id: ana.id, fullName: 'Ana Pérez' },
        outcome: 'SCANNED',
        exception: null,
        manual: null,
        // Recorded by the office's close: «Sin novedad» for the device scanned without a finding.
        finding: expect.objectContaining({
          activity: 'NINGUNA',
          recordedBy: { id: admin.id, fullName: admin.fullName },
        }),
        photoIds: [],
      },
    ]);
  });

  it('pages the history: every order once, in order', async () => {
    const trap = await createTrap(t);
    const tech = await createUser(t);
    const ids: number[] = [];
    for (let day = 1; day <= 7; day++) {
      ids.push((await createOrder(t, admin, tech.id, [trap.id], `2030-03-0${day}T08:00:00.000Z`)).id);
    }
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push((await get(`/api/traps/${trap.id}/history?page=${page}&pageSize=3`)).json<TrapHistoryPage>());
    }
    expect(pages.map((page) => page.total)).toEqual([7, 7, 7]);
    expect(pages.flatMap((page) => page.items.map((item) => item.sessionId))).toEqual(ids.reverse());
  });

  it('answers an empty page for a trap in no order, 404 for an unknown trap and 400 for bad paging', async () => {
    const trap = await createTrap(t);
    expect((await get(`/api/traps/${trap.id}/history`)).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
    expect((await get('/api/traps/999999/history')).statusCode).toBe(404);
    expect((await get(`/api/traps/${trap.id}/history?pageSize=0`)).statusCode).toBe(400);
    expect((await get(`/api/traps/${trap.id}/history?sort=x`)).statusCode).toBe(400);
  });
});
