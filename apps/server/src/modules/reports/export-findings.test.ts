import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pests } from '../../db/schema.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';
import { visit } from '../../../test/inspections.js';
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
let northOrder: number;
let southOrder: number;
let southSiteId: number;

const DAY = 24 * 60 * 60_000;

/** Two plants, one visit each: findings, an exception, a device scanned with nothing recorded and one pending. */
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Madrid' });
  admin = await createAdmin(t);
  const tech = await createUser(t, { fullName: 'Ana Torres' });
  const rows = await t.database.db.select({ id: pests.id, name: pests.name }).from(pests);
  const pest = Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<string, number>;
  await t.app.inject({
    method: 'PATCH',
    url: `/api/sites/${DEFAULT_SITE_ID}`,
    headers: admin.headers,
    payload: { name: 'Planta Norte' },
  });
  southSiteId = (
    await t.app.inject({ method: 'POST', url: '/api/sites', headers: admin.headers, payload: { name: 'Almacén Sur' } })
  ).json().id;
  northOrder = (
    await visit(t, admin, tech, new Date(Date.now() - 3 * DAY), [
      {
        trap: await createTrap(t, { code: 'CEB-02', type: 'CEBADERO', area: 'Muelle de carga' }),
        scanned: true,
        finding: {
          baitConsumption: 75,
          evidence: ['EXCREMENTOS', 'ROEDURAS'],
          actions: ['LIMPIEZA', 'CEBO_REPUESTO'],
          notes: 'Bloque mordido.',
        },
      },
      {
        trap: await createTrap(t, { code: 'LAM-01', type: 'LAMINA', area: 'Producción' }),
        scanned: true,
        finding: {
          captures: [
            { pestId: pest['Cucaracha alemana']!, count: 3 },
            { pestId: pest['Polilla india de la harina']!, band: '11-50' },
          ],
        },
      },
      {
        trap: await createTrap(t, { code: 'CAP-01', type: 'CAPTURA', area: 'Almacén' }),
        exception: 'NO_ENCONTRADO',
        // A preset detail needs no note: the detail's name is what the note column says.
        reasonDetail: 'RETIRADO_CLIENTE',
      },
      { trap: await createTrap(t, { code: 'CEB-09', type: 'CEBADERO', area: 'Exterior' }), pending: true },
    ])
  ).order.id;
  southOrder = (
    await visit(t, admin, tech, new Date(Date.now() - 2 * DAY), [
      { trap: await createTrap(t, { code: 'CEB-S1', type: 'CEBADERO', siteId: southSiteId }), scanned: true },
    ])
  ).order.id;
});
afterAll(() => t.close());

async function devicesSheet(query = '') {
  const response = await t.app.inject({ url: `/api/reports/export?format=excel${query}`, headers: admin.headers });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Dispositivos')!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((header, index) => [header, values[index] ?? null])));
  });
  return { headers, rows, sheet };
}

describe('Excel export: the devices of the orders', () => {
  it('has one row per device of each order, newest order first, with how its visit ended', async () => {
    const { rows } = await devicesSheet();
    expect(rows.map((row) => [row.Orden, row.Sitio, row['Código'], row.Resultado])).toEqual([
      [southOrder, 'Almacén Sur', 'CEB-S1', 'Escaneada'],
      [northOrder, 'Planta Norte', 'CAP-01', 'No encontrada'],
      [northOrder, 'Planta Norte', 'CEB-02', 'Escaneada'],
      [northOrder, 'Planta Norte', 'CEB-09', 'Pendiente'],
      [northOrder, 'Planta Norte', 'LAM-01', 'Escaneada'],
    ]);
  });

  it('gives each fact of a finding its own column: activity, bait as a percentage, captures and their total', async () => {
    const { rows } = await devicesSheet();
    const byCode = (code: string) => rows.find((row) => row['Código'] === code)!;
    expect(byCode('CEB-02')).toMatchObject({
      Tipo: 'Estación de cebo para roedores',
      Área: 'Muelle de carga',
      Actividad: 'Actividad alta',
      'Estado del dispositivo': 'Dispositivo OK',
      'Consumo de cebo': 0.75,
      Indicios: 'Excrementos, roeduras',
      Acciones: 'Limpieza, cebo o atrayente repuesto',
      Nota: 'Bloque mordido.',
      Técnico: 'Ana Torres',
      Capturas: null,
    });
    expect(byCode('CEB-02')['Inspección']).toBeInstanceOf(Date);
    // A band counts as its least: 3 + 11.
    expect(byCode('LAM-01')).toMatchObject({
      Capturas: 'Cucaracha alemana 3, Polilla india de la harina 11–50',
      'Total de capturas (mínimo)': 14,
      Actividad: 'Actividad media',
      'Consumo de cebo': null,
    });
    expect(byCode('CAP-01')).toMatchObject({ Nota: 'Retirado por el cliente', Actividad: null });
    // Scanned, nothing recorded; pending: no facts at all.
    expect(byCode('CEB-S1')).toMatchObject({ Actividad: null, Capturas: null, Nota: null });
    expect(byCode('CEB-09')).toMatchObject({ Inspección: null, Técnico: null, Actividad: null });
  });

  it('leaves the site column out when the export covers one site, and keeps to that site', async () => {
    const { headers, rows } = await devicesSheet(`&siteId=${southSiteId}`);
    expect(headers).not.toContain('Sitio');
    expect(headers.slice(0, 3)).toEqual(['Orden', 'Código', 'Tipo']);
    expect(rows.map((row) => row['Código'])).toEqual(['CEB-S1']);
  });

  it('lists no device beyond its limit, and says how many there are and how to see them', async () => {
    // The limit lowered to 4: the two plants' orders hold 5 devices, the south plant's one.
    const reports = new ReportsService(new ReportsRepository(t.database.db), 'Europe/Madrid', 4);
    const sheetOf = async (siteId?: number) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.read(await reports.export('excel', siteId === undefined ? {} : { siteId }));
      return workbook.getWorksheet('Dispositivos')!;
    };
    const capped = await sheetOf();
    expect(capped.rowCount).toBe(1);
    expect(capped.getCell('A1').value).toBe(
      'Esta exportación abarca 5 dispositivos; esta hoja los detalla hasta 4. Exporta un sitio o un período más ' +
        'corto para ver cada dispositivo con su resultado y su hallazgo.',
    );
    const south = await sheetOf(southSiteId);
    expect(south.rowCount).toBe(2);
    expect(south.getRow(2).getCell(2).value).toBe('CEB-S1');
  });
});
