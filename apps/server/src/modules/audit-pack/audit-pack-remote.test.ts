import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { traps } from '../../db/schema.js';
import { readPdf } from '../../../test/pdf.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

/**
 * The pack's «Monitorización remota»: an electronic snap trap's capture (which opened an action) and its low
 * battery, listed by device apart from the inspections, in the PDF (its text, as pdftotext reads it) and in the
 * Excel's sheet of its own. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let admin: TestUser;
let actionId: number;
const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'UTC' });
  admin = await createAdmin(t);
  const trap = await createTrap(t, { code: 'RAT-07', type: 'CAPTURA', area: 'Muelle' });
  await t.database.db
    .update(traps)
    .set({ zone: 'INTERIOR', riskLevel: 'ALTO', externalId: 'eui-0007' })
    .where(eq(traps.id, trap.id));
  const send = async (payload: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/remote-events', headers: admin.headers, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ actionIds: number[] }>();
  };
  const at = `${day}T10:15:00.000Z`;
  actionId = (await send({ eventId: 'a-1', externalId: 'eui-0007', type: 'CAPTURA', occurredAt: at, count: 2 }))
    .actionIds[0]!;
  await send({ eventId: 'a-2', externalId: 'eui-0007', type: 'BATERIA_BAJA', occurredAt: `${day}T11:00:00.000Z` });
});
afterAll(() => t.close());

const pack = (format: 'pdf' | 'excel') =>
  t.app.inject({
    url: `/api/sites/${DEFAULT_SITE_ID}/audit-pack?from=${day}&to=${today}&format=${format}`,
    headers: admin.headers,
  });

it('lists the remote events by device in a section of their own, none counted as a visit', async () => {
  const response = await pack('pdf');
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const pages = await readPdf(response.rawPayload);
  const section = pages.find((page) => page.text.includes('Eventos informados por 1 dispositivo electrónico'));
  expect(section, 'the section «Monitorización remota»').toBeDefined();
  expect(section!.text).toContain('Monitorización remota');
  expect(section!.text).toContain('(captura: 1; batería baja: 1)');
  expect(section!.text).toContain('no cuenta en el cumplimiento ni en la cobertura de visitas');
  expect(section!.text).toMatch(
    /RAT-07 · Muelle\s+Remoto · Captura\s+\S+ 10:15\s+2\s+Actividad alta\s+N\.º \d+ · Abierta/,
  );
  expect(section!.text).toContain(`N.º ${actionId} · Abierta`);
  expect(section!.text).toMatch(/Remoto · Batería baja\s+\S+ 11:00\s+—\s+Aviso de mantenimiento/);
  // The pack's index names the section; pdftotext (what an auditor's tools read) finds it too.
  expect(pages[1]!.text).toContain('Monitorización remota');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-pack-')), 'pack.pdf');
  fs.writeFileSync(file, response.rawPayload);
  expect(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).toContain('Monitorización remota');
});

it('gives the events a sheet of their own in the Excel, named in the summary', async () => {
  const response = await pack('excel');
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Monitorización remota')!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual([
    'Dispositivo',
    'Área',
    'Evento',
    'Fecha y hora',
    'Cantidad',
    'Actividad',
    'Acción correctiva',
  ]);
  expect(rows.slice(1).map((row) => [row[0], row[2], row[4], row[5], row[6]])).toEqual([
    ['RAT-07', 'Captura', 2, 'Actividad alta', `N.º ${actionId} (Abierta)`],
    ['RAT-07', 'Batería baja', undefined, undefined, undefined],
  ]);
  const inspections = workbook.getWorksheet('Inspecciones')!;
  expect(inspections.rowCount).toBe(1);
  const summary: unknown[][] = [];
  workbook.getWorksheet('Resumen')!.eachRow((row) => summary.push((row.values as unknown[]).slice(1)));
  expect(summary).toContainEqual([
    'Eventos de dispositivos electrónicos, no son visitas (hoja Monitorización remota)',
    2,
  ]);
});
