import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type ComplianceReport, type CoverageReport, folioText } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, sessions, traps } from '../../db/schema.js';
import { type DeviceVisit, visit } from '../../../test/inspections.js';
import { close } from '../../../test/orders.js';
import { applicationInput, createProduct, putApplication } from '../../../test/products.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

const run = promisify(execFile);
const ZONE = 'Europe/Madrid';
/** The pack's days, and the same period as instants: midnight in Madrid (UTC+1 in March, UTC+2 from April). */
const FROM_DAY = '2026-03-01';
const TO_DAY = '2026-05-31';
const FROM = '2026-02-28T23:00:00.000Z';
const TO = '2026-05-31T22:00:00.000Z';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
const orders: Record<string, number> = {};

/**
 * One plant over a spring, every way a visit can end: an order done; one with a device not found (done: an
 * exception); one closed by force with three devices not inspected; two open and overdue; one of the period's last
 * evening whose certificate was issued and product applied the next morning; and one just after midnight that
 * belongs to June. A device retired today served in the period; one registered in July did not.
 */
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: ZONE });
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Torres' });
  await t.database.db.update(traps).set({ createdAt: new Date('2026-01-01T00:00:00Z') });
  const device = async (code: string, registered = '2026-01-15T09:00:00Z') => {
    const trap = await createTrap(t, { code, area: 'Producción', type: 'CEBADERO' });
    await t.database.db
      .update(traps)
      .set({ createdAt: new Date(registered) })
      .where(eq(traps.id, trap.id));
    return trap;
  };
  const a = [await device('A1'), await device('A2'), await device('A3'), await device('A4'), await device('A5')];
  a.push(await device('A6'));
  const retired = await device('X1');
  await device('L1', '2026-07-01T09:00:00Z');

  /** A visit at `at` of an order scheduled an hour before, closed (by force if `force`) or left open. */
  const order = async (name: string, at: string, devices: DeviceVisit[], end: 'close' | 'force' | 'open') => {
    const { order: made } = await visit(t, admin, tech, new Date(at), devices);
    const scheduledAt = new Date(new Date(at).getTime() - 3_600_000);
    await t.database.db.update(sessions).set({ scheduledAt }).where(eq(sessions.id, made.id));
    if (end !== 'open') {
      const closed = await close(t, admin, made.id, { force: end === 'force' });
      expect(closed.statusCode, closed.body).toBe(200);
    }
    orders[name] = made.id;
    return made.id;
  };
  const scanned = (trap: (typeof a)[number]): DeviceVisit => ({ trap, scanned: true, finding: {} });
  const pending = (trap: (typeof a)[number]): DeviceVisit => ({ trap, pending: true });

  await order('march', '2026-03-10T09:00:00Z', [...a, retired].map(scanned), 'close');
  await order(
    'notFound',
    '2026-04-07T08:00:00Z',
    [...a.slice(0, 5).map(scanned), { trap: a[5]!, exception: 'NO_ENCONTRADO', note: 'Sin soporte.' }],
    'close',
  );
  await order('forced', '2026-04-21T08:00:00Z', [...a.slice(0, 3).map(scanned), ...a.slice(3).map(pending)], 'force');
  await order('open', '2026-05-05T08:00:00Z', [...a.slice(0, 2).map(scanned), ...a.slice(2).map(pending)], 'open');
  await order(
    'openException',
    '2026-05-19T08:00:00Z',
    [{ trap: a[0]!, exception: 'INACCESIBLE', note: 'Palés delante.' }, ...a.slice(1).map(pending)],
    'open',
  );
  // 20:00 in Madrid on 31 May, the period's last evening; certificate and product the next morning.
  const { order: edge } = await visit(t, admin, tech, new Date('2026-05-31T18:00:00Z'), a.map(scanned));
  await t.database.db
    .update(sessions)
    .set({ scheduledAt: new Date('2026-05-31T17:30:00Z') })
    .where(eq(sessions.id, edge.id));
  const product = await createProduct(t, admin, { registrationNumber: 'ES/RM-2026-00001' });
  const morning = { startedAt: '2026-06-01T07:00:00.000Z', endedAt: '2026-06-01T07:20:00.000Z' };
  const applied = await putApplication(
    t,
    tech,
    edge.id,
    applicationInput(product.id, { batch: 'L0601', trapId: a[0]!.id, ...morning }),
  );
  expect(applied.statusCode, applied.body).toBe(201);
  expect((await close(t, admin, edge.id)).statusCode).toBe(200);
  await t.database.db
    .update(certificates)
    .set({ issuedAt: new Date('2026-06-01T07:30:00Z') })
    .where(eq(certificates.sessionId, edge.id));
  orders.edge = edge.id;
  // Scheduled 00:30 in Madrid on 1 June: June's, in no count of the pack.
  await order('june', '2026-05-31T23:30:00Z', [scanned(a[0]!)], 'close');

  const retire = await t.app.inject({
    method: 'PATCH',
    url: `/api/traps/${retired.id}`,
    headers: admin.headers,
    payload: { isActive: false },
  });
  expect(retire.statusCode, retire.body).toBe(200);
});
afterAll(() => t.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ url, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

const packUrl = (format: 'pdf' | 'excel') =>
  `/api/sites/${DEFAULT_SITE_ID}/audit-pack?from=${FROM_DAY}&to=${TO_DAY}&format=${format}`;

/** The PDF's text as pdftotext reads it, in one line. */
async function pdfText(): Promise<string> {
  const response = await t.app.inject({ url: packUrl('pdf'), headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pack-counts-')), 'pack.pdf');
  fs.writeFileSync(file, response.rawPayload);
  if (process.env.AUDIT_PACK_PDF) fs.copyFileSync(file, process.env.AUDIT_PACK_PDF);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  fs.rmSync(path.dirname(file), { recursive: true });
  return stdout.replace(/\s+/g, ' ');
}

async function excel() {
  const response = await t.app.inject({ url: packUrl('excel'), headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Inspecciones')!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) {
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(headers.map((header, index) => [header, values[index] ?? null])));
    }
  });
  const summary: Record<string, unknown> = {};
  workbook.getWorksheet('Resumen')!.eachRow((row) => {
    summary[String(row.getCell(1).value)] = row.getCell(2).value;
  });
  return { rows, summary };
}

/** The first number after `label` in the text ("1.234" read as 1234). */
function numberAfter(text: string, label: string): number {
  const at = text.indexOf(label);
  expect(at, `«${label}» in the PDF`).toBeGreaterThanOrEqual(0);
  const found = /\d[\d.]*/.exec(text.slice(at + label.length));
  return Number(found![0].replace(/\./g, ''));
}

describe('the audit pack, its Excel annex and the compliance report', () => {
  it('give the same counts for one site and period, every order and device visit accounted for', async () => {
    const api = await get<ComplianceReport>(`/api/reports/compliance?siteId=${DEFAULT_SITE_ID}&from=${FROM}&to=${TO}`);
    // The fixture as counted by hand: six orders of the period (not June's), 37 device visits.
    expect(api).toMatchObject({
      totalSessions: 6,
      completedSessions: 3,
      forcedSessions: 1,
      overdueSessions: 2,
      dueTraps: 37,
      inspectedTraps: 25,
      exceptionTraps: 2,
    });
    const open = api.totalSessions - api.completedSessions - api.forcedSessions;
    const scanned = api.inspectedTraps - api.exceptionTraps;
    const missed = api.dueTraps - api.inspectedTraps;

    const pdf = await pdfText();
    expect(numberAfter(pdf, 'Órdenes del período:')).toBe(api.totalSessions);
    expect(numberAfter(pdf, '; completas')).toBe(api.completedSessions);
    expect(pdf).toContain(`(${api.completionRate.toLocaleString('es-ES')} %)`);
    expect(numberAfter(pdf, 'cerradas con dispositivos sin inspeccionar (cierre forzado):')).toBe(api.forcedSessions);
    expect(numberAfter(pdf, '; abiertas:')).toBe(open);
    expect(numberAfter(pdf, 'de ellas vencidas:')).toBe(api.overdueSessions);
    expect(numberAfter(pdf, 'Visitas a dispositivos (una por orden y dispositivo):')).toBe(api.dueTraps);
    expect(numberAfter(pdf, 'inspeccionadas (QR leído o código escrito):')).toBe(scanned);
    expect(numberAfter(pdf, 'con excepción (no encontrado o inaccesible):')).toBe(api.exceptionTraps);
    expect(numberAfter(pdf, 'sin inspección:')).toBe(missed);

    const { rows, summary } = await excel();
    expect(summary).toMatchObject({
      'Órdenes del período': api.totalSessions,
      'Completas (todos los dispositivos inspeccionados)': api.completedSessions,
      'Cumplimiento (órdenes completas)': `${api.completionRate.toLocaleString('es-ES')} %`,
      'Cerradas con dispositivos sin inspeccionar (cierre forzado)': api.forcedSessions,
      Abiertas: open,
      'De ellas, vencidas': api.overdueSessions,
      'Visitas a dispositivos (filas de la hoja Inspecciones)': api.dueTraps,
      'Inspeccionadas (QR leído o código escrito)': scanned,
      'Con excepción (no encontrados o inaccesibles)': api.exceptionTraps,
      'Sin inspección (cierre forzado u orden abierta)': missed,
    });
    // The rows themselves, counted by what they say.
    const byResult = (result: string) => rows.filter((row) => row.Resultado === result).length;
    expect(rows).toHaveLength(api.dueTraps);
    expect(new Set(rows.map((row) => row.Orden)).size).toBe(api.totalSessions);
    expect(byResult('Escaneada')).toBe(scanned);
    expect(byResult('No encontrada') + byResult('Inaccesible')).toBe(api.exceptionTraps);
    expect(byResult('Sin inspección (cierre forzado)')).toBe(3);
    expect(byResult('Pendiente (orden vencida)')).toBe(missed - 3);

    // The other sections' counts: the activity's inspections (each scanned visit has a finding here), the
    // limits crossed, and the certificates, as the annex's rows give them.
    expect(pdf).toMatch(new RegExp(`Total \\d+ ${scanned} `));
    expect(numberAfter(pdf, 'Superaciones:')).toBe(summary['Con un umbral superado']);
    expect(summary['Con un umbral superado']).toBe(rows.filter((row) => row.Umbral !== null).length);
    const folios = new Set(rows.flatMap((row) => (row.Certificado ? [row.Certificado] : [])));
    expect(numberAfter(pdf, 'certificados de servicio:')).toBe(folios.size);
    expect(folios.size).toBe(4);

    // The coverage grid's cells hold the same visits (one a due order and device).
    const coverage = await get<CoverageReport>(
      `/api/reports/coverage?siteId=${DEFAULT_SITE_ID}&from=${FROM}&to=${TO}&interval=month`,
    );
    const cells = coverage.devices.flatMap((device) => device.cells);
    expect(cells.reduce((sum, cell) => sum + cell.due, 0)).toBe(api.dueTraps);
    expect(cells.reduce((sum, cell) => sum + cell.inspected, 0)).toBe(scanned);
    expect(cells.reduce((sum, cell) => sum + cell.exception, 0)).toBe(api.exceptionTraps);
  });

  it('names the forced close and the overdue orders with the devices they left, and each exception', async () => {
    const pdf = await pdfText();
    expect(pdf).toMatch(
      new RegExp(
        `N\\.º ${orders.forced} 21-04-2026 Ana Torres Cierre forzado el \\d{2}-\\d{2}-\\d{4} 3 de 6 A4, A5, A6`,
      ),
    );
    expect(pdf).toContain(`N.º ${orders.open} 05-05-2026 Ana Torres Abierta, vencida 4 de 6 A3, A4, A5, A6`);
    expect(pdf).toContain(
      `N.º ${orders.openException} 19-05-2026 Ana Torres Abierta, vencida 5 de 6 A2, A3, A4, A5, A6`,
    );
    expect(pdf).toContain(`A6 Producción N.º ${orders.notFound} 07-04-2026 No encontrada Sin soporte.`);
    expect(pdf).toContain(`A1 Producción N.º ${orders.openException} 19-05-2026 Inaccesible Palés delante.`);
    expect(pdf).toContain('Son las mismas cifras que el informe de cumplimiento del sitio');
  });

  it("places a certificate and an application in their visit's period, not their day of issue", async () => {
    const pdf = await pdfText();
    const issued = await t.database.db.select().from(certificates);
    const edge = issued.find((certificate) => certificate.sessionId === orders.edge)!;
    const june = issued.find((certificate) => certificate.sessionId === orders.june)!;
    const folioOf = (row: typeof edge) => folioText(row.year, row.number);
    expect(pdf).toContain(`${folioOf(edge)} 01-06-2026`);
    expect(pdf).not.toContain(folioOf(june));
    expect(pdf).toContain('L0601');
    // In service in the period by their history: the six, and the one retired today; not July's.
    expect(numberAfter(pdf, 'Dispositivos de control en servicio en el período:')).toBe(7);
    expect(pdf).toContain('X1');
    expect(pdf).not.toContain('L1');
  });
});
