import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { close, createOrder, scan } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
import { createAdmin, createTestApp, createTrap, createUser, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'America/Santiago' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Técnica' });
});

const get = (url: string, user: TestUser = admin) => t.app.inject({ url, headers: user.headers });
const past = new Date(Date.now() - 86_400_000).toISOString();
const future = new Date(Date.now() + 86_400_000).toISOString();

/** Four orders: one completed, one in progress and overdue, one pending and overdue, one pending later. */
async function operation() {
  const traps = [];
  for (let i = 0; i < 3; i++) traps.push(await createTrap(t));
  const ids = traps.map((trap) => trap.id);
  const done = await createOrder(t, admin, tech.id, ids, past);
  for (const trap of traps) await scan(t, tech, done.id, trap.qrSlug);
  await close(t, tech, done.id);
  const started = await createOrder(t, admin, tech.id, ids, past);
  await scan(t, tech, started.id, traps[0]!.qrSlug);
  const overdue = await createOrder(t, admin, tech.id, ids.slice(0, 2), past);
  const later = await createOrder(t, admin, tech.id, ids.slice(0, 1), future);
  return { done, started, overdue, later };
}

describe('GET /api/reports/compliance', () => {
  it('answers zeros with no orders', async () => {
    expect((await get('/api/reports/compliance')).json()).toEqual({
      totalSessions: 0,
      completedSessions: 0,
      completionRate: 0,
      pendingTraps: 0,
      overdueSessions: 0,
    });
  });

  it('counts orders, completion, pending traps of open orders and overdue orders', async () => {
    await operation();
    expect((await get('/api/reports/compliance')).json()).toEqual({
      totalSessions: 4,
      completedSessions: 1,
      completionRate: 25,
      // 2 left in the started order, 2 in the overdue one, 1 in the later one; none from the completed one.
      pendingTraps: 5,
      overdueSessions: 2,
    });
  });

  it('does not count pending traps of a force-closed order, nor count it overdue', async () => {
    const trap = await createTrap(t);
    const order = await createOrder(t, admin, tech.id, [trap.id], past);
    await close(t, admin, order.id, { force: true });
    expect((await get('/api/reports/compliance')).json()).toMatchObject({ completedSessions: 1, pendingTraps: 0, overdueSessions: 0, completionRate: 100 });
  });

  it('rounds the rate to one decimal', async () => {
    const trap = await createTrap(t);
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await createOrder(t, admin, tech.id, [trap.id]));
    await close(t, admin, orders[0]!.id, { force: true });
    expect((await get('/api/reports/compliance')).json().completionRate).toBe(33.3);
  });

  it('is for administrators only', async () => {
    expect((await get('/api/reports/compliance', tech)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/reports/compliance' })).statusCode).toBe(401);
  });
});

describe('GET /api/reports/export', () => {
  it('writes an Excel workbook with the figures and one row per order, dates as dates', async () => {
    const { done, started, overdue, later } = await operation();
    const response = await get('/api/reports/export?format=excel');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="reporte-operativo.xlsx"');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Resumen')!;
    const figures = Object.fromEntries(
      summary.getSheetValues().slice(2).map((row) => [(row as ExcelJS.CellValue[])[1], (row as ExcelJS.CellValue[])[2]]),
    );
    expect(figures).toMatchObject({
      'Órdenes programadas': 4,
      'Órdenes completadas': 1,
      Cumplimiento: '25 %',
      'Trampas pendientes': 5,
      'Órdenes vencidas sin completar': 2,
      'Zona horaria': 'America/Santiago',
    });

    const orders = workbook.getWorksheet('Órdenes')!;
    expect(orders.getRow(1).values).toEqual([undefined, 'Orden', 'Técnico', 'Programada', 'Estado', 'Trampas completadas', 'Total de trampas', 'Cerrada']);
    expect(orders.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(orders.autoFilter).toBeTruthy();
    const rows = orders.getSheetValues().slice(2) as ExcelJS.CellValue[][];
    expect(rows.map((row) => row[1])).toEqual([later.id, overdue.id, started.id, done.id]);
    const doneRow = rows[3]!;
    expect(doneRow.slice(2, 7)).toEqual(['Ana Técnica', expect.any(Date), 'Completada', 3, 3]);
    expect(doneRow[7]).toBeInstanceOf(Date);
    expect(orders.getCell('C2').numFmt).toBe('dd-mm-yyyy hh:mm');

    // The cell shows Santiago's wall-clock time of the stored UTC instant.
    const [stored] = await t.database.db.select().from(sessions).where(eq(sessions.id, done.id));
    const expected = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Santiago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(stored!.scheduledAt!);
    expect((doneRow[3] as Date).toISOString().slice(0, 16).replace('T', ', ')).toBe(expected);
    expect(rows[0]![7]).toBeFalsy();
  });

  it('writes a PDF with the figures and every order', async () => {
    const { done, later } = await operation();
    const response = await get('/api/reports/export?format=pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="reporte-operativo.pdf"');
    const text = (await readPdf(response.rawPayload)).map((page) => page.text).join(' ');
    for (const expected of ['Reporte operativo', 'Órdenes programadas', '25 %', 'Órdenes vencidas sin completar', `#${done.id}`, `#${later.id}`, 'Ana Técnica', 'Completada', 'En progreso', 'America/Santiago']) {
      expect(text).toContain(expected);
    }
  });

  it('paginates many orders with the headings on every page', async () => {
    const trap = await createTrap(t);
    for (let i = 0; i < 70; i++) await createOrder(t, admin, tech.id, [trap.id]);
    const pages = await readPdf((await get('/api/reports/export?format=pdf')).rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.text).toContain('Técnico');
    const ids = pages.map((page) => page.text).join(' ').match(/#\d+/g)!;
    expect(new Set(ids).size).toBe(70);
  });

  it('refuses any other format, and technicians', async () => {
    const bad = await get('/api/reports/export?format=csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(['El formato debe ser pdf o excel.']);
    expect((await get('/api/reports/export')).statusCode).toBe(400);
    expect((await get('/api/reports/export?format=pdf', tech)).statusCode).toBe(403);
  });
});
