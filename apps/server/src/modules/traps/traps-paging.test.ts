import type { TrapPage } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createTestApp,
  createTrap,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { files, plans, trapPlacements } from '../../db/schema.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  admin = await createAdmin(t);
  for (let i = 1; i <= 30; i++) {
    await createTrap(t, {
      code: `TRP-${String(i).padStart(3, '0')}`,
      area: i <= 10 ? 'Bodega' : 'Andén de carga',
      isActive: i % 10 !== 0,
    });
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
      'EXT_1',
      ...Array.from({ length: 11 }, (_, i) => `TRP-${String(i + 1).padStart(3, '0')}`),
    ]);
    const last = await page('page=3&pageSize=12');
    expect(last.items.map((trap) => trap.code)).toEqual([
      'TRP-024',
      'TRP-025',
      'TRP-026',
      'TRP-027',
      'TRP-028',
      'TRP-029',
      'TRP-030',
    ]);
  });

  it('orders codes ignoring case, as a person reads them', async () => {
    const added = [
      await createTrap(t, { code: 'pat-0105', area: 'Patio' }),
      await createTrap(t, { code: 'PAT-0104', area: 'Patio' }),
      await createTrap(t, { code: 'Pat-0106', area: 'Patio' }),
    ];
    try {
      expect((await page('area=Patio&pageSize=10')).items.map((trap) => trap.code)).toEqual([
        'PAT-0104',
        'pat-0105',
        'Pat-0106',
      ]);
      expect((await page('q=pat-01&pageSize=10')).items.map((trap) => trap.code)).toEqual([
        'PAT-0104',
        'pat-0105',
        'Pat-0106',
      ]);
    } finally {
      for (const trap of added)
        await t.app.inject({ method: 'DELETE', url: `/api/traps/${trap.id}`, headers: admin.headers });
    }
  });

  it('filters by text anywhere in the code or area, by area and by status', async () => {
    expect((await page('q=trp-02')).items.map((trap) => trap.code)).toEqual([
      'TRP-020',
      'TRP-021',
      'TRP-022',
      'TRP-023',
      'TRP-024',
      'TRP-025',
      'TRP-026',
      'TRP-027',
      'TRP-028',
      'TRP-029',
    ]);
    expect((await page('q=andén')).total).toBe(20);
    expect((await page('q=CARGA')).total).toBe(20);
    expect((await page('q=de%20car')).total).toBe(20);
    expect((await page('q=-03')).items.map((trap) => trap.code)).toEqual(['TRP-030']);
    expect((await page('q=odeg')).total).toBe(10);
    expect((await page('q=9')).items.map((trap) => trap.code)).toEqual(['TRP-009', 'TRP-019', 'TRP-029']);
    expect((await page('q=bodegas')).total).toBe(0);
    expect((await page('area=Bodega')).total).toBe(10);
    expect((await page('active=false')).items.map((trap) => trap.code)).toEqual(['TRP-010', 'TRP-020', 'TRP-030']);
    expect((await page('area=Bodega&active=true')).total).toBe(9);
  });

  it('pages a search that matches inside codes and areas: every match once, in order, on every page and with filters', async () => {
    const added = [
      await createTrap(t, { code: 'A-1', area: 'Trastienda' }),
      await createTrap(t, { code: 'Z-9', area: 'Trastienda', isActive: false }),
      await createTrap(t, { code: 'TRP-100', area: 'Trastienda' }),
      await createTrap(t, { code: 'M-5', area: 'Trastero' }),
    ];
    try {
      const every: TrapPage['items'] = (await t.app.inject({ url: '/api/traps', headers: admin.headers })).json();
      const matches = (q: string, keep: (trap: TrapPage['items'][number]) => boolean = () => true) =>
        every.filter(
          (trap) => [trap.code, trap.area ?? ''].some((text) => text.toLowerCase().includes(q)) && keep(trap),
        );
      const byCode = (a: { code: string }, b: { code: string }) =>
        a.code.toLowerCase() < b.code.toLowerCase() ? -1 : 1;
      const readAll = async (query: string, pageSize: number) => {
        const first = await page(`${query}&pageSize=${pageSize}`);
        const codes = first.items.map((trap) => trap.code);
        for (let number = 2; number <= Math.ceil(first.total / pageSize); number++) {
          codes.push(...(await page(`${query}&page=${number}&pageSize=${pageSize}`)).items.map((trap) => trap.code));
        }
        return { total: first.total, codes };
      };

      const expected = matches('tr')
        .sort(byCode)
        .map((trap) => trap.code);
      expect(expected).toHaveLength(34);
      expect(await readAll('q=tr', 7)).toEqual({ total: 34, codes: expected });

      // Inside a code only, inside an area only, both, and a text the trigram index cannot hold (under 3 letters).
      for (const q of ['-1', 'ien', 'e', '0', 'stero']) {
        const codes = matches(q)
          .sort(byCode)
          .map((trap) => trap.code);
        expect(await readAll(`q=${encodeURIComponent(q)}`, 4), q).toEqual({ total: codes.length, codes });
      }
      expect(matches('ien')).toHaveLength(3);

      const activeOnly = matches('tr', (trap) => trap.isActive)
        .sort(byCode)
        .map((trap) => trap.code);
      expect(await readAll('q=tr&active=true', 5)).toEqual({ total: activeOnly.length, codes: activeOnly });

      const areaOf = (trap: { area: string | null }) => trap.area ?? '\uffff';
      for (const q of ['tr', 'a']) {
        const byArea = matches(q).sort((a, b) =>
          areaOf(a) === areaOf(b) ? byCode(a, b) : areaOf(a) < areaOf(b) ? -1 : 1,
        );
        expect((await readAll(`q=${q}&sort=area`, 6)).codes, q).toEqual(byArea.map((trap) => trap.code));
      }
    } finally {
      for (const trap of added)
        await t.app.inject({ method: 'DELETE', url: `/api/traps/${trap.id}`, headers: admin.headers });
    }
  });

  it('filters by device type, and by whether the trap is on a floor plan', async () => {
    const create = async (code: string, type: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/traps',
        headers: admin.headers,
        payload: { code, type, area: 'Patio' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<TrapPage['items'][number]>();
    };
    const bait = [await create('CEB-2', 'CEBADERO'), await create('CEB-1', 'CEBADERO')];
    const light = await create('UV-1', 'LUZ_UV');
    // The plans API fills trap_placements; here one bait station and the light trap are put on a plan directly.
    const db = t.database.db;
    const [file] = await db
      .insert(files)
      .values({ name: 'planta.png', mediaType: 'image/png', size: 1, sha256: 'x', backend: 'database' })
      .returning();
    const [plan] = await db
      .insert(plans)
      .values({ siteId: DEFAULT_SITE_ID, name: 'Planta baja', fileId: file!.id, width: 800, height: 600 })
      .returning();
    await db
      .insert(trapPlacements)
      .values([bait[0]!, light].map((trap) => ({ trapId: trap.id, planId: plan!.id, x: 0.5, y: 0.5 })));
    try {
      expect((await page('type=CEBADERO')).items.map((trap) => trap.code)).toEqual(['CEB-1', 'CEB-2']);
      expect((await page('type=LUZ_UV')).items.map((trap) => [trap.code, trap.type])).toEqual([['UV-1', 'LUZ_UV']]);
      expect((await page('type=OTRO')).total).toBe(31);
      expect((await page('placed=true')).items.map((trap) => trap.code)).toEqual(['CEB-2', 'UV-1']);
      expect((await page('placed=false')).total).toBe(32);
      expect((await page('placed=false&type=CEBADERO')).items.map((trap) => trap.code)).toEqual(['CEB-1']);
      expect((await page('placed=false&q=ceb')).items.map((trap) => trap.code)).toEqual(['CEB-1']);
      for (const query of ['type=TRAMPA', 'type=cebadero', 'placed=yes']) {
        const response = await t.app.inject({ url: `/api/traps?${query}`, headers: admin.headers });
        expect(response.statusCode, query).toBe(400);
      }
    } finally {
      await db.delete(plans).where(eq(plans.id, plan!.id));
      await db.delete(files).where(eq(files.id, file!.id));
      for (const trap of [...bait, light])
        await t.app.inject({ method: 'DELETE', url: `/api/traps/${trap.id}`, headers: admin.headers });
    }
  });

  it('treats % and _ in the search literally', async () => {
    expect((await page('q=ext_')).items.map((trap) => trap.code)).toEqual(['EXT_1']);
    expect((await page('q=t_')).items.map((trap) => trap.code)).toEqual(['EXT_1']);
    expect((await page('q=trp_')).total).toBe(0);
    expect((await page('q=%25')).total).toBe(0);
  });

  it('sorts by area then code, traps without an area last, and filters those without one', async () => {
    const all = await page('sort=area&pageSize=200');
    expect(all.items.map((trap) => trap.area)).toEqual([
      ...Array(20).fill('Andén de carga'),
      ...Array(10).fill('Bodega'),
      null,
    ]);
    expect(all.items.slice(0, 3).map((trap) => trap.code)).toEqual(['TRP-011', 'TRP-012', 'TRP-013']);
    const second = await page('sort=area&active=true&page=2&pageSize=18');
    expect(second.items.map((trap) => trap.code)).toEqual([
      'TRP-001',
      'TRP-002',
      'TRP-003',
      'TRP-004',
      'TRP-005',
      'TRP-006',
      'TRP-007',
      'TRP-008',
      'TRP-009',
      'EXT_1',
    ]);
    expect((await page('noArea=true')).items.map((trap) => trap.code)).toEqual(['EXT_1']);
    expect((await page('sort=code&pageSize=1')).items.map((trap) => trap.code)).toEqual(['EXT_1']);
  });

  it('refuses bad paging values and unknown parameters', async () => {
    for (const query of [
      'page=0',
      'pageSize=500',
      'page=x',
      'active=maybe',
      'sort=name',
      'noArea=false',
      'order=code',
    ]) {
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

  it('counts only the traps whose code or area contains q', async () => {
    const areas = async (q: string) =>
      (await t.app.inject({ url: `/api/traps/areas?q=${encodeURIComponent(q)}`, headers: admin.headers })).json();
    expect(await areas('trp-00')).toEqual([{ area: 'Bodega', total: 9, active: 9 }]);
    expect(await areas('BOD')).toEqual([{ area: 'Bodega', total: 10, active: 9 }]);
    expect(await areas('dega')).toEqual([{ area: 'Bodega', total: 10, active: 9 }]);
    expect(await areas('-01')).toEqual([
      { area: 'Andén de carga', total: 9, active: 9 },
      { area: 'Bodega', total: 1, active: 0 },
    ]);
    expect(await areas('nada')).toEqual([]);
  });

  it('refuses parameters it does not know', async () => {
    const response = await t.app.inject({ url: '/api/traps/areas?active=true', headers: admin.headers });
    expect(response.statusCode).toBe(400);
  });
});
