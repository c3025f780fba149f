import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pests, sessions, traps } from '../../db/schema.js';
import { visit } from '../../../test/inspections.js';
import { close } from '../../../test/orders.js';
import { planImage } from '../../../test/plans.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
} from '../../../test/test-app.js';
import { writeAuditPackExcel } from './audit-pack-excel.js';
import { AuditPackRepository } from './audit-pack.repository.js';

const ZONE = 'Europe/Madrid';
let t: TestApp;
let januaryOrder: number;
let februaryOrder: number;

/**
 * One plant in Madrid: an order of 30 January visited late on the 31st (local time) with a bait station over its
 * limit and a photo, a sticky board with catches, a device not found and one left by a forced close; a second
 * order scheduled five minutes after local midnight, which is still 31 January in UTC; another site's visit the
 * same night.
 */
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: ZONE });
  const admin = await createAdmin(t);
  const tech = await createUser(t, { fullName: 'Ana Torres' });
  const rows = await t.database.db.select({ id: pests.id, name: pests.name }).from(pests);
  const pest = Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<string, number>;
  await t.app.inject({
    method: 'PATCH',
    url: `/api/sites/${DEFAULT_SITE_ID}`,
    headers: admin.headers,
    payload: { name: 'Planta Norte', client: 'Harinas del Norte S.L.' },
  });
  const otherSite = (
    await t.app.inject({ method: 'POST', url: '/api/sites', headers: admin.headers, payload: { name: 'Almacén Sur' } })
  ).json().id as number;
  const bait = await createTrap(t, { code: 'CEB-01', type: 'CEBADERO', area: 'Muelle de carga' });
  await t.database.db.update(traps).set({ zone: 'INTERIOR' }).where(eq(traps.id, bait.id));
  const board = await createTrap(t, { code: 'LAM-01', type: 'LAMINA', area: 'Producción' });
  const trap = await createTrap(t, { code: 'CAP-01', type: 'CAPTURA', area: 'Almacén' });
  const pending = await createTrap(t, { code: 'CEB-09', type: 'CEBADERO', area: 'Exterior' });

  // 23:50, 23:52, 23:54 and (pending) in Madrid on 31 January (UTC+1).
  const january = await visit(t, admin, tech, new Date('2026-01-31T22:50:00Z'), [
    {
      trap: bait,
      scanned: true,
      finding: { baitConsumption: 75, notes: 'Bloque mordido.' },
      photo: await planImage(64, 48, 'jpeg'),
    },
    {
      trap: board,
      scanned: true,
      finding: {
        captures: [
          { pestId: pest['Cucaracha alemana']!, count: 3 },
          { pestId: pest['Polilla india de la harina']!, band: '11-50' },
        ],
      },
    },
    { trap, exception: 'NO_ENCONTRADO', reasonDetail: 'RETIRADO_CLIENTE', note: 'No está en su soporte.' },
    { trap: pending, pending: true },
  ]);
  januaryOrder = january.order.id;
  const closed = await close(t, admin, januaryOrder, { force: true });
  expect(closed.statusCode).toBe(200);
  // 00:10 in Madrid on 1 February: 23:10 UTC on 31 January.
  februaryOrder = (
    await visit(t, admin, tech, new Date('2026-01-31T23:10:00Z'), [{ trap: bait, scanned: true, finding: {} }])
  ).order.id;
  // 00:05 in Madrid on 1 February: the order's date places its rows in February.
  await t.database.db
    .update(sessions)
    .set({ scheduledAt: new Date('2026-01-31T23:05:00Z') })
    .where(eq(sessions.id, februaryOrder));
  await visit(t, admin, tech, new Date('2026-01-31T21:00:00Z'), [
    { trap: await createTrap(t, { code: 'CEB-S1', type: 'CEBADERO', siteId: otherSite }), scanned: true },
  ]);
});
afterAll(() => t.close());

async function annex(from: string, to: string, batchSize?: number) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => output.on('end', resolve));
  await writeAuditPackExcel(
    new AuditPackRepository(t.database.db),
    { siteId: DEFAULT_SITE_ID, from, to, timeZone: ZONE, batchSize },
    output,
  );
  await ended;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Inspecciones')!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((header, index) => [header, values[index] ?? null])));
  });
  const summary: Record<string, unknown> = {};
  workbook.getWorksheet('Resumen')!.eachRow((row) => {
    summary[String(row.getCell(1).value)] = row.getCell(2).value;
  });
  return { workbook, sheet, headers, rows, summary };
}

describe('audit pack Excel annex', () => {
  it("has one row per device of the site's orders of the period, by the order's date in the site's zone", async () => {
    const { rows, workbook } = await annex('2026-01-01', '2026-02-01');
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Inspecciones',
      'Avistamientos',
      'Monitorización remota',
      'Recomendaciones',
      'Resumen',
    ]);
    // The device the forced close left is a row too, last, without a time.
    expect(rows.map((row) => [row.Orden, row.Código, row.Resultado])).toEqual([
      [januaryOrder, 'CEB-01', 'Escaneada'],
      [januaryOrder, 'LAM-01', 'Escaneada'],
      [januaryOrder, 'CAP-01', 'No encontrada'],
      [januaryOrder, 'CEB-09', 'Sin inspección (cierre forzado)'],
    ]);
    expect(rows[3]!['Fecha y hora']).toBeNull();
    expect(rows[0]!['Fecha de la orden']).toEqual(new Date('2026-01-30T23:50:00Z'));
    const february = await annex('2026-02-01', '2026-03-01');
    expect(february.rows.map((row) => [row.Orden, row.Código])).toEqual([[februaryOrder, 'CEB-01']]);
    // The same boundary given as instants.
    const instants = await annex('2026-01-31T23:00:00.000Z', '2026-02-28T23:00:00.000Z');
    expect(instants.rows.map((row) => row.Orden)).toEqual([februaryOrder]);
  });

  it('pages through the inspections without losing or repeating one', async () => {
    const whole = await annex('2026-01-01', '2026-03-01');
    const paged = await annex('2026-01-01', '2026-03-01', 1);
    expect(whole.rows).toHaveLength(5);
    expect(paged.rows.map((row) => [row.Orden, row.Código])).toEqual(whole.rows.map((row) => [row.Orden, row.Código]));
  });

  it('dates each row in local time as a real Excel date, and names the order, certificate and technician', async () => {
    const { rows, sheet } = await annex('2026-01-01', '2026-02-01');
    // Excel dates have no zone: the cell holds Madrid's wall clock.
    expect(rows[0]!['Fecha y hora']).toEqual(new Date('2026-01-31T23:50:00Z'));
    expect(sheet.getCell('A2').numFmt).toBe('dd-mm-yyyy hh:mm');
    expect(rows[0]).toMatchObject({
      Certificado: expect.stringMatching(/^\d{4}-\d{6}$/),
      Técnico: 'Ana Torres',
      Área: 'Muelle de carga',
      Zona: 'Interior',
      Tipo: 'Estación de cebo para roedores',
    });
    const february = await annex('2026-02-01', '2026-03-01');
    expect(february.rows[0]!.Certificado).toBeNull();
  });

  it("shows a finding's facts, its photos and the limit it crossed with the action it opened", async () => {
    const { rows } = await annex('2026-01-01', '2026-02-01');
    const [bait, board] = rows;
    expect(bait).toMatchObject({
      Actividad: 'Actividad alta',
      'Consumo de cebo': 0.75,
      Fotos: 1,
      Umbral: 'Acción',
      Nota: 'Bloque mordido.',
    });
    expect(bait!.Superación).toContain('Consumo de cebo (%): 75, límite 25');
    expect(bait!['Acción correctiva']).toMatch(/^N\.º \d+ \(Abierta\)$/);
    expect(board).toMatchObject({
      'Plagas y capturas': 'Cucaracha alemana 3, Polilla india de la harina 11–50',
      'Total de capturas (mínimo)': 14,
      Fotos: 0,
      'Consumo de cebo': null,
    });
  });

  it("gives an exception's reason as the result, its preset detail and note, with no finding", async () => {
    const { rows } = await annex('2026-01-01', '2026-02-01');
    expect(rows[2]).toMatchObject({
      Resultado: 'No encontrada',
      Nota: 'Retirado por el cliente · No está en su soporte.',
      Actividad: null,
      'Plagas y capturas': null,
    });
  });

  it('has a Spanish header row that is frozen, filtered and printed on every landscape page', async () => {
    const { sheet, headers } = await annex('2026-01-01', '2026-02-01');
    expect(headers.slice(0, 6)).toEqual([
      'Fecha y hora',
      'Orden',
      'Fecha de la orden',
      'Certificado',
      'Técnico',
      'Código',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToWidth: 1 });
  });

  it("sums up the site, the period, when it was made, what it counts and the period's figures", async () => {
    const before = Date.now();
    const { summary } = await annex('2026-01-01', '2026-02-01');
    expect(summary).toMatchObject({
      Sitio: 'Planta Norte',
      Cliente: 'Harinas del Norte S.L.',
      Desde: new Date('2026-01-01T00:00:00Z'),
      Hasta: new Date('2026-01-31T23:59:59.999Z'),
      'Zona horaria': ZONE,
      'Órdenes del período': 1,
      'Completas (todos los dispositivos inspeccionados)': 0,
      'Cerradas con dispositivos sin inspeccionar (cierre forzado)': 1,
      'Visitas a dispositivos (filas de la hoja Inspecciones)': 4,
      'Inspeccionadas (QR leído o código escrito)': 2,
      'Con excepción (no encontrados o inaccesibles)': 1,
      'Sin inspección (cierre forzado u orden abierta)': 1,
    });
    expect(summary['Qué se cuenta']).toContain('por la fecha de su orden');
    // Generated now, in Madrid's wall clock (within the test's run, give or take the zone's offset).
    const generated = (summary.Generado as Date).getTime();
    expect(generated).toBeGreaterThan(before - 60_000);
    expect(generated).toBeLessThan(Date.now() + 3 * 3_600_000);
  });
});
