import type { Technician, Trap } from '@rondin/contracts';
import { ADMIN, unique } from './support/accounts';
import { AdminApi } from './support/api';
import { CHROMIUM_PATH, CHROMIUM_ARGS } from './support/browser';
import { downloadBytes, expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

/**
 * Issue 26, defect 6: a device of the order whose label the camera cannot read is recorded by its typed printed
 * code, which queues its label for the office to print again. The camera works (Chromium's fake device, its own
 * test pattern) and reads no QR, as in front of a torn label.
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

let damaged: Trap;
let tech: Technician & { password: string };

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    damaged = await api.createTrap({ area: unique('Andén') });
    tech = await api.createTechnician({ fullName: unique('Camila Rojas') });
  } finally {
    await api.dispose();
  }
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
