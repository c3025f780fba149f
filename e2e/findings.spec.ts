import type { Locator, Page } from '@playwright/test';
import type { Technician, Trap, TrapType } from '@rondin/contracts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unique } from './support/accounts';
import { AdminApi } from './support/api';
import { CHROMIUM_PATH, fakeCameraArgs } from './support/browser';
import { writeLabelVideo } from './support/fake-camera';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { readIndexedDb, waitForServiceWorker } from './support/offline';
import { cameraPhoto, jpegSize } from './support/photo-image';
import { shortTargets } from './support/tap-targets';

// The app's service worker: this file's tests work offline or check what it caches.
test.use({ serviceWorkers: 'allow' });

/**
 * What the technician found at each device: after each scan (Chromium's fake camera shows real labels) the
 * findings sheet asks, set to "sin actividad, dispositivo OK"; one device gets catches and a photo, one is
 * recorded as not found from the list. Everything is done without signal and reaches the server once.
 */
const VIDEO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/.fake-camera/findings.y4m');
const SHOTS = 'test-results/screenshots';

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: fakeCameraArgs(VIDEO) } });

/** The five devices of the round, by type; the capture trap is not in the camera's video: it is not found. */
const TYPES: TrapType[] = ['CEBADERO', 'LAMINA', 'LUZ_UV', 'FEROMONA', 'CAPTURA'];
let traps: Trap[] = [];
let tech: Technician & { password: string };

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    await api.keepOneActiveSite();
    const area = unique('Nave 2');
    traps = [];
    for (const type of TYPES) traps.push(await api.createTrap({ area, type }));
    tech = await api.createTechnician({ fullName: unique('Lucía Herrera') });
    const labels = [];
    for (const trap of traps.slice(0, 4)) labels.push(await api.label(trap.id));
    // Four seconds a label: time for the sheet to show and be tapped before the next device comes into view.
    await writeLabelVideo(VIDEO, labels, 4);
  } finally {
    await api.dispose();
  }
});

const trapAt = (index: number) => () => traps[index]!;
const [station, board, lamp, pheromone, snapTrap] = [trapAt(0), trapAt(1), trapAt(2), trapAt(3), trapAt(4)];

/** The findings sheet, whichever device it is for. */
const anySheet = (page: Page) => page.getByRole('region', { name: /^Hallazgo · / });
const sheetOf = (page: Page, trap: Trap) => page.getByRole('region', { name: `Hallazgo · ${trap.code}` });
const bar = (page: Page) => page.getByRole('region', { name: 'Sincronización de escaneos' });
const trapRow = (page: Page, trap: Trap) =>
  page
    .getByRole('region', { name: 'Listado de trampas' })
    .getByRole('listitem')
    .filter({ has: page.getByText(trap.code, { exact: true }) });

interface SavedQueries {
  state: { queries: { queryKey: unknown[] }[] };
}
async function savedOnDevice(page: Page, orderId: number): Promise<void> {
  const savedKeys = async () =>
    (await readIndexedDb<SavedQueries>(page, 'rondin-saved-queries', 'queries')).flatMap((saved) =>
      saved.state.queries.map((query) => query.queryKey),
    );
  await expect.poll(savedKeys).toContainEqual(['sessions', 'detail', orderId]);
  await expect.poll(savedKeys).toContainEqual(['pests', 'active']);
}

/** The trap whose sheet is on screen, read from its title. */
async function sheetTrap(sheet: Locator): Promise<Trap> {
  const title = (await sheet.getByRole('heading').first().textContent()) ?? '';
  const trap = traps.find((each) => title === `Hallazgo · ${each.code}`);
  if (!trap) throw new Error(`A sheet for a device not in the round: ${title}`);
  return trap;
}

/** 'Sin novedad' on each device's sheet as the camera opens it, until `count` devices are done: the taps made. */
async function noNewsAtEach(page: Page, count: number): Promise<number> {
  let taps = 0;
  const answered = new Set<number>();
  while (answered.size < count) {
    const sheet = anySheet(page);
    await expect(sheet).toBeVisible({ timeout: 40_000 });
    const trap = await sheetTrap(sheet);
    await sheetOf(page, trap).getByRole('button', { name: 'Sin novedad' }).click();
    taps += 1;
    await expect(sheetOf(page, trap)).toHaveCount(0);
    answered.add(trap.id);
  }
  return taps;
}

/** On a phone, online: an order of the four devices the camera shows, each answered 'Sin novedad'. */
async function roundOfFour(
  page: Page,
  adminApi: AdminApi,
  signIn: (account: Technician & { password: string }, path: string) => Promise<void>,
) {
  await page.setViewportSize({ width: 390, height: 844 });
  const devices = traps.slice(0, 4);
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: devices.map((trap) => trap.id) });
  await signIn(tech, `/tech/sessions/${order.id}/scan`);
  const taps = await noNewsAtEach(page, devices.length);
  await expect(page.getByText(`Orden #${order.id} · Progreso 4 de 4`)).toBeVisible();
  return { order, devices, taps };
}

test('a round of five devices without signal: three with nothing, one with catches and a photo, one not found; it all arrives once', async ({
  page,
  context,
  adminApi,
  signIn,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
  await signIn(tech, '/tech/sessions');
  const card = page.getByRole('article', { name: `Orden #${order.id}` });
  await expect(card).toBeVisible();
  await waitForServiceWorker(page);
  await savedOnDevice(page, order.id);
  const photo = await cameraPhoto(page, 3200, 2400, 'Rondin EXIF GPS 40.4168N 3.7038W');

  await context.setOffline(true);
  await card.getByRole('link', { name: 'Abrir orden' }).click();
  await expect(page.getByRole('heading', { name: 'Escaneo de orden' })).toBeVisible();

  // Each device the camera reads opens its sheet; each is answered once, in whatever order the camera shows them.
  const answered = new Set<number>();
  const answeredInOrder: Trap[] = [];
  let noNewsTaps = 0;
  let shotSheet = false;
  while (answered.size < 4) {
    const sheet = anySheet(page);
    await expect(sheet).toBeVisible({ timeout: 40_000 });
    const trap = await sheetTrap(sheet);
    expect(answered.has(trap.id), `${trap.code} answered twice`).toBe(false);
    const mine = sheetOf(page, trap);
    if (!shotSheet) {
      await expect(mine.getByRole('button', { name: 'Sin novedad' })).toBeFocused();
      expect(await shortTargets(mine)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/findings-sheet-phone.png` });
      shotSheet = true;
    }
    if (trap.id === board().id) {
      await mine.getByRole('button', { name: 'Registrar hallazgo', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Hallazgo en ${trap.code}` });
      await expect(dialog).toBeVisible();
      const more = dialog.getByRole('button', { name: 'Una captura más de Cucaracha alemana' });
      for (let tap = 0; tap < 3; tap++) await more.click();
      await expect(dialog.getByRole('spinbutton', { name: 'Capturas de Cucaracha alemana' })).toHaveValue('3');
      await dialog.getByRole('heading', { name: 'Capturas' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/findings-form-captures-phone.png` });
      await dialog.getByRole('checkbox', { name: 'Lámina cambiada' }).check();
      await dialog
        .getByLabel('Tomar foto')
        .setInputFiles({ name: 'IMG_0412.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(dialog.getByRole('img', { name: `Foto 1 de ${trap.code}` })).toBeVisible();
      await dialog.getByRole('img', { name: `Foto 1 de ${trap.code}` }).scrollIntoViewIfNeeded();
      await expect(dialog.getByRole('heading', { name: 'Fotos (1 de 5)' })).toBeVisible();
      expect(await shortTargets(dialog)).toEqual([]);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${SHOTS}/findings-form-photo-phone.png` });
      await dialog.getByRole('button', { name: 'Guardar hallazgo' }).click();
      await expect(dialog).toHaveCount(0);
    } else {
      await mine.getByRole('button', { name: 'Sin novedad' }).click();
      noNewsTaps += 1;
    }
    await expect(mine).toHaveCount(0);
    answered.add(trap.id);
    answeredInOrder.push(trap);
  }
  // One tap for each device where nothing was found.
  expect(noNewsTaps).toBe(3);

  // The capture trap is not where it should be: recorded from the list, without a scan.
  await trapRow(page, snapTrap())
    .getByRole('button', { name: `No encontrada o inaccesible: ${snapTrap().code}` })
    .click();
  const exception = page.getByRole('dialog', { name: `${snapTrap().code}: no encontrada o inaccesible` });
  await exception.getByRole('radio', { name: 'No encontrada' }).check();
  // None of the preset reasons says it: «Otro», and only then a note.
  await exception.getByRole('radio', { name: 'Otro' }).check();
  await exception.getByRole('textbox', { name: 'Nota' }).fill('No está en la pared del muelle 3; soporte arrancado.');
  // Where it should be, as proof: the photo is sent once the server has the exception.
  await exception
    .getByLabel('Tomar foto')
    .setInputFiles({ name: 'IMG_0413.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(exception.getByRole('img', { name: `Foto 1 de ${snapTrap().code}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/findings-exception-phone.png` });
  await exception.getByRole('button', { name: 'Registrar' }).click();
  await expect(exception).toHaveCount(0);

  // Everything waits on the phone, counted: every device done, nothing sent yet.
  const waitingText = '4 escaneos, 4 hallazgos, 1 trampa no encontrada o inaccesible y 2 fotos por enviar';
  await expect(bar(page).getByText(waitingText)).toBeVisible();
  await expect(page.getByText(`Orden #${order.id} · Progreso 5 de 5`)).toBeVisible();
  for (const trap of traps) await expect(trapRow(page, trap)).toContainText('Hecha, por enviar');
  await expect(trapRow(page, station())).toContainText('Sin novedad · por enviar');
  await expect(trapRow(page, board())).toContainText('Actividad baja · 3 capturas · 1 acción · 1 foto · por enviar');
  await expect(trapRow(page, snapTrap())).toContainText(
    'No encontrada: No está en la pared del muelle 3; soporte arrancado. · 1 foto · por enviar',
  );
  await expect(
    page.getByText('Hay 11 registros de esta orden por enviar: podrás cerrarla cuando se hayan enviado.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar orden' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/findings-waiting-phone.png` });
  await trapRow(page, board()).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/findings-waiting-list-phone.png` });

  interface Stored {
    kind?: string;
    queuedAt: number;
    body: Record<string, unknown>;
    photoBytes?: ArrayBuffer;
    photoType?: string;
  }
  const stored = (await readIndexedDb<Stored>(page, 'rondin-scan-queue', 'scans')).sort(
    (a, b) => a.queuedAt - b.queuedAt,
  );
  // One queue, in the order things were done: each device's scan, then its finding (and its photo), then the
  // device recorded from the list.
  expect(stored.map((record) => record.kind)).toEqual([
    ...answeredInOrder.flatMap((trap) => (trap.id === board().id ? ['scan', 'finding', 'photo'] : ['scan', 'finding'])),
    'exception',
    'photo',
  ]);
  // The photo waits on the phone as its bytes, already encoded again as JPEG.
  const keptPhoto = stored.find((record) => record.kind === 'photo')!;
  expect(keptPhoto.photoType).toBe('image/jpeg');

  // Still without signal, a reload: the queue, the order and the marks come back from the device.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Escaneo de orden' })).toBeVisible();
  await expect(bar(page).getByText(waitingText)).toBeVisible();
  await expect(page.getByText(`Orden #${order.id} · Progreso 5 de 5`)).toBeVisible();

  // The signal returns: the queue empties, each device shows what the server now has.
  await context.setOffline(false);
  await expect(bar(page).getByText(/por enviar|Enviando/)).toHaveCount(0, { timeout: 60_000 });
  expect(await readIndexedDb(page, 'rondin-scan-queue', 'scans')).toEqual([]);
  for (const trap of traps) await expect(trapRow(page, trap)).toContainText('Completada');
  await expect(trapRow(page, board())).toContainText('Actividad baja · 3 capturas · 1 acción · 1 foto');
  await expect(page.getByRole('button', { name: 'Cerrar orden' })).toBeEnabled();

  // The server holds exactly what was entered, once.
  const saved = await adminApi.session(order.id);
  expect(saved.completedCount).toBe(5);
  const itemOf = (trap: Trap) => saved.items.find((item) => item.trapId === trap.id)!;
  for (const trap of [station(), lamp(), pheromone()]) {
    const item = itemOf(trap);
    expect(item.outcome).toBe('SCANNED');
    expect(item.finding).toMatchObject({
      deviceStatus: 'OK',
      activity: 'NINGUNA',
      captures: [],
      evidence: [],
      actions: [],
      notes: null,
      versionCount: 1,
    });
    expect(item.photoIds).toEqual([]);
    expect(await adminApi.findings(order.id, item.id)).toHaveLength(1);
  }
  expect(itemOf(station()).finding).toMatchObject({ baitConsumption: 0, baitState: null });
  const boardItem = itemOf(board());
  expect(boardItem.outcome).toBe('SCANNED');
  expect(boardItem.finding).toMatchObject({
    deviceStatus: 'OK',
    activity: 'BAJA',
    captures: [{ name: 'Cucaracha alemana', count: 3, band: null }],
    actions: ['LAMINA_CAMBIADA'],
    versionCount: 1,
  });
  expect(await adminApi.findings(order.id, boardItem.id)).toHaveLength(1);
  expect(boardItem.photoIds).toHaveLength(1);
  const uploaded = await adminApi.photo(boardItem.photoIds[0]!);
  expect(uploaded.type).toBe('image/jpeg');
  expect(jpegSize(uploaded.bytes)).toEqual({ width: 1600, height: 1200 });
  expect(uploaded.bytes.includes(Buffer.from('Exif'))).toBe(false);
  expect(uploaded.bytes.includes(Buffer.from('Rondin EXIF'))).toBe(false);
  expect(uploaded.bytes.length).toBeLessThan(photo.length);
  const notFound = itemOf(snapTrap());
  expect(notFound).toMatchObject({
    status: 'COMPLETED',
    outcome: 'EXCEPTION',
    exception: {
      reason: 'NO_ENCONTRADO',
      reasonDetail: 'OTRO',
      note: 'No está en la pared del muelle 3; soporte arrancado.',
    },
    finding: null,
  });
  expect(notFound.photoIds).toHaveLength(1);
});

test('online, a device with nothing to report takes one tap, and the phone is ready for the next in under 300 ms', async ({
  page,
  adminApi,
  signIn,
}) => {
  test.setTimeout(120_000);
  const { order, devices, taps } = await roundOfFour(page, adminApi, signIn);
  expect(taps).toBe(devices.length);
  await expect(page.getByRole('button', { name: 'Cerrar orden' })).toBeEnabled();
  const saved = await adminApi.session(order.id);
  for (const item of saved.items) expect(item.finding).toMatchObject({ activity: 'NINGUNA', versionCount: 1 });

  const measures = await page.evaluate(() =>
    Object.fromEntries(
      ['rondin:decode-to-sheet', 'rondin:tap-to-ready'].map((name) => [
        name,
        performance.getEntriesByName(name).map((entry) => Math.round(entry.duration)),
      ]),
    ),
  );
  const toSheet = measures['rondin:decode-to-sheet']!;
  const toReady = measures['rondin:tap-to-ready']!;
  expect(toSheet).toHaveLength(devices.length);
  expect(toReady).toHaveLength(devices.length);
  const machine = toSheet.map((ms, index) => ms + toReady[index]!);
  console.log(`decode → sheet: ${toSheet.join(', ')} ms; tap → ready: ${toReady.join(', ')} ms`);
  test.info().annotations.push({ type: 'decode-to-ready-machine-ms', description: machine.join(', ') });
  for (const ms of machine) expect(ms).toBeLessThan(300);

  // On a laptop, the list corrects a device's finding, from what it holds: what is saved is a new version, the
  // current one. Nothing is lowered, so no reason is asked.
  await page.setViewportSize({ width: 1366, height: 768 });
  const again = devices[0]!;
  await trapRow(page, again)
    .getByRole('button', { name: `Corregir el hallazgo de ${again.code}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Corregir el hallazgo de ${again.code}` });
  await expect(dialog.getByRole('radio', { name: 'Dispositivo OK' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Sucio' }).check();
  await dialog.getByRole('checkbox', { name: 'Limpieza' }).check();
  await expect(dialog.getByRole('textbox', { name: 'Motivo de la corrección' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/findings-form-desktop.png` });
  await dialog.getByRole('button', { name: 'Guardar corrección' }).click();
  await expect(trapRow(page, again)).toContainText('Sin actividad · Sucio · 1 acción');
  await page.screenshot({ path: `${SHOTS}/findings-list-desktop.png` });
  const item = (await adminApi.session(order.id)).items.find((each) => each.trapId === again.id)!;
  expect(item.finding).toMatchObject({ deviceStatus: 'SUCIO', actions: ['LIMPIEZA'], versionCount: 2 });
});

test('the phone removes a photo it took, after asking: one still waiting leaves the queue, one sent is deleted on the server', async ({
  page,
  context,
  adminApi,
  signIn,
}) => {
  test.setTimeout(120_000);
  // The round first, online: every device the camera shows, 'Sin novedad' (the camera then knows them all).
  const { order } = await roundOfFour(page, adminApi, signIn);
  await expect(bar(page).getByText(/por enviar|Enviando/)).toHaveCount(0);
  const photo = await cameraPhoto(page, 1200, 900, 'Rondin EXIF');
  const code = board().code;

  // Without signal: a finding with two photos, both waiting on the phone.
  await context.setOffline(true);
  await trapRow(page, board())
    .getByRole('button', { name: `Corregir el hallazgo de ${code}` })
    .click();
  const form = page.getByRole('dialog', { name: `Corregir el hallazgo de ${code}` });
  for (const [index, name] of ['IMG_0501.jpg', 'IMG_0502.jpg'].entries()) {
    await form.getByLabel('Tomar foto').setInputFiles({ name, mimeType: 'image/jpeg', buffer: photo });
    await expect(form.getByRole('img', { name: `Foto ${index + 1} de ${code}` })).toBeVisible();
  }
  await form.getByRole('button', { name: 'Guardar corrección' }).click();
  await expect(form).toHaveCount(0);
  await expect(bar(page).getByText('1 hallazgo y 2 fotos por enviar')).toBeVisible();
  await expect(trapRow(page, board())).toContainText('2 fotos · por enviar');

  // The second photo is not wanted: it is dropped from the phone after a confirmation, and never sent.
  await trapRow(page, board())
    .getByRole('button', { name: `Fotos (2) de ${code}` })
    .click();
  const photos = page.getByRole('dialog', { name: `Fotos de ${code}` });
  await expect(photos.getByRole('listitem')).toHaveCount(2);
  await expect(photos.getByRole('listitem').nth(1)).toContainText('por enviar');
  expect(await shortTargets(photos)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/findings-photos-phone.png` });
  await photos.getByRole('button', { name: `Eliminar la foto 2 de ${code}` }).click();
  const confirm = page.getByRole('dialog', { name: `¿Eliminar la foto 2 de ${code}?` });
  await expect(confirm).toContainText('Aún no se ha enviado: se borrará de este teléfono y no llegará al servidor.');
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/findings-photo-remove-phone.png` });
  await confirm.getByRole('button', { name: 'Eliminar foto' }).click();
  await expect(photos.getByRole('listitem')).toHaveCount(1);
  await photos.getByRole('button', { name: 'Volver' }).click();
  await expect(bar(page).getByText('1 hallazgo y 1 foto por enviar')).toBeVisible();
  await expect(trapRow(page, board())).toContainText('1 foto · por enviar');
  interface Stored {
    kind?: string;
    body: Record<string, unknown>;
  }
  expect((await readIndexedDb<Stored>(page, 'rondin-scan-queue', 'scans')).map((each) => each.kind).sort()).toEqual([
    'finding',
    'photo',
  ]);

  // The signal returns: the server gets one photo.
  await context.setOffline(false);
  await expect(bar(page).getByText(/por enviar|Enviando/)).toHaveCount(0, { timeout: 60_000 });
  const itemNow = async () => (await adminApi.session(order.id)).items.find((item) => item.trapId === board().id)!;
  await expect.poll(async () => (await itemNow()).photoIds).toHaveLength(1);
  const [sentId] = (await itemNow()).photoIds;
  await expect(trapRow(page, board())).toContainText('1 foto');

  // On a laptop, the sent photo shows as the server has it.
  await page.setViewportSize({ width: 1366, height: 768 });
  await trapRow(page, board())
    .getByRole('button', { name: `Fotos (1) de ${code}` })
    .click();
  await expect(photos.getByRole('img', { name: `Foto 1 de ${code}` })).toHaveJSProperty('complete', true);
  await expect(photos.getByRole('listitem')).toContainText('enviada');
  await page.screenshot({ path: `${SHOTS}/findings-photos-desktop.png` });
  await photos.getByRole('button', { name: 'Volver' }).click();

  // Without signal again, the sent photo is removed: the removal waits in the queue, the server still has it.
  await page.setViewportSize({ width: 390, height: 844 });
  await context.setOffline(true);
  await trapRow(page, board())
    .getByRole('button', { name: `Fotos (1) de ${code}` })
    .click();
  await photos.getByRole('button', { name: `Eliminar la foto 1 de ${code}` }).click();
  const confirmSent = page.getByRole('dialog', { name: `¿Eliminar la foto 1 de ${code}?` });
  await expect(confirmSent).toContainText(
    'Ya está en el servidor: se eliminará también allí, ahora o en cuanto haya conexión.',
  );
  await confirmSent.getByRole('button', { name: 'Eliminar foto' }).click();
  await expect(photos).toContainText('No quedan fotos de esta trampa.');
  await photos.getByRole('button', { name: 'Volver' }).click();
  await expect(bar(page).getByText('1 foto eliminada por enviar')).toBeVisible();
  await expect(trapRow(page, board())).not.toContainText('foto');
  await expect(trapRow(page, board()).getByRole('button', { name: /^Fotos/ })).toHaveCount(0);
  expect((await itemNow()).photoIds).toEqual([sentId]);

  // The signal returns: the server no longer has it, once.
  await context.setOffline(false);
  await expect(bar(page).getByText(/por enviar|Enviando/)).toHaveCount(0, { timeout: 60_000 });
  await expect.poll(async () => (await itemNow()).photoIds).toEqual([]);
  await expect(adminApi.photo(sentId!)).rejects.toThrow(/404/);
  expect(await readIndexedDb(page, 'rondin-scan-queue', 'scans')).toEqual([]);
  // The finding saved with the photos is the device's second version, its photos gone with the removals.
  expect((await itemNow()).finding).toMatchObject({ versionCount: 2 });
});
