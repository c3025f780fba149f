import ExcelJS from 'exceljs';
import { ReportMessages } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { servicePlans, sessions } from '../../db/schema.js';
import { notFoundException, recordException } from '../../../test/findings.js';
import { close, createOrder, scan } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
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

const HOUR = 3_600_000;
const get = (url: string, user: TestUser = admin) => t.app.inject({ url, headers: user.headers });
const compliance = async (query = '') => {
  const response = await get(`/api/reports/compliance${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const past = hoursFromNow(-24);
const future = hoursFromNow(24);

async function setCreatedAt(orderId: number, createdAt: Date) {
  await t.database.db.update(sessions).set({ createdAt }).where(eq(sessions.id, orderId));
}

async function readWorkbook(url: string) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

/** The summary sheet as label → cell, so a test sees each value's type and format. */
function summaryCells(workbook: ExcelJS.Workbook): Record<string, ExcelJS.Cell> {
  const summary = workbook.getWorksheet('Resumen')!;
  const cells: Record<string, ExcelJS.Cell> = {};
  summary.eachRow((row, number) => {
    if (number > 1) cells[String(row.getCell(1).value)] = row.getCell(2);
  });
  return cells;
}

/**
 * Six orders: completed, in progress and overdue, pending and overdue, force-closed with a trap pending,
 * undated and untouched, and one scheduled tomorrow (not due yet).
 */
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
  const forced = await createOrder(t, admin, tech.id, ids.slice(0, 2), past);
  await scan(t, tech, forced.id, traps[0]!.qrSlug);
  await close(t, admin, forced.id, { force: true });
  const undated = await createOrder(t, admin, tech.id, ids.slice(0, 1));
  const later = await createOrder(t, admin, tech.id, ids.slice(0, 1), future);
  return { done, started, overdue, forced, undated, later };
}

describe('GET /api/reports/compliance', () => {
  it('answers zeros with no orders, the period it was asked and the instant it judged at', async () => {
    const before = Date.now();
    const report = await compliance();
    expect(report).toEqual({
      totalSessions: 0,
      completedSessions: 0,
      completionRate: 0,
      pendingTraps: 0,
      overdueSessions: 0,
      forcedSessions: 0,
      dueTraps: 0,
      inspectedTraps: 0,
      exceptionTraps: 0,
      planGaps: 0,
      from: null,
      to: null,
      asOf: expect.any(String),
    });
    expect(Date.parse(report.asOf)).toBeGreaterThanOrEqual(before);
  });

  it('counts due orders only, a forced close apart from the completed ones, and traps one per order', async () => {
    await operation();
    expect(await compliance()).toMatchObject({
      // Everything but the order scheduled tomorrow.
      totalSessions: 5,
      completedSessions: 1,
      forcedSessions: 1,
      completionRate: 20,
      // 2 left in the started order, 2 in the overdue one, 1 in the undated one; the forced one is closed.
      pendingTraps: 5,
      // The started and the overdue ones; the undated one has no date to be late against.
      overdueSessions: 2,
      dueTraps: 3 + 3 + 2 + 2 + 1,
      inspectedTraps: 3 + 1 + 0 + 1 + 0,
    });
  });

  it('never counts a forced close as completed, however many traps were inspected', async () => {
    const traps = [await createTrap(t), await createTrap(t)];
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
      past,
    );
    await scan(t, tech, order.id, traps[0]!.qrSlug);
    await close(t, admin, order.id, { force: true });
    expect(await compliance()).toMatchObject({
      totalSessions: 1,
      completedSessions: 0,
      forcedSessions: 1,
      completionRate: 0,
      pendingTraps: 0,
      overdueSessions: 0,
      dueTraps: 2,
      inspectedTraps: 1,
    });
  });

  it('leaves an order scheduled later out until its time comes, even if it is already done', async () => {
    const trap = await createTrap(t);
    const early = await createOrder(t, admin, tech.id, [trap.id], future);
    await scan(t, tech, early.id, trap.qrSlug);
    await close(t, tech, early.id);
    expect(await compliance()).toMatchObject({ totalSessions: 0, completedSessions: 0, completionRate: 0 });
    await t.database.db
      .update(sessions)
      .set({ scheduledAt: new Date(past) })
      .where(eq(sessions.id, early.id));
    expect(await compliance()).toMatchObject({ totalSessions: 1, completedSessions: 1, completionRate: 100 });
  });

  it('rounds the rate to one decimal, and the workbook keeps it as that fraction', async () => {
    const trap = await createTrap(t);
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await createOrder(t, admin, tech.id, [trap.id], past));
    await scan(t, tech, orders[0]!.id, trap.qrSlug);
    await close(t, tech, orders[0]!.id);
    expect((await compliance()).completionRate).toBe(33.3);
    const rate = summaryCells(await readWorkbook('/api/reports/export?format=excel')).Cumplimiento!;
    expect(rate.value).toBe(0.333);
    expect(rate.numFmt).toBe('0.0 %');
  });

  it('takes the period as [from, to): an order scheduled at from is in, one scheduled at to is out', async () => {
    const trap = await createTrap(t);
    const from = '2026-03-01T03:00:00.000Z';
    const to = '2026-04-01T03:00:00.000Z';
    await createOrder(t, admin, tech.id, [trap.id], '2026-03-01T02:59:59.999Z');
    const first = await createOrder(t, admin, tech.id, [trap.id], from);
    const last = await createOrder(t, admin, tech.id, [trap.id], '2026-04-01T02:59:59.999Z');
    await createOrder(t, admin, tech.id, [trap.id], to);
    const report = await compliance(`?from=${from}&to=${to}`);
    expect(report).toMatchObject({ totalSessions: 2, overdueSessions: 2, dueTraps: 2, from, to });
    const rows = (await readWorkbook(`/api/reports/export?format=excel&from=${from}&to=${to}`))
      .getWorksheet('Órdenes')!
      .getSheetValues()
      .slice(2) as ExcelJS.CellValue[][];
    expect(rows.map((row) => row[1])).toEqual([last.id, first.id]);
  });

  it('places an undated order in the period it was created in', async () => {
    const trap = await createTrap(t);
    const undated = await createOrder(t, admin, tech.id, [trap.id]);
    await setCreatedAt(undated.id, new Date('2026-02-10T12:00:00Z'));
    const march = '?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z';
    const february = '?from=2026-02-01T00:00:00Z&to=2026-03-01T00:00:00Z';
    expect(await compliance(march)).toMatchObject({ totalSessions: 0, pendingTraps: 0 });
    expect(await compliance(february)).toMatchObject({ totalSessions: 1, pendingTraps: 1, overdueSessions: 0 });
    expect(await compliance('?from=2026-02-01T00:00:00Z')).toMatchObject({ totalSessions: 1 });
    expect(await compliance('?to=2026-02-10T12:00:00Z')).toMatchObject({ totalSessions: 0 });
  });

  it('accepts a period with one end only, or none, and an empty period', async () => {
    await operation();
    expect(await compliance(`?to=${encodeURIComponent(hoursFromNow(-48))}`)).toMatchObject({ totalSessions: 0 });
    expect(await compliance(`?from=${encodeURIComponent(hoursFromNow(-48))}`)).toMatchObject({ totalSessions: 5 });
    const now = encodeURIComponent(new Date().toISOString());
    expect(await compliance(`?from=${now}&to=${now}`)).toMatchObject({ totalSessions: 0, completionRate: 0 });
  });

  it('refuses a period that ends before it starts, and dates that are not ISO 8601, in Spanish', async () => {
    const reversed = await get('/api/reports/compliance?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toEqual([ReportMessages.periodReversed]);
    const exportReversed = await get(
      '/api/reports/export?format=pdf&from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z',
    );
    expect(exportReversed.statusCode).toBe(400);
    expect(exportReversed.json().message).toEqual([ReportMessages.periodReversed]);
    const garbled = await get('/api/reports/compliance?from=ayer');
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toEqual([expect.stringContaining('ISO 8601')]);
    expect((await get('/api/reports/compliance?site=1')).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    expect((await get('/api/reports/compliance', tech)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/reports/compliance' })).statusCode).toBe(401);
  });
});

describe('compliance over random plants', () => {
  interface PlannedOrder {
    traps: number;
    inspected: number;
    closed: boolean;
    /** Hours from the run's start; null for an undated order. */
    scheduledIn: number | null;
    /** Hours before the run's start the order was created. */
    createdAgo: number;
  }
  const plannedOrder = fc
    .record({
      traps: fc.integer({ min: 1, max: 3 }),
      inspectedShare: fc.double({ min: 0, max: 1, noNaN: true }),
      closed: fc.boolean(),
      scheduledIn: fc.option(fc.integer({ min: -40, max: 40 }).filter((hours) => hours !== 0)),
      createdAgo: fc.integer({ min: 0, max: 40 }),
    })
    .map(
      ({ inspectedShare, ...order }): PlannedOrder => ({
        ...order,
        inspected: Math.round(inspectedShare * order.traps),
      }),
    );
  // Small ranges of whole hours, so that period ends often fall exactly on an order's time.
  const bound = fc.option(fc.integer({ min: -50, max: 50 }), { freq: 3 });
  const period = fc
    .tuple(bound, bound)
    .map(([a, b]): [number | null, number | null] => (a !== null && b !== null && a > b ? [b, a] : [a, b]));

  /** The figures straight from the definitions, over what the test itself did: no counter, no SQL. */
  function expected(orders: PlannedOrder[], start: number, [from, to]: [number | null, number | null], asOf: number) {
    const at = (hours: number) => start + hours * HOUR;
    const due = orders.filter((order) => {
      const scheduled = order.scheduledIn === null ? null : at(order.scheduledIn);
      const reference = scheduled ?? at(-order.createdAgo);
      const inPeriod = (from === null || reference >= at(from)) && (to === null || reference < at(to));
      return inPeriod && (scheduled === null || scheduled <= asOf);
    });
    const open = due.filter((order) => !order.closed);
    const completed = due.filter((order) => order.closed && order.inspected === order.traps).length;
    return {
      totalSessions: due.length,
      completedSessions: completed,
      forcedSessions: due.filter((order) => order.closed && order.inspected < order.traps).length,
      completionRate: due.length ? Math.round((completed / due.length) * 1000) / 10 : 0,
      pendingTraps: open.reduce((sum, order) => sum + order.traps - order.inspected, 0),
      overdueSessions: open.filter((order) => order.scheduledIn !== null && at(order.scheduledIn) < asOf).length,
      dueTraps: due.reduce((sum, order) => sum + order.traps, 0),
      inspectedTraps: due.reduce((sum, order) => sum + order.inspected, 0),
      // Every trap done is scanned.
      exceptionTraps: 0,
      // Orders made by hand: no service plan, no gap to find.
      planGaps: 0,
    };
  }

  it('matches an independent computation for any plant and period', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(plannedOrder, { minLength: 1, maxLength: 8 }),
        fc.array(period, { minLength: 1, maxLength: 4 }),
        async (orders, periods) => {
          await t.reset();
          const office = await createAdmin(t);
          const field = await createUser(t);
          const traps = [await createTrap(t), await createTrap(t), await createTrap(t)];
          const start = Date.now();
          for (const order of orders) {
            const mine = traps.slice(0, order.traps);
            const scheduledAt =
              order.scheduledIn === null ? undefined : new Date(start + order.scheduledIn * HOUR).toISOString();
            const created = await createOrder(
              t,
              office,
              field.id,
              mine.map((trap) => trap.id),
              scheduledAt,
            );
            await setCreatedAt(created.id, new Date(start - order.createdAgo * HOUR));
            for (const trap of mine.slice(0, order.inspected)) await scan(t, field, created.id, trap.qrSlug);
            if (order.closed) {
              const closing = await close(t, office, created.id, { force: order.inspected < order.traps });
              expect(closing.statusCode, closing.body).toBe(200);
            }
          }
          for (const [from, to] of periods) {
            const query = new URLSearchParams();
            if (from !== null) query.set('from', new Date(start + from * HOUR).toISOString());
            if (to !== null) query.set('to', new Date(start + to * HOUR).toISOString());
            const response = await t.app.inject({ url: `/api/reports/compliance?${query}`, headers: office.headers });
            const report = response.json();
            expect(report).toMatchObject(expected(orders, start, [from, to], Date.parse(report.asOf)));
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('GET /api/reports/export', () => {
  it('writes an Excel workbook with the period, the figures as numbers and one row per due order', async () => {
    const { done, started, overdue, forced, undated, later } = await operation();
    const response = await get('/api/reports/export?format=excel');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="reporte-operativo.xlsx"');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells = summaryCells(workbook);
    const values = Object.fromEntries(Object.entries(cells).map(([label, cell]) => [label, cell.value]));
    expect(values).toMatchObject({
      Desde: 'La primera orden',
      'Hasta (sin incluir)': 'Sin límite',
      'Órdenes programadas': 5,
      'Órdenes completadas': 1,
      'Órdenes cerradas con pendientes': 1,
      'Órdenes vencidas sin completar': 2,
      'Trampas programadas': 11,
      'Trampas inspeccionadas': 5,
      'Trampas pendientes': 5,
      'Zona horaria': 'America/Santiago',
    });
    // The rate is a number a formula can use, shown as a percent: 0.2 reads "20,0 %" in a Spanish Excel.
    expect(cells.Cumplimiento!.value).toBe(0.2);
    expect(cells.Cumplimiento!.numFmt).toBe('0.0 %');
    expect(cells['Órdenes programadas']!.numFmt).toBe('#,##0');
    expect(cells.Generado!.value).toBeInstanceOf(Date);

    const orders = workbook.getWorksheet('Órdenes')!;
    expect(orders.getRow(1).values).toEqual([
      undefined,
      'Orden',
      'Técnico',
      'Programada',
      'Estado',
      'Trampas completadas',
      'Total de trampas',
      'Cerrada',
      'Creada',
    ]);
    expect(orders.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(orders.autoFilter).toBeTruthy();
    const rows = orders.getSheetValues().slice(2) as ExcelJS.CellValue[][];
    expect(rows.map((row) => row[1])).toEqual([undated.id, forced.id, overdue.id, started.id, done.id]);
    expect(rows.map((row) => row[1])).not.toContain(later.id);
    const doneRow = rows[4]!;
    expect(doneRow.slice(2, 7)).toEqual(['Ana Técnica', expect.any(Date), 'Completada', 3, 3]);
    expect(doneRow[7]).toBeInstanceOf(Date);
    expect(rows[1]![4]).toBe('Cerrada con pendientes');
    expect(rows[0]![3]).toBeFalsy();
    expect(rows[0]![8]).toBeInstanceOf(Date);
    expect(orders.getCell('C2').numFmt).toBe('dd-mm-yyyy hh:mm');

    // The cell shows Santiago's wall-clock time of the stored UTC instant.
    const [stored] = await t.database.db.select().from(sessions).where(eq(sessions.id, done.id));
    const expectedClock = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Santiago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(stored!.scheduledAt!);
    expect((doneRow[3] as Date).toISOString().slice(0, 16).replace('T', ', ')).toBe(expectedClock);
  });

  it('writes the period asked for at the head of the workbook', async () => {
    const cells = summaryCells(
      await readWorkbook('/api/reports/export?format=excel&from=2026-03-01T03:00:00Z&to=2026-04-01T03:00:00Z'),
    );
    // Midnight in Santiago (UTC−3 in March), as Excel dates holding the wall-clock time.
    expect(cells.Desde!.value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(cells['Hasta (sin incluir)']!.value).toEqual(new Date('2026-04-01T00:00:00Z'));
    expect(cells.Desde!.numFmt).toBe('dd-mm-yyyy hh:mm');
  });

  it('writes a PDF with the period, the figures in Spanish number format and every due order', async () => {
    const trap = await createTrap(t);
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await createOrder(t, admin, tech.id, [trap.id], past));
    await scan(t, tech, orders[0]!.id, trap.qrSlug);
    await close(t, tech, orders[0]!.id);
    await close(t, admin, orders[1]!.id, { force: true });
    const later = await createOrder(t, admin, tech.id, [trap.id], future);
    const response = await get('/api/reports/export?format=pdf&from=2026-01-01T03:00:00Z');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="reporte-operativo.pdf"');
    const text = (await readPdf(response.rawPayload)).map((page) => page.text).join(' ');
    for (const expectedText of [
      'Reporte operativo',
      'Desde',
      '01-01-2026 00:00',
      'Sin límite',
      'Órdenes programadas',
      '33,3 %',
      'Órdenes cerradas con pendientes',
      'Órdenes vencidas sin completar',
      'Cerrada con pendientes',
      `#${orders[2]!.id}`,
      'Ana Técnica',
      'Completada',
      'America/Santiago',
    ]) {
      expect(text).toContain(expectedText);
    }
    expect(text).not.toContain('33.3');
    expect(text).not.toContain(`#${later.id}`);
  });

  it('counts exceptions apart and writes them and the plan months without a visit in both documents', async () => {
    const [found, missing, pending] = [await createTrap(t), await createTrap(t), await createTrap(t)];
    const order = await createOrder(t, admin, tech.id, [found.id, missing.id, pending.id], past);
    await scan(t, tech, order.id, found.qrSlug);
    const item = order.items.find((candidate) => candidate.trapId === missing.id)!;
    const exception = await recordException(t, tech, order.id, item.id, notFoundException());
    expect(exception.statusCode, exception.body).toBeLessThan(300);
    // The order made by a monthly plan whose month has no completed visit: one plan gap.
    const [plan] = await t.database.db
      .insert(servicePlans)
      .values({
        siteId: 1,
        name: 'Mensual',
        technicianId: tech.id,
        frequency: 'MENSUAL',
        startDate: '2026-01-01',
        time: '08:00',
      })
      .returning();
    const plannedDate = past.slice(0, 10);
    await t.database.db.update(sessions).set({ servicePlanId: plan!.id, plannedDate }).where(eq(sessions.id, order.id));

    expect(await compliance()).toMatchObject({ dueTraps: 3, inspectedTraps: 2, exceptionTraps: 1, planGaps: 1 });
    const cells = summaryCells(await readWorkbook('/api/reports/export?format=excel'));
    expect(cells['Trampas con excepción (no encontrada o inaccesible)']!.value).toBe(1);
    expect(cells['Meses de un plan sin visita completada']!.value).toBe(1);
    const text = (await readPdf((await get('/api/reports/export?format=pdf')).rawPayload))
      .map((page) => page.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Trampas con excepción (no encontrada o inaccesible) 1');
    expect(text).toContain('Meses de un plan sin visita completada 1');
  });

  it('says so when the period has no order', async () => {
    const pages = await readPdf((await get('/api/reports/export?format=pdf&to=2020-01-01T00:00:00Z')).rawPayload);
    expect(pages.map((page) => page.text).join(' ')).toContain('No hay órdenes en el período.');
  });

  it('paginates many orders with the headings on every page', async () => {
    const trap = await createTrap(t);
    for (let i = 0; i < 70; i++) await createOrder(t, admin, tech.id, [trap.id]);
    const pages = await readPdf((await get('/api/reports/export?format=pdf')).rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.text).toContain('Técnico');
    const ids = pages
      .map((page) => page.text)
      .join(' ')
      .match(/#\d+/g)!;
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
