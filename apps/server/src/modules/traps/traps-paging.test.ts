import type { TrapPage } from '@rondin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, createTrap, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  admin = await createAdmin(t);
  for (let i = 1; i <= 30; i++) {
    await createTrap(t, { code: `TRP-${String(i).padStart(3, '0')}`, area: i <= 10 ? 'Bodega' : 'Andén de carga', isActive: i % 10 !== 0 });
  }
  await createTrap(t, { code: 'EXT_1', area: null });
});
afterAll(() => t.close());

const page = async (query: string): Promise<TrapPage> => {
  const response = await t.app.inject({ url: `/api/traps?${query}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/traps with paging and filters', () => {
  it('keeps the plain list when called without parameters', async () => {
    const response = await t.app.inject({ url: '/api/traps', headers: admin.headers });
    expect(response.json()).toHaveLength(31);
  });

  it('pages in code order with the total', async () => {
    const first = await page('page=1&pageSize=12');
    expect(first).toMatchObject({ total: 31, page: 1, pageSize: 12 });
    expect(first.items.map((trap) => trap.code)).toEqual([
      'EXT_1', ...Array.from({ length: 11 }, (_, i) => `TRP-${String(i + 1).padStart(3, '0')}`),
    ]);
    const last = await page('page=3&pageSize=12');
    expect(last.items.map((trap) => trap.code)).toEqual(['TRP-024', 'TRP-025', 'TRP-026', 'TRP-027', 'TRP-028', 'TRP-029', 'TRP-030']);
  });

  it('filters by the start of the code or area, by area and by status', async () => {
    expect((await page('q=trp-02')).items.map((trap) => trap.code)).toEqual(
      ['TRP-020', 'TRP-021', 'TRP-022', 'TRP-023', 'TRP-024', 'TRP-025', 'TRP-026', 'TRP-027', 'TRP-028', 'TRP-029'],
    );
    expect((await page('q=andén')).total).toBe(20);
    expect((await page('q=carga')).total).toBe(0);
    expect((await page('area=Bodega')).total).toBe(10);
    expect((await page('active=false')).items.map((trap) => trap.code)).toEqual(['TRP-010', 'TRP-020', 'TRP-030']);
    expect((await page('area=Bodega&active=true')).total).toBe(9);
  });

  it('treats % and _ in the search literally', async () => {
    expect((await page('q=ext_')).items.map((trap) => trap.code)).toEqual(['EXT_1']);
    expect((await page('q=trp_')).total).toBe(0);
    expect((await page('q=%25')).total).toBe(0);
  });

  it('refuses bad paging values and unknown parameters', async () => {
    for (const query of ['page=0', 'pageSize=500', 'page=x', 'active=maybe', 'sort=code']) {
      const response = await t.app.inject({ url: `/api/traps?${query}`, headers: admin.headers });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
