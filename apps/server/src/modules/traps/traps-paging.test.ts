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

  it('orders codes ignoring case, as a person reads them', async () => {
    const added = [
      await createTrap(t, { code: 'pat-0105', area: 'Patio' }),
      await createTrap(t, { code: 'PAT-0104', area: 'Patio' }),
      await createTrap(t, { code: 'Pat-0106', area: 'Patio' }),
    ];
    try {
      expect((await page('area=Patio&pageSize=10')).items.map((trap) => trap.code)).toEqual(['PAT-0104', 'pat-0105', 'Pat-0106']);
      expect((await page('q=pat-01&pageSize=10')).items.map((trap) => trap.code)).toEqual(['PAT-0104', 'pat-0105', 'Pat-0106']);
    } finally {
      for (const trap of added) await t.app.inject({ method: 'DELETE', url: `/api/traps/${trap.id}`, headers: admin.headers });
    }
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

  it('pages a search that matches codes and areas: every match once, in order, on every page and with filters', async () => {
    const added = [
      await createTrap(t, { code: 'A-1', area: 'Trastienda' }),
      await createTrap(t, { code: 'Z-9', area: 'Trastienda', isActive: false }),
      await createTrap(t, { code: 'TRP-100', area: 'Trastienda' }),
      await createTrap(t, { code: 'M-5', area: 'Trastero' }),
    ];
    try {
      const every: TrapPage['items'] = (await t.app.inject({ url: '/api/traps', headers: admin.headers })).json();
      const matches = (q: string, keep: (trap: TrapPage['items'][number]) => boolean = () => true) =>
        every.filter((trap) => [trap.code, trap.area ?? ''].some((text) => text.toLowerCase().startsWith(q)) && keep(trap));
      const byCode = (a: { code: string }, b: { code: string }) => (a.code.toLowerCase() < b.code.toLowerCase() ? -1 : 1);
      const readAll = async (query: string, pageSize: number) => {
        const first = await page(`${query}&pageSize=${pageSize}`);
        const codes = first.items.map((trap) => trap.code);
        for (let number = 2; number <= Math.ceil(first.total / pageSize); number++) {
          codes.push(...(await page(`${query}&page=${number}&pageSize=${pageSize}`)).items.map((trap) => trap.code));
        }
        return { total: first.total, codes };
      };

      const expected = matches('tr').sort(byCode).map((trap) => trap.code);
      expect(expected).toHaveLength(34);
      expect(await readAll('q=tr', 7)).toEqual({ total: 34, codes: expected });

      const activeOnly = matches('tr', (trap) => trap.isActive).sort(byCode).map((trap) => trap.code);
      expect(await readAll('q=tr&active=true', 5)).toEqual({ total: activeOnly.length, codes: activeOnly });

      const areaOf = (trap: { area: string | null }) => trap.area ?? '\uffff';
      const byArea = matches('tr').sort((a, b) => (areaOf(a) === areaOf(b) ? byCode(a, b) : areaOf(a) < areaOf(b) ? -1 : 1));
      expect((await readAll('q=tr&sort=area', 6)).codes).toEqual(byArea.map((trap) => trap.code));
    } finally {
      for (const trap of added) await t.app.inject({ method: 'DELETE', url: `/api/traps/${trap.id}`, headers: admin.headers });
    }
  });

  it('treats % and _ in the search literally', async () => {
    expect((await page('q=ext_')).items.map((trap) => trap.code)).toEqual(['EXT_1']);
    expect((await page('q=trp_')).total).toBe(0);
    expect((await page('q=%25')).total).toBe(0);
  });

  it('sorts by area then code, traps without an area last, and filters those without one', async () => {
    const all = await page('sort=area&pageSize=200');
    expect(all.items.map((trap) => trap.area)).toEqual([...Array(20).fill('Andén de carga'), ...Array(10).fill('Bodega'), null]);
    expect(all.items.slice(0, 3).map((trap) => trap.code)).toEqual(['TRP-011', 'TRP-012', 'TRP-013']);
    const second = await page('sort=area&active=true&page=2&pageSize=18');
    expect(second.items.map((trap) => trap.code)).toEqual(['TRP-001', 'TRP-002', 'TRP-003', 'TRP-004', 'TRP-005', 'TRP-006', 'TRP-007', 'TRP-008', 'TRP-009', 'EXT_1']);
    expect((await page('noArea=true')).items.map((trap) => trap.code)).toEqual(['EXT_1']);
    expect((await page('sort=code&pageSize=1')).items.map((trap) => trap.code)).toEqual(['EXT_1']);
  });

  it('refuses bad paging values and unknown parameters', async () => {
    for (const query of ['page=0', 'pageSize=500', 'page=x', 'active=maybe', 'sort=name', 'noArea=false', 'order=code']) {
      const response = await t.app.inject({ url: `/api/traps?${query}`, headers: admin.headers });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/traps/areas', () => {
  it('lists the areas in use with their trap counts, traps without an area last', async () => {
    const response = await t.app.inject({ url: '/api/traps/areas', headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { area: 'Andén de carga', total: 20, active: 18 },
      { area: 'Bodega', total: 10, active: 9 },
      { area: null, total: 1, active: 1 },
    ]);
  });

  it('counts only the traps whose code or area starts with q', async () => {
    const areas = async (q: string) => (await t.app.inject({ url: `/api/traps/areas?q=${encodeURIComponent(q)}`, headers: admin.headers })).json();
    expect(await areas('trp-00')).toEqual([{ area: 'Bodega', total: 9, active: 9 }]);
    expect(await areas('BOD')).toEqual([{ area: 'Bodega', total: 10, active: 9 }]);
    expect(await areas('nada')).toEqual([]);
  });

  it('refuses parameters it does not know', async () => {
    const response = await t.app.inject({ url: '/api/traps/areas?active=true', headers: admin.headers });
    expect(response.statusCode).toBe(400);
  });
});
