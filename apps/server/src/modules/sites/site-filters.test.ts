import ExcelJS from 'exceljs';
import { SiteMessages, type Site } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { close, createOrder, scan } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
import {
  DEFAULT_SITE_ID,
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

/** Every list, export and report that takes `siteId` keeps to that site, and the documents name it. */
let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let north: Site;
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'America/Santiago' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Técnica' });
  north = (
    await get('/api/sites', admin, {
      method: 'POST',
      payload: { name: 'Planta Norte', client: 'Alimentos del Sur S.A.', timeZone: 'Asia/Tokyo' },
    })
  ).json();
});

function get(url: string, user: TestUser = admin, options: { method?: 'POST'; payload?: object } = {}) {
  return t.app.inject({ url, headers: user.headers, method: options.method ?? 'GET', payload: options.payload });
}

async function json(url: string) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const pdfText = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return (await readPdf(response.rawPayload)).map((page) => page.text).join(' ');
};

/** Two traps in the first site, one in the north, an order in each (the north's done and closed). */
async function twoSites() {
  const here = [
    await createTrap(t, { code: 'P-1', area: 'Bodega' }),
    await createTrap(t, { code: 'P-2', area: 'Patio' }),
  ];
  const there = await createTrap(t, { code: 'N-1', area: 'Muelle', siteId: north.id });
  const past = new Date(Date.now() - 86_400_000).toISOString();
  const mainOrder = await createOrder(t, admin, tech.id, [here[0]!.id], past);
  const northOrder = await createOrder(t, admin, tech.id, [there.id], '2026-01-15T12:00:00Z');
  await scan(t, tech, northOrder.id, there.qrSlug);
  await close(t, tech, northOrder.id);
  return { here, there, mainOrder, northOrder };
}

describe('siteId on the lists', () => {
  it('keeps the trap list to the site', async () => {
    await twoSites();
    const page = await json(`/api/traps?siteId=${north.id}`);
    expect(page.items.map((trap: { code: string }) => trap.code)).toEqual(['N-1']);
    expect(page.total).toBe(1);
    const searched = await json(`/api/traps?siteId=${DEFAULT_SITE_ID}&q=1`);
    expect(searched.items.map((trap: { code: string }) => trap.code)).toEqual(['P-1']);
  });

  it("keeps the areas (the order form's groups) to the site", async () => {
    await twoSites();
    expect(await json(`/api/traps/areas?siteId=${north.id}`)).toEqual([{ area: 'Muelle', total: 1, active: 1 }]);
    expect((await json('/api/traps/areas')).map((row: { area: string }) => row.area)).toEqual([
      'Bodega',
      'Muelle',
      'Patio',
    ]);
  });

  it('keeps the order list to the site, for the office and for the technician', async () => {
    const { mainOrder, northOrder } = await twoSites();
    const page = await json(`/api/sessions?siteId=${north.id}`);
    expect(page.items.map((order: { id: number }) => order.id)).toEqual([northOrder.id]);
    expect(page.items[0].site).toEqual({
      id: north.id,
      name: 'Planta Norte',
      client: 'Alimentos del Sur S.A.',
      address: null,
      timeZone: 'Asia/Tokyo',
    });
    const own = await get(`/api/sessions/me?siteId=${DEFAULT_SITE_ID}`, tech);
    expect(own.json().items.map((order: { id: number }) => order.id)).toEqual([mainOrder.id]);
  });

  it('exports one site’s traps only', async () => {
    await twoSites();
    const csv = (await get(`/api/traps/export?format=csv&siteId=${DEFAULT_SITE_ID}`)).body;
    expect(csv).toContain('P-1');
    expect(csv).toContain('P-2');
    expect(csv).not.toContain('N-1');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await get(`/api/traps/export?format=xlsx&siteId=${north.id}`)).rawPayload as unknown as ArrayBuffer,
    );
    const codes = (workbook.worksheets[0]!.getSheetValues().slice(2) as ExcelJS.CellValue[][]).map((row) => row[1]);
    expect(codes).toEqual(['N-1']);
  });
});

describe('siteId on the compliance figures', () => {
  it('counts one site’s orders only', async () => {
    await twoSites();
    expect(await json('/api/reports/compliance')).toMatchObject({ totalSessions: 2, completedSessions: 1 });
    expect(await json(`/api/reports/compliance?siteId=${north.id}`)).toMatchObject({
      totalSessions: 1,
      completedSessions: 1,
      pendingTraps: 0,
    });
    expect(await json(`/api/reports/compliance?siteId=${DEFAULT_SITE_ID}`)).toMatchObject({
      totalSessions: 1,
      completedSessions: 0,
      pendingTraps: 1,
    });
  });

  it('answers 404 for a site that does not exist', async () => {
    for (const url of ['/api/reports/compliance?siteId=999', '/api/reports/export?format=pdf&siteId=999']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(SiteMessages.notFound);
    }
  });

  it("names the site in the PDF, lists its orders only and dates them in the site's time zone", async () => {
    const { mainOrder, northOrder } = await twoSites();
    const text = await pdfText(`/api/reports/export?format=pdf&siteId=${north.id}`);
    expect(text).toContain('Planta Norte');
    expect(text).toContain('Alimentos del Sur S.A.');
    expect(text).toContain(`#${northOrder.id}`);
    expect(text).not.toContain(`#${mainOrder.id}`);
    // 12:00 UTC is 21:00 in Tokyo (09:00 in Santiago, the server's zone).
    expect(text).toContain('15-01-2026 21:00');
    expect(text).toContain('Asia/Tokyo');
  });

  it('says "Todos los sitios" without siteId, and puts each order’s site on its row', async () => {
    const { mainOrder } = await twoSites();
    const text = await pdfText('/api/reports/export?format=pdf');
    expect(text).toContain('Todos los sitios');
    expect(text).toMatch(new RegExp(`#${mainOrder.id}\\s+Sitio principal`));
    expect(text).toContain('America/Santiago');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await get('/api/reports/export?format=excel')).rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Resumen')!;
    expect(summary.getRow(2).values).toEqual([undefined, 'Sitio', 'Todos los sitios']);
    const orders = workbook.getWorksheet('Órdenes')!;
    expect((orders.getRow(1).values as string[]).slice(1, 3)).toEqual(['Orden', 'Sitio']);
    const sites = (orders.getSheetValues().slice(2) as ExcelJS.CellValue[][]).map((row) => row[2]);
    expect(sites.sort()).toEqual(['Planta Norte', 'Sitio principal']);
  });

  it('names the site in the workbook, without a site column, when one site is asked for', async () => {
    await twoSites();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await get(`/api/reports/export?format=excel&siteId=${north.id}`)).rawPayload as unknown as ArrayBuffer,
    );
    const summary = workbook.getWorksheet('Resumen')!;
    expect(summary.getRow(2).values).toEqual([undefined, 'Sitio', 'Planta Norte']);
    expect(summary.getRow(3).values).toEqual([undefined, 'Cliente', 'Alimentos del Sur S.A.']);
    const orders = workbook.getWorksheet('Órdenes')!;
    expect((orders.getRow(1).values as string[]).slice(1, 3)).toEqual(['Orden', 'Técnico']);
  });
});

describe("an order's report", () => {
  it("names the site and its client, and dates the order in the site's time zone", async () => {
    const { northOrder } = await twoSites();
    const text = await pdfText(`/api/sessions/${northOrder.id}/report`);
    expect(text).toContain('Planta Norte');
    expect(text).toContain('Alimentos del Sur S.A.');
    expect(text).toContain('15-01-2026 21:00');
    expect(text).toContain('Horas en zona horaria Asia/Tokyo');
  });

  it("uses the server's time zone for a site without one", async () => {
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id], '2026-01-15T12:00:00Z');
    await close(t, admin, order.id, { force: true });
    const text = await pdfText(`/api/sessions/${order.id}/report`);
    expect(text).toContain('Sitio principal');
    expect(text).toContain('15-01-2026 09:00');
    expect(text).toContain('Horas en zona horaria America/Santiago');
  });
});
