import type { Plan, Trap, TrapType } from '@rondin/contracts';
import { request } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL } from './support/api';
import { CHROMIUM_PATH, fakeCameraArgs } from './support/browser';
import { writeLabelVideo } from './support/fake-camera';
import { expect, test } from './support/fixtures';
import { floorPlanPng } from './support/plan-image';
import { SCREENSHOT_SIZES } from './support/screenshot-sizes';

/**
 * Design review, not a check: `SCREENSHOTS=1 npx playwright test walk-order-screenshots` writes the plan pages'
 * «Recorrido» (a proposal), the site page's, and the phone's scan screen with «Siguiente», the torch and the capture form's search,
 * at phone and desktop size, to test-results/screenshots/.
 */
const VIDEO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/.fake-camera/walk.y4m');
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: fakeCameraArgs(VIDEO) } });

test('screenshots of the walk order and the capture form', async ({ page, adminApi, asAdmin, signIn }) => {
  test.setTimeout(240_000);
  const http = await request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { authorization: `Bearer ${adminApi.auth.accessToken}` },
  });
  const areas = ['Bodega norte', 'Cocina', 'Andén de carga'];
  const types: TrapType[] = ['LAMINA', 'CEBADERO', 'CAPTURA'];
  const traps: Trap[] = [];
  for (let index = 1; index <= 9; index += 1) {
    const stamp = Date.now().toString(36).slice(-3).toUpperCase();
    traps.push(
      await adminApi.createTrap({ code: `R${stamp}-${index}`, area: areas[index % 3]!, type: types[index % 3]! }),
    );
  }
  const siteId = traps[0]!.siteId;
  const plan = (await (
    await http.post(`/api/sites/${siteId}/plans`, {
      multipart: {
        name: `Recorrido ${Date.now()}`,
        file: { name: 'plano.png', mimeType: 'image/png', buffer: floorPlanPng() },
      },
    })
  ).json()) as Plan;
  for (const [index, trap] of traps.slice(0, 7).entries()) {
    await http.put(`/api/traps/${trap.id}/placement`, {
      data: { planId: plan.id, x: 0.1 + ((index * 37) % 80) / 100, y: 0.15 + ((index * 23) % 70) / 100 },
    });
  }
  const tech = await adminApi.createTechnician({ fullName: 'María José Fuentes' });
  // The camera sees a device of the site left out of the order: it stays on screen (a refusal), torch and all.
  const order = await adminApi.createOrder({
    technicianId: tech.id,
    trapIds: traps.slice(0, 8).map((trap) => trap.id),
  });
  await writeLabelVideo(VIDEO, [await adminApi.label(traps[8]!.id)], 2);
  // Chromium's fake camera has no torch: the page is told it has one, as a phone's back camera would say.
  await page.addInitScript(() => {
    const capabilities = MediaStreamTrack.prototype.getCapabilities;
    MediaStreamTrack.prototype.getCapabilities = function () {
      return { ...capabilities.call(this), torch: true } as MediaTrackCapabilities;
    };
    MediaStreamTrack.prototype.applyConstraints = async () => undefined;
  });

  const shot = (name: string, size: string) =>
    page.screenshot({ path: `test-results/screenshots/walk-${name}-${size}.png`, fullPage: name === 'route' });
  for (const size of SCREENSHOT_SIZES) {
    await page.setViewportSize(size);
    await asAdmin(`/admin/sites/${siteId}/plans/${plan.id}?view=route`);
    await page.getByRole('button', { name: 'Proponer recorrido' }).click();
    await expect(page.getByText(/Propuesta desde los planos/)).toBeVisible();
    await shot('route', size.name);
  }
  await page.getByRole('button', { name: 'Guardar recorrido' }).click();
  await expect(page.getByText('Recorrido guardado.')).toBeVisible();
  for (const size of SCREENSHOT_SIZES) {
    await page.setViewportSize(size);
    await asAdmin(`/admin/sites/${siteId}`);
    await page.getByText('Recorrido', { exact: true }).click();
    await expect(page.getByRole('list', { name: 'Dispositivos en el orden del recorrido' })).toBeVisible();
    await page.getByText('Recorrido', { exact: true }).scrollIntoViewIfNeeded();
    await shot('site', size.name);
  }
  // A glue board for each size: one recorded once is «Ya registrada» the next time.
  for (const [index, size] of SCREENSHOT_SIZES.entries()) {
    await page.setViewportSize(size);
    await signIn(tech, `/tech/sessions/${order.id}/scan`);
    await expect(page.getByRole('button', { name: 'Linterna' })).toBeVisible();
    await expect(page.getByText(/^Siguiente: /)).toBeVisible();
    await shot('scan', size.name);
    await page.getByLabel('Código impreso bajo el QR').fill(traps[[2, 5][index]!]!.qrSlug);
    await page.getByRole('button', { name: 'Registrar código' }).click();
    const sheet = page.getByRole('region', { name: /^Hallazgo · / });
    await sheet.getByRole('button', { name: 'Registrar hallazgo', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Hallazgo en / });
    await dialog.getByRole('searchbox', { name: 'Buscar otra plaga' }).fill('mosca');
    await dialog.getByRole('list', { name: 'Plagas para añadir' }).scrollIntoViewIfNeeded();
    await shot('capture-search', size.name);
    await page.keyboard.press('Escape');
  }
  await http.dispose();
});
