import type { Page } from '@playwright/test';
import type { Site, Trap } from '@rondin/contracts';
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unique } from './support/accounts';
import { AdminApi } from './support/api';
import { downloadBytes, expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = 'test-results/screenshots';

/** The pack's sections, in the design's order (DESIGN-audit.md, "Certificates and the audit pack"). */
const SECTIONS = [
  'Alcance y responsabilidades',
  'Empresa y personal',
  'Programa de control',
  'Evaluación del riesgo: diagnóstico y revisión anual',
  'Revisiones trimestrales',
  'Planos numerados y fechados',
  'Inventario de dispositivos',
  'Cumplimiento de visitas y cobertura por dispositivo',
  'Cobertura frente a la frecuencia contratada',
  'Índice de certificados',
  'Actividad observada',
  'Tratamientos y productos',
  'Umbrales y superaciones',
  'Acciones correctivas y recomendaciones',
  'Avistamientos',
  'Tendencias',
  'Mapa de calor',
];

/**
 * A site of its own with one visit two hours ago: two devices scanned, one with a finding, and the order closed
 * (its certificate issued). The pack of the last twelve months holds that visit; the annex one row per device.
 */
let site: Site;
let traps: Trap[];

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    site = await api.createSite({ name: unique('Planta dossier'), client: 'Harinas del Sur S.A.' });
    traps = [
      await api.createTrap({ code: unique('CEB'), area: 'Muelle', siteId: site.id, type: 'CEBADERO' }),
      await api.createTrap({ code: unique('LAM'), area: 'Envasado', siteId: site.id, type: 'LAMINA' }),
    ];
    const technician = await api.createTechnician();
    const order = await api.createOrder({
      technicianId: technician.id,
      trapIds: traps.map((trap) => trap.id),
      scheduledAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    });
    for (const trap of traps) await api.scan(order.id, trap.qrSlug);
    const bait = order.items.find((item) => item.trapId === traps[0]!.id)!;
    await api.recordFinding(order.id, bait.id, { deviceStatus: 'OK', baitConsumption: 50 });
    await api.closeOrder(order.id);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  // The specs that follow expect a single active site.
  const api = await AdminApi.open();
  try {
    await api.keepOneActiveSite();
  } finally {
    await api.dispose();
  }
});

const panelOf = (page: Page) => page.getByRole('region', { name: 'Dossier de auditoría' });

/** Presses a download button and answers the file's name and bytes. */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const panel = panelOf(page);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: await downloadBytes(file) };
}

function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dossier-')), 'dossier.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test("the site page downloads the last twelve months' pack and its Excel annex", async ({ page, asAdmin }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(LAPTOP);
  await asAdmin(`/admin/sites/${site.id}`);
  const panel = panelOf(page);
  await expect(panel.getByRole('radio', { name: 'Últimos 12 meses' })).toBeChecked();
  await expect(panel.getByLabel('Sitio')).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/audit-pack-site-1366.png` });

  const pdf = await download(page, 'Descargar dossier (PDF)');
  expect(pdf.name).toMatch(/^dossier-auditoria-planta-dossier-.*-ultimos-12-meses\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf.bytes);
  expect(text).toContain(site.name);
  for (const title of SECTIONS) expect(text, title).toContain(title);
  await expect(panel.getByRole('status').filter({ hasText: 'Descarga iniciada.' })).toBeVisible();

  const excel = await download(page, 'Descargar anexo (Excel)');
  expect(excel.name).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(excel.bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Inspecciones')!;
  const codeColumn = (sheet.getRow(1).values as unknown[]).indexOf('Código');
  const codes: string[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) codes.push(String(row.getCell(codeColumn).value));
  });
  expect(codes.sort()).toEqual(traps.map((trap) => trap.code).sort());
  expect(workbook.getWorksheet('Resumen')).toBeTruthy();
});

test('a chosen period is checked in Spanish, on a phone', async ({ page, asAdmin }) => {
  await page.setViewportSize(PHONE);
  await asAdmin(`/admin/sites/${site.id}`);
  const panel = panelOf(page);
  await panel.getByRole('radio', { name: 'Elegir fechas' }).check();
  await panel.getByLabel('Desde').fill('2026-07-01');
  await panel.getByLabel('Hasta').fill('2026-06-30');
  await expect(panel.getByRole('alert')).toHaveText('La fecha inicial no puede ser posterior a la final.');
  await expect(panel.getByLabel('Desde')).toHaveAttribute('aria-invalid', 'true');
  // Only the page scrolls, never sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/audit-pack-site-390.png` });
});

test('the dashboard offers the pack of a site chosen from a select', async ({ page, asAdmin }) => {
  test.setTimeout(120_000);
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await asAdmin('/admin/dashboard');
    const panel = panelOf(page);
    await panel.getByLabel('Sitio').selectOption({ label: site.name });
    await panel.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `${SHOTS}/audit-pack-dashboard-${size.width}.png` });
  }
  // The server's answer held back: the pressed button and the status line say the pack is being prepared.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/sites/*/audit-pack?*', async (route) => {
    await held;
    await route.continue();
  });
  const panel = panelOf(page);
  const downloaded = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Descargar anexo (Excel)' }).click();
  await expect(panel.getByRole('button', { name: 'Preparando el Excel…' })).toHaveAttribute('aria-busy', 'true');
  await expect(panel.getByRole('status').first()).toHaveText(/Puede tardar unos segundos/);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/audit-pack-working-1366.png` });
  release();
  const excel = await downloaded;
  expect(excel.suggestedFilename()).toMatch(/^dossier-auditoria-planta-dossier-.*-ultimos-12-meses\.xlsx$/);
  await expect(panel.getByRole('button', { name: 'Descargar anexo (Excel)' })).toBeVisible();
});
