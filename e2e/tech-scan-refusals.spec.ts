import type { Technician, Trap } from '@rondin/contracts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, unique } from './support/accounts';
import { AdminApi } from './support/api';
import { CHROMIUM_PATH, fakeCameraArgs } from './support/browser';
import { writeLabelVideo } from './support/fake-camera';
import { downloadBytes, expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

/**
 * Issue 26, defects 7 and 6, through the real camera path: Chromium's fake camera plays the printed label of a
 * device that is in another technician's open order, not in this one; and a device of the order whose label is
 * unreadable is recorded by its typed printed code, which queues its label for the office to print again.
 */
const VIDEO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test-results/.fake-camera/refused-label.y4m',
);

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: fakeCameraArgs(VIDEO) } });

let planned: Trap;
let damaged: Trap;
/** A device of the same site, planned in another technician's open order. */
let elsewhere: Trap;
let tech: Technician & { password: string };
let other: Technician & { password: string };

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    const area = unique('Andén');
    planned = await api.createTrap({ area });
    damaged = await api.createTrap({ area });
    elsewhere = await api.createTrap({ area });
    tech = await api.createTechnician({ fullName: unique('Camila Rojas') });
    other = await api.createTechnician({ fullName: unique('Bruno Campos') });
    await writeLabelVideo(VIDEO, [await api.label(elsewhere.id)], 2);
  } finally {
    await api.dispose();
  }
});

test('a refused label names the device and the order it is in; «Añadir a esta orden» adds and scans it', async ({
  page,
  adminApi,
  signIn,
}) => {
  const theirs = await adminApi.createOrder({ technicianId: other.id, trapIds: [elsewhere.id] });
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [planned.id, damaged.id] });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(tech, `/tech/sessions/${order.id}/scan`);
  await expect(page.getByText(`Orden #${order.id} · Progreso 0 de 2`)).toBeVisible();

  // The camera reads the other order's device: the refusal says which device, and where it is planned.
  await expect(page.getByText('No se pudo registrar el escaneo. Verifica el QR.')).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText(
      `${elsewhere.code} (${elsewhere.area}) no está en esta orden: está en la orden #${theirs.id} (${other.fullName}).`,
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: `Añadir ${elsewhere.code} a esta orden` }).click();
  const list = page.getByRole('region', { name: 'Listado de trampas' });
  const row = (trap: Trap) => list.getByRole('listitem').filter({ hasText: trap.code });
  await expect(row(elsewhere)).toContainText('Completada');
  await expect(page.getByText(`Orden #${order.id} · Progreso 1 de 3`)).toBeVisible();
  await page
    .getByRole('region', { name: `Hallazgo · ${elsewhere.code}` })
    .getByRole('button', { name: 'Sin novedad' })
    .click();
  const added = (await adminApi.session(order.id)).items.find((item) => item.trapId === elsewhere.id);
  expect(added).toMatchObject({ addedOnSite: true, outcome: 'SCANNED' });
});

test('an unreadable label is recorded by its typed code, and the office prints it again', async ({
  page,
  adminApi,
  signIn,
}) => {
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [damaged.id] });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(tech, `/tech/sessions/${order.id}/scan`);
  const list = page.getByRole('region', { name: 'Listado de trampas' });
  const row = list.getByRole('listitem').filter({ hasText: damaged.code });
  await expect(row).toContainText('Pendiente');

  // The printed code typed where the QR's code goes: the phone offers «Código escrito» for that device.
  await page.getByLabel('Código impreso bajo el QR').fill(damaged.code.toLowerCase());
  await page.getByRole('button', { name: 'Registrar código' }).click();
  await page
    .locator('.manual-entry')
    .getByRole('button', { name: `Registrar ${damaged.code} por su código escrito` })
    .click();
  const dialog = page.getByRole('dialog', { name: `${damaged.code}: código escrito` });
  await dialog.getByLabel('Código impreso en la etiqueta').fill('TRP-0');
  await dialog.getByRole('radio', { name: 'Etiqueta dañada' }).check();
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(
    dialog.getByText(`El código escrito (TRP-0) no es el de este dispositivo (${damaged.code})`),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Código impreso en la etiqueta').fill(damaged.code);
  const sent = page.waitForRequest((request) => request.url().endsWith(`/items/${order.items[0]!.id}/manual`));
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ code: damaged.code, reason: 'ETIQUETA_DANADA' });

  // As after a scan: the findings sheet opens, and the list says how the device was recorded.
  await page
    .getByRole('region', { name: `Hallazgo · ${damaged.code}` })
    .getByRole('button', { name: 'Sin novedad' })
    .click();
  await expect(row).toContainText('Completada');
  await expect(row).toContainText('Código escrito');
  const item = (await adminApi.session(order.id)).items[0]!;
  expect(item).toMatchObject({ outcome: 'MANUAL', manual: { reason: 'ETIQUETA_DANADA', code: damaged.code } });

  // The office: the device's label waits to be printed again, and prints on one sheet.
  await signIn(ADMIN, '/admin/label-reprints');
  await expect(page.getByRole('heading', { name: 'Reimpresión de etiquetas' })).toBeVisible();
  const queued = page
    .getByRole('table', { name: 'Etiquetas por reimprimir' })
    .getByRole('row', { name: new RegExp(damaged.code) });
  await expect(queued).toContainText('Etiqueta dañada');
  await expect(queued).toContainText(tech.fullName);
  await expect(queued).toContainText(`#${order.id}`);
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Imprimir todas' }).click();
  const sheet = await download;
  expect(sheet.suggestedFilename()).toBe('etiquetas-reimpresion.pdf');
  expect((await downloadBytes(sheet)).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText(/No hay etiquetas pendientes de reimprimir\./)).toBeVisible();
});
