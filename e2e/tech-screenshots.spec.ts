import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH, fakeCameraArgs } from './support/browser';
import { writeLabelVideo } from './support/fake-camera';
import { expect, test } from './support/fixtures';
import { SCREENSHOT_SIZES } from './support/screenshot-sizes';

/**
 * Design review, not a check: `SCREENSHOTS=1 npx playwright test tech-screenshots` writes the technician's
 * screens, with the fake camera showing a real label, to test-results/screenshots/. Left out of
 * `npm run test:e2e` by playwright.config.ts.
 */
const VIDEO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test-results/.fake-camera/screenshots.y4m',
);
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: fakeCameraArgs(VIDEO) } });

test('screenshots of the technician screens', async ({ page, adminApi, signIn }) => {
  test.setTimeout(180_000);
  const areas = ['Bodega norte', 'Cocina', 'Recepción', null];
  const traps = [];
  for (let index = 11; index <= 17; index += 1)
    traps.push(await adminApi.createTrap({ code: `CEB-0${index}`, area: areas[index % areas.length] ?? null }));
  const tech = await adminApi.createTechnician({ fullName: 'María José Fuentes' });
  await writeLabelVideo(VIDEO, [await adminApi.label(traps[2]!.id)], 2);

  const scanned = await adminApi.createOrder({
    technicianId: tech.id,
    trapIds: traps.slice(0, 6).map((trap) => trap.id),
    scheduledAt: '2031-03-04T12:00:00.000Z',
  });
  await adminApi.scan(scanned.id, traps[0]!.qrSlug);
  await adminApi.scan(scanned.id, traps[1]!.qrSlug);
  await adminApi.createOrder({
    technicianId: tech.id,
    trapIds: traps.slice(3, 7).map((trap) => trap.id),
    scheduledAt: '2031-03-05T13:30:00.000Z',
  });
  const closed = await adminApi.createOrder({ technicianId: tech.id, trapIds: [traps[4]!.id] });
  await adminApi.scan(closed.id, traps[4]!.qrSlug);
  await adminApi.closeOrder(closed.id);

  const shot = (name: string, size: string) =>
    page.screenshot({ path: `test-results/screenshots/tech-${name}-${size}.png`, fullPage: true });
  for (const size of SCREENSHOT_SIZES) {
    await page.setViewportSize(size);
    await signIn(tech, '/tech/sessions');
    await expect(page.getByRole('article').first()).toBeVisible();
    await shot('orders', size.name);
    await page.goto(`/tech/sessions/${scanned.id}/scan`);
    await expect(page.getByText('Trampa registrada correctamente.')).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `test-results/screenshots/tech-scan-${size.name}.png` });
    await shot('scan-full', size.name);
    await page.getByLabel('Código impreso bajo el QR').fill('zzzz zzzz zzzz zzzz zzzz');
    await page.getByRole('button', { name: 'Registrar código' }).click();
    await expect(page.getByText('No se pudo registrar el escaneo. Verifica el QR.')).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/tech-scan-error-${size.name}.png` });
    // No signal for the scan: the label the camera shows waits on the phone and its trap reads 'Hecha, por enviar'.
    const unsent = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [traps[1]!.id, traps[2]!.id, traps[3]!.id],
    });
    await adminApi.scan(unsent.id, traps[1]!.qrSlug);
    await page.route('**/api/sessions/*/scan', (route) => route.abort('internetdisconnected'));
    await page.goto(`/tech/sessions/${unsent.id}/scan`);
    await expect(page.getByText('Hecha, por enviar')).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `test-results/screenshots/tech-scan-unsent-${size.name}.png` });
    await shot('scan-unsent-full', size.name);
    await page.unroute('**/api/sessions/*/scan');
    await page.goto(`/tech/sessions/${closed.id}/scan`);
    await expect(page.getByText('Orden cerrada. No es necesario registrar más trampas.')).toBeVisible();
    await shot('scan-closed', size.name);
  }
});
