import type { Technician, Trap } from '@rondin/contracts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unique } from './support/accounts';
import { AdminApi } from './support/api';
import { CHROMIUM_PATH, fakeCameraArgs } from './support/browser';
import { writeLabelVideo } from './support/fake-camera';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

/**
 * Issue 26, defect 7, through the real camera path: Chromium's fake camera plays the printed label of a device that
 * is in another technician's open order, not in this one (tech-scan-typed-code.spec.ts has defect 6).
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
