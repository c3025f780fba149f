import type { Technician, Trap } from '@rondin/contracts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unique } from './support/accounts';
import { AdminApi, storeOwnSignature } from './support/api';
import { CHROMIUM_PATH, fakeCameraArgs } from './support/browser';
import { writeLabelVideo } from './support/fake-camera';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

/**
 * The technician's flow through a real camera path: Chromium's fake camera plays a video of the labels the
 * server prints (rendered from its PDFs), and the app decodes them with zxing-wasm in its worker.
 */
const VIDEO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/.fake-camera/labels.y4m');

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: fakeCameraArgs(VIDEO) } });

let traps: Trap[] = [];
/** A real label of a trap that is in no order of this technician. */
let stranger: Trap;
let tech: Technician & { password: string };

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    const area = unique('Bodega norte');
    traps = [await api.createTrap({ area }), await api.createTrap({ area: null }), await api.createTrap({ area })];
    stranger = await api.createTrap({ area });
    tech = await api.createTechnician({ fullName: unique('Camila Rojas') });
    await storeOwnSignature(tech);
    // The camera sees: first trap, second trap, the stranger, third trap, and again from the start.
    const labels = [];
    for (const trap of [traps[0]!, traps[1]!, stranger, traps[2]!]) labels.push(await api.label(trap.id));
    await writeLabelVideo(VIDEO, labels, 2);
  } finally {
    await api.dispose();
  }
});

test.beforeEach(async ({ page }) => {
  // Keep every camera track the page opens, to check that leaving or closing the order turns the camera off.
  await page.addInitScript(() => {
    const opened: { constraints: MediaStreamConstraints; tracks: MediaStreamTrack[] }[] = [];
    Object.assign(window, { __cameraStreams: opened });
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      opened.push({ constraints: constraints ?? {}, tracks: stream.getTracks() });
      return stream;
    };
  });
});

type Opened = { constraints: MediaStreamConstraints; tracks: { readyState: string }[] }[];
const cameraStreams = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    ((window as unknown as { __cameraStreams: Opened }).__cameraStreams ?? []).map((stream) => ({
      constraints: stream.constraints,
      states: stream.tracks.map((track) => track.readyState),
    })),
  );

test('a new order appears live; the camera reads every label, refuses a stranger, and the order closes', async ({
  page,
  adminApi,
  signIn,
}) => {
  // Every frame from the start: the namespace's connect packet may arrive before anyone could wait for it.
  const frames: string[] = [];
  const socketOpened = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await signIn(tech, '/tech/sessions');
  await expect(page.getByRole('heading', { name: 'Órdenes asignadas' })).toBeVisible();
  await expect(page.getByText('Escanea las trampas y completa cada orden para generar el reporte.')).toBeVisible();
  await expect(page.getByText('No tienes órdenes asignadas por ahora.')).toBeVisible();

  // Realtime: once the namespace is joined, an order created by the administrator shows without a reload.
  expect((await socketOpened).url()).toContain('transport=websocket');
  await expect.poll(() => frames.some((frame) => frame.startsWith('40/sessions'))).toBe(true);
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
  await expect
    .poll(() => frames.some((frame) => frame.includes('session.created') && frame.includes(`"sessionId":${order.id}`)))
    .toBe(true);
  const card = page.getByRole('article', { name: `Orden #${order.id}` });
  await expect(card).toBeVisible({ timeout: 5_000 });
  await expect(card).toContainText('Pendiente');
  await expect(card).toContainText('0 de 3 trampas completadas');
  await expect(card).toContainText('Sin fecha programada');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

  // The camera reads the labels as soon as it starts: its scans wait at the network until the order's first
  // state has been checked, however slowly this machine runs the test.
  let releaseScans!: () => void;
  const scansReleased = new Promise<void>((resolve) => (releaseScans = resolve));
  await page.route(`**/api/sessions/${order.id}/scan`, async (route) => {
    await scansReleased;
    await route.continue();
  });
  const firstScan = page.waitForRequest((request) => request.url().endsWith(`/api/sessions/${order.id}/scan`));
  const scannedSlugs: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/sessions/${order.id}/scan`))
      scannedSlugs.push((request.postDataJSON() as { qrSlug: string }).qrSlug);
  });
  await card.getByRole('link', { name: 'Abrir orden' }).click();
  await expect(page).toHaveURL(new RegExp(`/tech/sessions/${order.id}/scan$`));
  await expect(page.getByRole('heading', { name: 'Escaneo de orden' })).toBeVisible();
  await expect(page.getByText(`Orden #${order.id} · Progreso 0 de 3`)).toBeVisible();
  await expect(page.getByText('Enfoca la cámara sobre el QR de la trampa.')).toBeVisible();
  const closeButton = page.getByRole('button', { name: 'Cerrar orden' });
  await expect(closeButton).toBeDisabled();

  const list = page.getByRole('region', { name: 'Listado de trampas' });
  const row = (trap: Trap) => list.getByRole('listitem').filter({ hasText: trap.code });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(row(traps[1]!)).toContainText('Sin ubicación');
  releaseScans();

  // The first label in view is read from the camera and sent as the scan flow's request.
  const scan = (await firstScan).postDataJSON() as { qrSlug: string; clientScanId: string; scannedAt: string };
  expect(scan.qrSlug).toBe(traps[0]!.qrSlug);
  expect(scan.clientScanId).toMatch(/^[0-9a-f-]{36}$/);
  expect(Number.isNaN(Date.parse(scan.scannedAt))).toBe(false);
  await expect(row(traps[0]!)).toContainText('Completada');
  await expect(page.getByText('Trampa registrada correctamente.')).toBeVisible();

  const [opened] = await cameraStreams(page);
  expect(opened?.constraints).toEqual({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
  const firstDecodeMs = await page.evaluate(() => {
    const [started] = performance.getEntriesByName('rondin:camera-started');
    const [decoded] = performance.getEntriesByName('rondin:first-qr-decoded');
    return started && decoded ? decoded.startTime - started.startTime : null;
  });
  expect(firstDecodeMs).not.toBeNull();
  console.log(`camera start (getUserMedia resolved) → first QR decoded: ${Math.round(firstDecodeMs!)} ms`);
  test.info().annotations.push({ type: 'camera-to-first-decode-ms', description: String(Math.round(firstDecodeMs!)) });

  // The stranger's label is refused by the server: one message, with the server's own reason.
  await expect(page.getByText('No se pudo registrar el escaneo. Verifica el QR.')).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText(new RegExp(`^${stranger.code}\\b.* es de este sitio pero no está en esta orden\\.$`)),
  ).toBeVisible();

  for (const trap of traps) await expect(row(trap)).toContainText('Completada', { timeout: 20_000 });
  await expect(list).not.toContainText('Pendiente');
  await expect(page.getByText('Progreso actual: 3 de 3 trampas')).toBeVisible();
  await expect(page.getByText(`Orden #${order.id} · Progreso 3 de 3`)).toBeVisible();

  // The video loops: the first label comes round again and is recognised as done, without another request:
  // «Ya registrada», never a sheet set to a preset answer.
  await expect(page.getByText('Ya registrada', { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(scannedSlugs.filter((slug) => slug === traps[0]!.qrSlug)).toHaveLength(1);

  await expect(closeButton).toBeEnabled();
  const closing = page.waitForRequest((request) => request.url().endsWith(`/api/sessions/${order.id}/close`));
  await closeButton.click();
  // The sheets were left as the camera moved on: «Sin novedad» for the three, in the close.
  await page
    .getByRole('dialog', { name: 'Faltan hallazgos' })
    .getByRole('button', { name: 'Registrar Sin novedad en 3 escaneados' })
    .click();
  // Nobody there to sign: the certificate says so and why (certificate.spec.ts draws a signature).
  const signature = page.getByRole('dialog', { name: 'Firma del cliente' });
  await signature.getByRole('checkbox', { name: 'Cliente ausente (nadie firma)' }).check();
  await signature.getByRole('radio', { name: 'Nadie del cliente en planta' }).check();
  await signature.getByRole('button', { name: 'Cerrar y emitir certificado' }).click();
  expect((await closing).postDataJSON()).toEqual({
    clientSignature: { absent: true, reason: 'Nadie del cliente en planta' },
    defaultNoActivity: true,
  });
  await expect(page.getByText('Orden cerrada correctamente.')).toBeVisible();
  await expect(page.getByText('Orden cerrada. No es necesario registrar más trampas.')).toBeVisible();
  await expect(closeButton).toHaveCount(0);
  // The camera is off: no video, every track it opened has ended.
  await expect(page.locator('video')).toHaveCount(0);
  await expect.poll(async () => (await cameraStreams(page)).flatMap((stream) => stream.states)).not.toContain('live');
  expect((await adminApi.session(order.id)).status).toBe('COMPLETED');

  await page.getByRole('button', { name: '← Volver a órdenes' }).click();
  await expect(page).toHaveURL(/\/tech\/sessions$/);
  await expect(card).toContainText('Completada');
  await expect(card).toContainText('3 de 3 trampas completadas');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
});

test('a closed order offers its report and nothing to scan: no camera, no typed code, no close button', async ({
  page,
  adminApi,
  signIn,
}) => {
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [traps[0]!.id] });
  await adminApi.scan(order.id, traps[0]!.qrSlug);
  await adminApi.closeOrder(order.id);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(tech, `/tech/sessions/${order.id}/scan`);
  await expect(page.getByText('Orden cerrada. No es necesario registrar más trampas.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar orden' })).toHaveCount(0);
  await expect(page.getByLabel('Código impreso bajo el QR')).toHaveCount(0);
  await expect(page.locator('video')).toHaveCount(0);
  expect(await cameraStreams(page)).toEqual([]);

  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar reporte PDF' }).click(),
  ]);
  expect(report.suggestedFilename()).toBe(`orden-${order.id}.pdf`);
  await page.getByRole('link', { name: 'Volver a órdenes', exact: true }).click();
  await expect(page).toHaveURL(/\/tech\/sessions$/);
});

test('leaving the scan screen turns the camera off', async ({ page, adminApi, signIn }) => {
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [stranger.id] });
  await signIn(tech, `/tech/sessions/${order.id}/scan`);
  await expect.poll(async () => (await cameraStreams(page)).flatMap((stream) => stream.states)).toContain('live');
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Órdenes asignadas' }).click();
  await expect(page.getByRole('heading', { name: 'Órdenes asignadas' })).toBeVisible();
  await expect.poll(async () => (await cameraStreams(page)).flatMap((stream) => stream.states)).not.toContain('live');
});

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
]) {
  test(`technician screens on ${size.name} pass axe-core`, async ({ page, adminApi, signIn }) => {
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
    await page.setViewportSize(size);
    await signIn(tech, '/tech/sessions');
    await expect(page.getByRole('article', { name: `Orden #${order.id}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto(`/tech/sessions/${order.id}/scan`);
    await expect(page.getByText('Enfoca la cámara sobre el QR de la trampa.')).toBeVisible();
    await expect(page.getByText('Trampa registrada correctamente.')).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page);
  });
}
