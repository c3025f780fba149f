import { type Page, request } from '@playwright/test';
import type { Technician, Trap } from '@rondin/contracts';
import { randomUUID } from 'node:crypto';
import { unique } from './support/accounts';
import { AdminApi, baseURL, loginThroughApi } from './support/api';
import { expect, test } from './support/fixtures';
import { downloaded, parseCsv, readXlsx } from './support/spreadsheets';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const SHOTS = 'test-results/screenshots';

/**
 * The Inspecciones and Acciones lists downloaded as CSV and Excel with a filter applied: each file holds exactly
 * what the list shows with that filter, with Spanish headers, days as dd/mm/yyyy and the site's words.
 */
let tech: Technician;
let station: Trap;
let board: Trap;
/** The zone the site's days are written in (its own, or the server's): the export's «Fecha» is that day. */
let siteZone: string;
const descriptions = { client: [unique('Sellar el zócalo'), unique('Limpiar bajo hornos')], company: unique('Cebar') };

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    await api.keepOneActiveSite();
    const [site] = await api.sites();
    const health = (await (await fetch(`${baseURL()}/api/health`)).json()) as { timeZone: string };
    siteZone = site!.timeZone ?? health.timeZone;
    const created = await api.createTechnician({ fullName: unique('Rosa Exportadora') });
    tech = created;
    station = await api.createTrap({ code: unique('CEB'), type: 'CEBADERO', area: 'Muelle' });
    board = await api.createTrap({ code: unique('LAM'), type: 'LAMINA', area: 'Producción' });
    const order = await api.createOrder({ technicianId: tech.id, trapIds: [station.id, board.id] });
    // The technician's phone scans and records: the list's technician filter keeps this visit only.
    const auth = await loginThroughApi(created.email, created.password);
    const phone = await request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { authorization: `Bearer ${auth.accessToken}` },
    });
    try {
      const itemOf = (trap: Trap) => order.items.find((item) => item.trapId === trap.id)!.id;
      for (const [trap, finding] of [
        [station, { baitConsumption: 50 }],
        [board, { activity: 'NINGUNA' }],
      ] as const) {
        const scanned = await phone.post(`/api/sessions/${order.id}/scan`, {
          data: { qrSlug: trap.qrSlug, clientScanId: randomUUID() },
        });
        expect(scanned.ok()).toBe(true);
        const recorded = await phone.put(`/api/sessions/${order.id}/items/${itemOf(trap)}/finding`, {
          data: { clientFindingId: randomUUID(), recordedAt: new Date().toISOString(), deviceStatus: 'OK', ...finding },
        });
        expect(recorded.ok(), await recorded.text()).toBe(true);
      }
    } finally {
      await phone.dispose();
    }
    for (const description of descriptions.client) {
      await api.createAction({ siteId: site!.id, origin: 'RECOMENDACION', description, dueDate: '2040-03-05' });
    }
    await api.createAction({ siteId: site!.id, description: descriptions.company, dueDate: '2040-03-05' });
  } finally {
    await api.dispose();
  }
});

async function download(page: Page, name: RegExp): Promise<{ file: Buffer; suggested: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return { file: await downloaded(download), suggested: download.suggestedFilename() };
}

test('the inspections list, filtered, downloads as CSV and Excel with exactly its rows', async ({ page, asAdmin }) => {
  await page.setViewportSize(LAPTOP);
  await asAdmin(`/admin/inspections?technicianId=${tech.id}`);
  await page.getByLabel('Período').selectOption({ label: 'Últimos 90 días' });
  await page.getByLabel('Tipo').selectOption({ label: 'Lámina adhesiva o monitor de insectos' });
  await expect(page.getByText('1 dispositivo inspeccionado en el período')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/inspections-exports-1366.png` });

  const csv = await download(page, /^Exportar CSV/);
  expect(csv.suggested).toMatch(/^inspecciones-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parseCsv(csv.file);
  expect(header!.slice(0, 6)).toEqual(['Fecha', 'Hora', 'Sitio', 'Orden', 'Código', 'Tipo']);
  expect(rows.map((row) => row[4])).toEqual([board.code]);
  // The site's day, not the test machine's: from 00:00 UTC until Chile's midnight they differ.
  const today = new Intl.DateTimeFormat('es-ES', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: siteZone,
  }).format(new Date());
  expect(rows[0]![0]).toBe(today);
  expect(rows[0]![5]).toBe('Lámina adhesiva o monitor de insectos');
  expect(rows[0]![header!.indexOf('Técnico')]).toBe(tech.fullName);
  expect(rows[0]![header!.indexOf('Actividad')]).toBe('Sin actividad');

  const xlsx = await download(page, /^Exportar Excel/);
  expect(xlsx.suggested).toMatch(/^inspecciones-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = await readXlsx(xlsx.file);
  expect(workbook.name).toBe('Inspecciones');
  expect(workbook.rows[0]).toEqual(header);
  expect(workbook.rows.slice(1).map((row) => row[4])).toEqual([board.code]);
  expect(workbook.rows[1]![0]).toBeInstanceOf(Date);
});

test('the actions list, filtered by responsible, downloads as CSV and Excel with exactly its actions', async ({
  page,
  asAdmin,
}) => {
  await page.setViewportSize(PHONE);
  await asAdmin('/admin/actions');
  await page.getByLabel('Responsable').selectOption({ label: 'Cliente' });
  await expect(page).toHaveURL(/responsible=CLIENTE/);
  const cards = page.getByRole('list', { name: 'Acciones correctivas' }).getByRole('listitem');
  await expect(cards.filter({ hasText: descriptions.client[0]! })).toHaveCount(1);
  const shown = await cards.count();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/actions-exports-390.png` });

  const csv = await download(page, /^Exportar CSV/);
  expect(csv.suggested).toMatch(/^acciones-correctivas-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parseCsv(csv.file);
  const at = (name: string) => header!.indexOf(name);
  expect(rows).toHaveLength(shown);
  expect(rows.every((row) => row[at('Responsable')] === 'Cliente')).toBe(true);
  const found = rows.map((row) => row[at('Descripción')]);
  expect(found).toEqual(expect.arrayContaining(descriptions.client));
  expect(found).not.toContain(descriptions.company);
  const ours = rows.find((row) => row[at('Descripción')] === descriptions.client[0])!;
  expect([ours[at('Origen')], ours[at('Estado')], ours[at('Fecha límite')]]).toEqual([
    'Recomendación al cliente',
    'Abierta',
    '05/03/2040',
  ]);

  const xlsx = await download(page, /^Exportar Excel/);
  const workbook = await readXlsx(xlsx.file);
  expect(workbook.name).toBe('Acciones correctivas');
  expect(workbook.rows[0]).toEqual(header);
  expect(workbook.rows.slice(1).map((row) => row[at('N.º')])).toEqual(rows.map((row) => Number(row[at('N.º')])));
  const due = workbook.rows.find((row) => row[at('Descripción')] === descriptions.client[0])![at('Fecha límite')];
  expect(due).toEqual(new Date('2040-03-05T00:00:00.000Z'));
});
