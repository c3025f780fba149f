import { type APIRequestContext, type Page, request } from '@playwright/test';
import type { Pest, Session, Technician, Trap } from '@rondin/contracts';
import { randomUUID } from 'node:crypto';
import { unique } from './support/accounts';
import { AdminApi, baseURL, loginThroughApi } from './support/api';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { cameraPhoto } from './support/photo-image';
import { shortTargets } from './support/tap-targets';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = 'test-results/screenshots';

/**
 * The office reads what was found: a technician's visit (a gnawed bait station, a glue board with German
 * cockroaches and a photo, a snap trap not found) is recorded through the API as the phone would send it; the
 * Inspecciones list filters it, shows the photo large, and the order and the trap show the same finding.
 */
let tech: Technician & { password: string };
let station: Trap;
let board: Trap;
let snap: Trap;
let order: Session;
let cockroach: Pest;

/** The technician's side of the API, signed in as them: scans, findings, exceptions and photos. */
async function techContext(account: { email: string; password: string }): Promise<APIRequestContext> {
  const auth = await loginThroughApi(account.email, account.password);
  return request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { authorization: `Bearer ${auth.accessToken}` } });
}

async function ok(response: Promise<import('@playwright/test').APIResponse>) {
  const answered = await response;
  if (!answered.ok()) throw new Error(`${answered.url()}: ${answered.status()} ${await answered.text()}`);
  return answered.json();
}

test.beforeAll(async ({ browser }) => {
  const api = await AdminApi.open();
  try {
    await api.keepOneActiveSite();
    const area = unique('Producción');
    station = await api.createTrap({ code: unique('CEB'), area, type: 'CEBADERO' });
    board = await api.createTrap({ code: unique('LAM'), area, type: 'LAMINA' });
    snap = await api.createTrap({ code: unique('CAP'), area, type: 'CAPTURA' });
    tech = await api.createTechnician({ fullName: unique('Lucía Herrera') });
    order = await api.createOrder({ technicianId: tech.id, trapIds: [station.id, board.id, snap.id] });
  } finally {
    await api.dispose();
  }
  const phone = await techContext(tech);
  const page = await browser.newPage();
  try {
    const pests = (await ok(phone.get('/api/pests'))) as Pest[];
    cockroach = pests.find((pest) => pest.name === 'Cucaracha alemana')!;
    const itemOf = (trap: Trap) => order.items.find((item) => item.trapId === trap.id)!.id;
    const scan = (trap: Trap) =>
      ok(phone.post(`/api/sessions/${order.id}/scan`, { data: { qrSlug: trap.qrSlug, clientScanId: randomUUID() } }));
    const finding = (trap: Trap, fields: object) =>
      ok(
        phone.put(`/api/sessions/${order.id}/items/${itemOf(trap)}/finding`, {
          data: { clientFindingId: randomUUID(), recordedAt: new Date().toISOString(), deviceStatus: 'OK', ...fields },
        }),
      );
    await scan(station);
    await finding(station, { baitConsumption: 50, evidence: ['ROEDURAS'], actions: ['CEBO_REPUESTO'] });
    await scan(board);
    await finding(board, { captures: [{ pestId: cockroach.id, count: 3 }], actions: ['LAMINA_CAMBIADA'] });
    const photo = await cameraPhoto(page, 1200, 900, 'Lámina de producción');
    await ok(
      phone.post(`/api/sessions/${order.id}/items/${itemOf(board)}/photos`, {
        multipart: {
          clientPhotoId: randomUUID(),
          file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo },
        },
      }),
    );
    await ok(
      phone.post(`/api/sessions/${order.id}/items/${itemOf(snap)}/exception`, {
        data: {
          clientScanId: randomUUID(),
          reason: 'NO_ENCONTRADO',
          note: 'No está en su soporte.',
          recordedAt: new Date().toISOString(),
        },
      }),
    );
  } finally {
    await page.close();
    await phone.dispose();
  }
});

const list = (page: Page) =>
  page.getByRole('table', { name: 'Dispositivos inspeccionados, los más recientes primero' });
const rowOf = (page: Page, trap: Trap) => list(page).getByRole('row').filter({ hasText: trap.code });

test('the office filters the inspections, keeps the filters in the address and opens a photo large', async ({
  page,
  asAdmin,
}) => {
  await page.setViewportSize(LAPTOP);
  await asAdmin(`/admin/inspections?technicianId=${tech.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inspecciones' })).toBeVisible();
  await page.getByLabel('Período').selectOption({ label: 'Últimos 90 días' });
  await expect(page).toHaveURL(/period=last-90-days/);
  await expect(list(page).getByRole('row')).toHaveCount(4);
  await expect(list(page).getByRole('columnheader')).toHaveText([
    'Fecha',
    'Dispositivo',
    'Orden',
    'Técnico',
    'Resultado',
    'Hallazgo',
  ]);
  await expect(page.getByText('3 dispositivos inspeccionados en el período')).toBeVisible();
  await expect(rowOf(page, station)).toContainText('Actividad media');
  await expect(rowOf(page, station)).toContainText('Consumo de cebo 50 %');
  await expect(rowOf(page, station)).toContainText('Indicios: roeduras');
  await expect(rowOf(page, board)).toContainText('Escaneada');
  await expect(rowOf(page, board)).toContainText('Capturas: Cucaracha alemana 3');
  await expect(rowOf(page, board)).toContainText(tech.fullName);
  await expect(rowOf(page, board)).toContainText(`#${order.id}`);
  await expect(rowOf(page, snap)).toContainText('No encontrada');
  await expect(rowOf(page, snap)).toContainText('No está en su soporte.');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/inspections-1366.png`, fullPage: true });

  // Activity at or above medium: the gnawed station only (three cockroaches are low).
  await page.getByLabel('Actividad').selectOption({ label: 'Media o más' });
  await expect(page).toHaveURL(/activityMin=MEDIA/);
  await expect(list(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, station)).toBeVisible();

  await page.getByLabel('Actividad').selectOption({ label: 'Cualquiera' });
  await page.getByLabel('Plaga capturada').selectOption({ label: 'Cucaracha alemana' });
  await expect(page).toHaveURL(new RegExp(`pestId=${cockroach.id}`));
  await expect(list(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, board)).toBeVisible();

  // A reload, or a shared link, shows the same list.
  await page.reload();
  await expect(page.getByLabel('Plaga capturada')).toHaveValue(String(cockroach.id));
  await expect(page.getByLabel('Período')).toHaveValue('last-90-days');
  await expect(list(page).getByRole('row')).toHaveCount(2);

  // The photo: a thumbnail (the server's small WebP, not the photo) that opens the photo itself large.
  const thumbnail = rowOf(page, board).getByRole('button', { name: `Ver foto 1 de 1 de ${board.code}` });
  const small = thumbnail.getByRole('img', { name: `Miniatura de la foto 1 de ${board.code}` });
  await expect(small).toHaveJSProperty('complete', true);
  await expect(small).toHaveAttribute('loading', 'lazy');
  expect(await small.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([
    320, 240,
  ]);
  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: `Fotos de ${board.code}` });
  const large = viewer.getByRole('img', { name: `Foto 1 de 1 de ${board.code}` });
  await expect(large).toBeVisible();
  await expect.poll(() => large.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/inspections-photo-1366.png` });
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();

  await page.getByLabel('Plaga capturada').selectOption({ label: 'Cualquiera' });
  await page.getByLabel('Resultado').selectOption({ label: 'No encontrada o inaccesible' });
  await expect(list(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, snap)).toBeVisible();
});

test('says when nothing matches, and offers to clear the filters', async ({ page, asAdmin }) => {
  await page.setViewportSize(LAPTOP);
  await asAdmin(`/admin/inspections?technicianId=${tech.id}&type=LUZ_UV`);
  await expect(page.getByText('Ninguna inspección del período coincide con los filtros.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page).not.toHaveURL(/technicianId/);
  await expect(page.getByLabel('Tipo')).toHaveValue('');

  // A custom period starts from the one on screen; its two days are kept in the address.
  await page.getByLabel('Período').selectOption({ label: 'Personalizado' });
  await expect(page.getByLabel('Desde')).not.toHaveValue('');
  await page.getByLabel('Desde').fill('2020-01-01');
  await page.getByLabel('Hasta').fill('2020-01-31');
  await expect(page).toHaveURL(/period=custom&from=2020-01-01&to=2020-01-31/);
  await expect(page.getByText('No hay inspecciones en este período.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/inspections-empty-1366.png` });
});

test('on a phone each inspection is a card, nothing wider than the screen, every control a thumb wide', async ({
  page,
  asAdmin,
}) => {
  await page.setViewportSize(PHONE);
  await asAdmin(`/admin/inspections?technicianId=${tech.id}`);
  const cards = page.getByRole('list', { name: 'Dispositivos inspeccionados, los más recientes primero' });
  await expect(cards.getByRole('listitem').filter({ hasText: board.code })).toContainText(
    'Capturas: Cucaracha alemana 3',
  );
  // A thumbnail reads its photo once it scrolls into view.
  const thumbnail = cards.getByRole('button', { name: `Ver foto 1 de 1 de ${board.code}` });
  await thumbnail.scrollIntoViewIfNeeded();
  await expect(thumbnail.locator('img')).toHaveJSProperty('complete', true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await shortTargets(page.getByRole('main'))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/inspections-390.png`, fullPage: true });
});

test('the order detail and the trap history show what was found, with the photo', async ({ page, asAdmin }) => {
  await page.setViewportSize(LAPTOP);
  await asAdmin(`/admin/sessions/${order.id}`);
  const items = page.getByRole('table', { name: 'Trampas de la orden' });
  const row = (trap: Trap) => items.getByRole('row').filter({ hasText: trap.code });
  await expect(row(board)).toContainText('Escaneada');
  await expect(row(board)).toContainText('Actividad baja');
  await expect(row(board)).toContainText('Capturas: Cucaracha alemana 3');
  await expect(row(board)).toContainText('Acciones: lámina cambiada');
  await expect(row(board).getByRole('button', { name: `Ver foto 1 de 1 de ${board.code}` })).toBeVisible();
  await expect(row(board).getByRole('img', { name: `Miniatura de la foto 1 de ${board.code}` })).toBeVisible();
  await expect(row(snap)).toContainText('No encontrada');
  await expect(row(snap)).toContainText('No está en su soporte.');
  await page.getByLabel('Mostrar').selectOption({ label: 'Con actividad (2)' });
  await expect(items.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Mostrar').selectOption({ label: 'No encontradas o inaccesibles (1)' });
  await expect(items.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Mostrar').selectOption({ label: 'Todas (3)' });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/order-findings-1366.png`, fullPage: true });

  await asAdmin(`/admin/traps/${station.id}`);
  const history = page.getByRole('row', { name: new RegExp(`#${order.id}`) });
  await expect(history).toContainText('Escaneada');
  await expect(history).toContainText('Actividad media');
  await expect(history).toContainText('Consumo de cebo 50 %');
  await page.screenshot({ path: `${SHOTS}/trap-history-findings-1366.png`, fullPage: true });

  await page.setViewportSize(PHONE);
  await asAdmin(`/admin/sessions/${order.id}`);
  const phoneItem = page.getByRole('listitem').filter({ hasText: board.code });
  await expect(phoneItem).toContainText('Capturas: Cucaracha alemana 3');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/order-findings-390.png`, fullPage: true });
});
