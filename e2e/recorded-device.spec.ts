import type { Page } from '@playwright/test';
import type { Session, Technician, Trap } from '@rondin/contracts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unique } from './support/accounts';
import { AdminApi } from './support/api';
import { CHROMIUM_PATH, fakeCameraArgs } from './support/browser';
import { writeLabelVideo } from './support/fake-camera';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { readIndexedDb, waitForServiceWorker } from './support/offline';
import { cameraPhoto } from './support/photo-image';

// The app's service worker: this file's tests work offline or check what it caches.
test.use({ serviceWorkers: 'allow' });

/**
 * A device already recorded in an order, read again by the camera (issue 26, defect 1): online, without signal
 * and after a reload, the phone says «Ya registrada» with what the device holds, and never offers a preset answer
 * a tap could record over it. And (defect 2) once the signal is back and everything is sent, nothing says the
 * phone is offline or that it waits for the connection.
 *
 * The camera shows one glue board's label the whole time, as a technician standing at it would.
 */
const VIDEO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/.fake-camera/recorded.y4m');
const SHOTS = 'test-results/screenshots';

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: fakeCameraArgs(VIDEO) } });

let area: string;
let board: Trap;
let tech: Technician & { password: string };

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    await api.keepOneActiveSite();
    area = unique('Bodega');
    board = await api.createTrap({ area, type: 'LAMINA' });
    tech = await api.createTechnician({ fullName: unique('Marta Fuentes') });
    await writeLabelVideo(VIDEO, [await api.label(board.id)], 2);
  } finally {
    await api.dispose();
  }
});

interface SavedQueries {
  state: { queries: { queryKey: unknown[]; state: { data?: unknown } }[] };
}

/** The order as the device saved it for work without signal. */
async function savedOrder(page: Page, orderId: number): Promise<Session | undefined> {
  const saved = await readIndexedDb<SavedQueries>(page, 'rondin-saved-queries', 'queries');
  const query = saved
    .flatMap((each) => each.state.queries)
    .find((each) => JSON.stringify(each.queryKey) === JSON.stringify(['sessions', 'detail', orderId]));
  return query?.state.data as Session | undefined;
}

const trapRow = (page: Page, trap: Trap) =>
  page
    .getByRole('region', { name: 'Listado de trampas' })
    .getByRole('listitem')
    .filter({ has: page.getByText(trap.code, { exact: true }) });
const savedBanner = (page: Page) => page.getByText(/^Sin conexión · datos guardados en este dispositivo el /);
const bar = (page: Page) => page.getByRole('region', { name: 'Sincronización de escaneos' });

/** The technician's list read once, online, so the orders and the app are on the device; then the order opened. */
async function openOrderOnPhone(
  page: Page,
  signIn: (account: Technician & { password: string }, path: string) => Promise<void>,
  order: Session,
) {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(tech, '/tech/sessions');
  const card = page.getByRole('article', { name: `Orden #${order.id}` });
  await expect(card).toBeVisible();
  await waitForServiceWorker(page);
  await expect.poll(() => savedOrder(page, order.id)).toBeDefined();
  await card.getByRole('link', { name: 'Abrir orden' }).click();
  await expect(page.getByRole('heading', { name: 'Escaneo de orden' })).toBeVisible();
}

test('4 catches on a glue board survive the same label read again online, offline and after a reload: «Ya registrada», and a lowering correction asks why', async ({
  page,
  context,
  adminApi,
  signIn,
}) => {
  test.setTimeout(180_000);
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [board.id] });
  await openOrderOnPhone(page, signIn, order);

  // Online: the camera reads the board, and the technician counts 4 cockroaches on it.
  const sheet = page.getByRole('region', { name: `Hallazgo · ${board.code}` });
  await sheet.getByRole('button', { name: 'Registrar hallazgo', exact: true }).click({ timeout: 30_000 });
  const form = page.getByRole('dialog', { name: `Hallazgo en ${board.code}` });
  const more = form.getByRole('button', { name: 'Una captura más de Cucaracha alemana' });
  for (let tap = 0; tap < 4; tap++) await more.click();
  await form.getByRole('button', { name: 'Guardar hallazgo' }).click();
  await expect(form).toHaveCount(0);
  await expect(trapRow(page, board)).toContainText('4 capturas');
  await expect(trapRow(page, board)).not.toContainText('por enviar');
  const item = order.items.find((each) => each.trapId === board.id)!;
  await expect
    .poll(
      async () => (await savedOrder(page, order.id))?.items.find((each) => each.trapId === board.id)?.finding?.captures,
    )
    .toEqual([expect.objectContaining({ name: 'Cucaracha alemana', count: 4 })]);

  // The label is still in view: read again, it is «Ya registrada» with its 4 catches.
  const recorded = page.getByRole('status').filter({ hasText: 'Ya registrada' });
  await expect(recorded).toContainText(`Ya registrada · ${board.code} · ${area}`, { timeout: 20_000 });
  await expect(recorded).toContainText('4 capturas');
  await expect(recorded.getByRole('button', { name: `Corregir el hallazgo de ${board.code}` })).toBeVisible();

  // Without signal, the page reloaded: the camera reads the same board.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Escaneo de orden' })).toBeVisible();
  await expect(savedBanner(page)).toBeVisible();
  await expect(recorded).toContainText(`Ya registrada · ${board.code} · ${area}`, { timeout: 30_000 });
  await expect(recorded).toContainText('4 capturas');
  // No answer is preset, nor under the thumb: the tap that erased the catches does not exist.
  await expect(page.getByRole('button', { name: 'Sin novedad' })).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).not.toContain('Sin novedad');
  // Nothing was kept to be sent: the device was not scanned anew.
  expect(await readIndexedDb(page, 'rondin-scan-queue', 'scans')).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/recorded-offline-phone.png` });

  // The signal returns: the server's current finding still has the catches, once.
  await context.setOffline(false);
  await expect(savedBanner(page)).toHaveCount(0);
  const current = async () => (await adminApi.session(order.id)).items.find((each) => each.id === item.id)!.finding;
  expect(await current()).toMatchObject({
    captures: [expect.objectContaining({ name: 'Cucaracha alemana', count: 4 })],
    versionCount: 1,
  });

  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(recorded).toContainText('4 capturas', { timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/recorded-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });

  // «Corregir» starts from what the board holds; lowering it asks the reason before anything is sent.
  await recorded.getByRole('button', { name: `Corregir el hallazgo de ${board.code}` }).click();
  const correction = page.getByRole('dialog', { name: `Corregir el hallazgo de ${board.code}` });
  const count = correction.getByRole('spinbutton', { name: 'Capturas de Cucaracha alemana' });
  await expect(count).toHaveValue('4');
  await count.fill('0');
  const reason = correction.getByRole('textbox', { name: 'Motivo de la corrección' });
  await expect(reason).toBeVisible();
  await correction.getByRole('button', { name: 'Guardar corrección' }).click();
  await expect(correction.getByRole('alert')).toContainText(
    'Escribe el motivo de la corrección: bajas lo que ya estaba registrado.',
  );
  await expect(reason).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/recorded-correction-phone.png` });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/recorded-correction-desktop.png` });
  await expectNoSeriousA11yViolations(page);
  expect((await current())!.versionCount).toBe(1);
  await reason.fill('Eran restos de la lámina anterior, ya retirada.');
  await correction.getByRole('button', { name: 'Guardar corrección' }).click();
  await expect(correction).toHaveCount(0);
  await expect.poll(async () => (await current())?.versionCount).toBe(2);
  expect(await current()).toMatchObject({ captures: [], reason: 'Eran restos de la lámina anterior, ya retirada.' });
  expect((await adminApi.findings(order.id, item.id)).map((each) => each.captures.length)).toEqual([0, 1]);
});

test('back online after a reload without signal, the offline banner goes once everything is sent, and nothing says «al volver la conexión» while online', async ({
  page,
  context,
  adminApi,
  signIn,
}) => {
  test.setTimeout(180_000);
  // Whatever the page shows while the browser is online, across reloads: never the words of waiting for a signal.
  await page.addInitScript(() => {
    const seen = () => JSON.parse(sessionStorage.getItem('waiting-words-online') ?? '[]') as string[];
    new MutationObserver((mutations) => {
      if (!navigator.onLine) return;
      for (const mutation of mutations) {
        const added = [...mutation.addedNodes].map((node) => node.textContent ?? '');
        if (mutation.type === 'characterData') added.push(mutation.target.textContent ?? '');
        const text = added.find((each) => each.includes('al volver la conexión'));
        if (text) sessionStorage.setItem('waiting-words-online', JSON.stringify([...seen(), text]));
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const station = await adminApi.createTrap({ area, type: 'CEBADERO' });
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [board.id, station.id] });
  await openOrderOnPhone(page, signIn, order);

  // Online: the board's finding with a photo. The photo is kept on the phone first and sent at once.
  const photo = await cameraPhoto(page, 1600, 1200, 'Rondin EXIF');
  const sheet = page.getByRole('region', { name: `Hallazgo · ${board.code}` });
  await sheet.getByRole('button', { name: 'Registrar hallazgo', exact: true }).click({ timeout: 30_000 });
  const form = page.getByRole('dialog', { name: `Hallazgo en ${board.code}` });
  await form.getByRole('button', { name: 'Una captura más de Cucaracha alemana' }).click();
  await form.getByLabel('Tomar foto').setInputFiles({ name: 'IMG_0601.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByRole('img', { name: `Foto 1 de ${board.code}` })).toBeVisible();
  await form.getByRole('button', { name: 'Guardar hallazgo' }).click();
  await expect(trapRow(page, board)).toContainText('1 captura · 1 foto');
  await expect(bar(page)).toHaveCount(0);
  await expect
    .poll(async () => (await savedOrder(page, order.id))?.items.find((each) => each.trapId === board.id)?.photoIds)
    .toHaveLength(1);

  // Without signal, reloaded: the station is recorded from its printed code.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Escaneo de orden' })).toBeVisible();
  await expect(savedBanner(page)).toBeVisible();
  await page.getByLabel('Código impreso bajo el QR').fill(station.qrSlug);
  await page.getByRole('button', { name: 'Registrar código' }).click();
  await page
    .getByRole('region', { name: `Hallazgo · ${station.code}` })
    .getByRole('button', { name: 'Sin novedad' })
    .click();
  await expect(bar(page).getByText('1 escaneo y 1 hallazgo por enviar')).toBeVisible();
  await expect(bar(page)).toContainText('al volver la conexión');

  // The signal returns: everything is sent, and the page no longer says it shows the device's copy.
  await context.setOffline(false);
  await expect(bar(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(savedBanner(page)).toHaveCount(0);
  await expect(trapRow(page, station)).toContainText('Completada');
  expect(await page.evaluate(() => sessionStorage.getItem('waiting-words-online'))).toBeNull();
  const saved = await adminApi.session(order.id);
  expect(saved.items.map((each) => each.finding?.versionCount)).toEqual([1, 1]);
  expect(saved.completedCount).toBe(2);
});
