import type { Page } from '@playwright/test';
import type { Technician, Trap } from '@rondin/contracts';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unique } from './support/accounts';
import { AdminApi } from './support/api';
import { CHROMIUM_PATH, fakeCameraArgs } from './support/browser';
import { writeLabelVideo } from './support/fake-camera';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { readIndexedDb, waitForServiceWorker } from './support/offline';

// The app's service worker: this file's tests work offline or check what it caches.
test.use({ serviceWorkers: 'allow' });

/**
 * Offline field mode: a technician without signal scans real labels through the fake camera; the scans wait
 * on the device (IndexedDB), survive a reload, and reach the server with their device times when the
 * connection returns.
 */
const VIDEO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test-results/.fake-camera/offline-labels.y4m',
);

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: fakeCameraArgs(VIDEO) } });

let traps: Trap[] = [];
let tech: Technician & { password: string };

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    const area = unique('Sótano');
    traps = [await api.createTrap({ area }), await api.createTrap({ area }), await api.createTrap({ area })];
    tech = await api.createTechnician({ fullName: unique('Ignacio Soto') });
    const labels = [];
    for (const trap of traps) labels.push(await api.label(trap.id));
    await writeLabelVideo(VIDEO, labels, 2);
  } finally {
    await api.dispose();
  }
});

interface QueuedScan {
  sessionId: number;
  body: { qrSlug: string; clientScanId: string; scannedAt: string };
  qrHash: string | null;
}
interface SavedQueries {
  state: { queries: { queryKey: unknown[] }[] };
}

const queuedScans = (page: Page) => readIndexedDb<QueuedScan>(page, 'rondin-scan-queue', 'scans');

/** A trap's row in the scan screen's list, found by its code. */
function trapRow(page: Page, trap: Trap) {
  return page
    .getByRole('region', { name: 'Listado de trampas' })
    .getByRole('listitem')
    .filter({ has: page.getByText(trap.code, { exact: true }) });
}

/** Every trap of the order reads as scanned on the phone, not sent yet: neither pending nor completed. */
async function expectAllUnsent(page: Page): Promise<void> {
  for (const trap of traps) await expect(trapRow(page, trap)).toContainText('Hecha, por enviar');
  const list = page.getByRole('region', { name: 'Listado de trampas' });
  await expect(list.getByText('Pendiente', { exact: true })).toHaveCount(0);
  await expect(list.getByText('Completada', { exact: true })).toHaveCount(0);
}

/** Waits until the technician's open orders, and with them each order, are saved on the device (shortly after they are read). */
async function savedOnDevice(page: Page, orderId: number): Promise<void> {
  const savedKeys = async () =>
    (await readIndexedDb<SavedQueries>(page, 'rondin-saved-queries', 'queries')).flatMap((saved) =>
      saved.state.queries.map((query) => query.queryKey),
    );
  await expect.poll(savedKeys).toContainEqual(['sessions', 'detail', orderId]);
  expect(await savedKeys()).toContainEqual(['sessions', 'me', 'active']);
}

test('scans made without signal wait on the device, survive a reload and reach the server with their scan times', async ({
  page,
  context,
  adminApi,
  signIn,
}) => {
  test.setTimeout(120_000);
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
  await signIn(tech, '/tech/sessions');
  const card = page.getByRole('article', { name: `Orden #${order.id}` });
  await expect(card).toBeVisible();
  await waitForServiceWorker(page);
  await savedOnDevice(page, order.id);

  await context.setOffline(true);
  await card.getByRole('link', { name: 'Abrir orden' }).click();
  await expect(page.getByRole('heading', { name: 'Escaneo de orden' })).toBeVisible();
  // The order comes from the device; the camera may already have read the first label by the time this is checked.
  await expect(page.getByText(new RegExp(`^Orden #${order.id} · Progreso [0-3] de 3$`))).toBeVisible();
  await expect(page.getByText(/^Sin conexión · datos guardados en este dispositivo el /)).toBeVisible();

  // Every label the camera reads is kept, once per trap, with the time it was read, and its trap is marked.
  const bar = page.getByRole('region', { name: 'Sincronización de escaneos' });
  await expect(
    page.getByText('Sin conexión: escaneo guardado en este dispositivo. Se enviará solo al volver la conexión.'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(bar.getByText('3 escaneos por enviar')).toBeVisible({ timeout: 30_000 });
  await expectAllUnsent(page);
  // The camera shows the labels again (the video loops): each is «Ya registrada» on the phone, and nothing is
  // kept twice.
  await expect(page.getByText('Ya registrada', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(bar.getByText('3 escaneos por enviar')).toBeVisible();
  await expect(page.getByText(`Orden #${order.id} · Progreso 3 de 3`)).toBeVisible();
  await expect(
    page.getByText('Hay 3 escaneos de esta orden por enviar: podrás cerrarla cuando se hayan enviado.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar orden' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  const queued = await queuedScans(page);
  expect(queued.map((scan) => scan.body.qrSlug).sort()).toEqual(traps.map((trap) => trap.qrSlug).sort());
  expect(queued.every((scan) => scan.sessionId === order.id)).toBe(true);
  // The digest the server gives the trap's item: the phone matched the scan to its trap without the slug.
  for (const scan of queued)
    expect(scan.qrHash).toBe(createHash('sha256').update(scan.body.qrSlug, 'utf8').digest('hex'));

  // Still without signal, the page is reloaded: the app, the order and the queue come back from the device.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Escaneo de orden' })).toBeVisible();
  await expect(bar.getByText('3 escaneos por enviar')).toBeVisible();
  expect((await queuedScans(page)).map((scan) => scan.body.clientScanId).sort()).toEqual(
    queued.map((scan) => scan.body.clientScanId).sort(),
  );
  await expectAllUnsent(page);
  await expect(page.getByText(`Orden #${order.id} · Progreso 3 de 3`)).toBeVisible();
  // What waits is listed by device code and area, as the technician knows them, never by the code read.
  await bar.getByText('Ver escaneos guardados').click();
  const waiting = bar.getByRole('listitem');
  await expect(waiting).toHaveCount(3);
  for (const trap of traps) {
    await expect(waiting.filter({ hasText: `Orden #${order.id} · ${trap.code} · ${trap.area} · ` })).toHaveCount(1);
  }
  await expect(waiting.filter({ hasText: /no reconocido/ })).toHaveCount(0);

  // The signal returns: the queue empties and the order shows every trap done.
  await context.setOffline(false);
  await expect(bar.getByText(/escaneos? por enviar|Enviando/)).toHaveCount(0, { timeout: 45_000 });
  expect(await queuedScans(page)).toEqual([]);
  const list = page.getByRole('region', { name: 'Listado de trampas' });
  for (const trap of traps) await expect(trapRow(page, trap)).toContainText('Completada');
  await expect(list.getByText('Completada')).toHaveCount(3);
  await expect(list.getByText('Hecha, por enviar')).toHaveCount(0);
  await expect(page.getByText(`Orden #${order.id} · Progreso 3 de 3`)).toBeVisible();

  // The server counted each trap once, at the time the device read it.
  const saved = await adminApi.session(order.id);
  expect(saved.completedCount).toBe(3);
  for (const trap of traps) {
    const item = saved.items.find((each) => each.trapId === trap.id)!;
    const scan = queued.find((each) => each.body.qrSlug === trap.qrSlug)!;
    expect(item.status).toBe('COMPLETED');
    expect(Date.parse(item.completedAt!)).toBe(Date.parse(scan.body.scannedAt));
  }
});

test('a saved scan the server refuses (the order was closed meanwhile) is shown with its reason until read', async ({
  page,
  context,
  adminApi,
  signIn,
}) => {
  test.setTimeout(120_000);
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
  await signIn(tech, '/tech/sessions');
  await expect(page.getByRole('article', { name: `Orden #${order.id}` })).toBeVisible();
  await waitForServiceWorker(page);
  await savedOnDevice(page, order.id);

  await context.setOffline(true);
  // Without signal the list itself comes back from the device after a reload, and says so.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Órdenes asignadas' })).toBeVisible();
  await expect(page.getByText(/^Sin conexión · datos guardados en este dispositivo el /)).toBeVisible();
  await page
    .getByRole('article', { name: `Orden #${order.id}` })
    .getByRole('link', { name: 'Abrir orden' })
    .click();
  const bar = page.getByRole('region', { name: 'Sincronización de escaneos' });
  // Every label read (the camera keeps reading, so the queue is counted once it can no longer grow).
  await expect(bar.getByText('3 escaneos por enviar')).toBeVisible({ timeout: 30_000 });
  const queued = await queuedScans(page);
  expect(queued).toHaveLength(3);
  const list = page.getByRole('region', { name: 'Listado de trampas' });
  await expect(list.getByText('Hecha, por enviar').first()).toBeVisible();

  // Meanwhile the administrator closes the order: the server refuses the saved scans when they arrive.
  await adminApi.closeOrder(order.id, true);
  await context.setOffline(false);
  const refusals = bar.getByRole('alert');
  await expect(refusals).toHaveCount(queued.length, { timeout: 45_000 });
  await expect(refusals.first()).toContainText(`El servidor rechazó un escaneo guardado: Orden #${order.id}`);
  await expect(refusals.first()).toContainText('La orden ya fue cerrada.');
  await expect(bar.getByText(/escaneos? por enviar|Enviando/)).toHaveCount(0);
  await expect(page.getByText('Orden cerrada. No es necesario registrar más trampas.')).toBeVisible();
  // The refused scans no longer mark their traps: the server never counted them.
  await expect(list.getByText('Hecha, por enviar')).toHaveCount(0);
  await expect(list.getByText('Pendiente')).toHaveCount(3);

  // They stay after a reload, until the technician has read them.
  await page.reload();
  await expect(refusals).toHaveCount(queued.length);
  for (let left = queued.length; left > 0; left--) {
    await refusals.first().getByRole('button', { name: 'Entendido' }).click();
    await expect(refusals).toHaveCount(left - 1);
  }
  expect(await queuedScans(page)).toEqual([]);
});
