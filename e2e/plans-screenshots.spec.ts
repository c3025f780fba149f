import type { Plan, Site, Trap, TrapType } from '@rondin/contracts';
import { TRAP_TYPES } from '@rondin/contracts/devices';
import { request } from '@playwright/test';
import { baseURL } from './support/api';
import { expect, test } from './support/fixtures';
import { floorPlanPng } from './support/plan-image';
import { SCREENSHOT_SIZES } from './support/screenshot-sizes';

/**
 * Design review, not a check: `SCREENSHOTS=1 npx playwright test plans-screenshots` writes the site's plans page,
 * the plan editor (at rest, placing a device with the keys, a device chosen) and the technician's view of an
 * order's plan, at phone and desktop size, to test-results/screenshots/.
 */
test('screenshots of the plans screens', async ({ page, adminApi, asAdmin, signIn }) => {
  test.setTimeout(180_000);
  const http = await request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { authorization: `Bearer ${adminApi.auth.accessToken}` },
  });
  const site = ((await (await http.get('/api/sites')).json()) as Site[]).sort((a, b) => a.id - b.id)[0]!;
  const areas = ['Bodega norte', 'Cocina', 'Recepción', 'Andén de carga'];
  const traps: Trap[] = [];
  // 123 devices, as the plant the office tried: 111 placed along the walls and aisles, 12 of the loading dock
  // left for the list's 'Sin ubicar' and for placing many at once.
  for (let index = 1; index <= 123; index += 1) {
    const type: TrapType = TRAP_TYPES[index % TRAP_TYPES.length]!;
    const response = await http.post('/api/traps', {
      data: {
        code: `D-${String(index).padStart(3, '0')}`,
        area: index > 111 ? 'Andén de carga' : areas[index % 3],
        isActive: true,
        siteId: site.id,
        type,
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
    traps.push((await response.json()) as Trap);
  }
  const upload = async (name: string) =>
    (await (
      await http.post(`/api/sites/${site.id}/plans`, {
        multipart: { name, file: { name: 'plano.png', mimeType: 'image/png', buffer: floorPlanPng() } },
      })
    ).json()) as Plan;
  const plan = await upload('Bodega — planta baja');
  await upload('Oficinas — primer piso');
  // Along the plan's walls and two aisles, 2 % of its width apart: close enough to crowd a phone.
  const placed = await http.put(`/api/plans/${plan.id}/placements`, {
    data: {
      placements: traps.slice(0, 111).map((trap, index) => {
        const row = Math.floor(index / 37);
        return { trapId: trap.id, x: 0.06 + (index % 37) * 0.024, y: [0.08, 0.45, 0.9][row]! };
      }),
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const tech = await adminApi.createTechnician({ fullName: 'María José Fuentes' });
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.slice(0, 12).map((t) => t.id) });
  for (const trap of traps.slice(0, 5)) await adminApi.scan(order.id, trap.qrSlug);

  const shot = (name: string, size: string) =>
    page.screenshot({ path: `test-results/screenshots/plans-${name}-${size}.png` });
  for (const size of SCREENSHOT_SIZES) {
    await page.setViewportSize(size);
    await asAdmin(`/admin/sites/${site.id}`);
    await expect(page.getByRole('heading', { name: 'Bodega — planta baja' })).toBeVisible();
    await expect(page.locator('.plan-card img').first()).toHaveJSProperty('complete', true);
    await shot('site', size.name);

    await page.goto(`/admin/sites/${site.id}/plans/${plan.id}`);
    const canvas = page.getByRole('application', { name: 'Plano «Bodega — planta baja»' });
    await expect(canvas.locator('img')).toHaveJSProperty('complete', true);
    await expect(canvas.locator('.plan-marker, .plan-cluster')).not.toHaveCount(0);
    await shot('editor', size.name);

    if (size.name === 'phone') {
      await page.getByRole('button', { name: /^Dispositivos/ }).click();
      await expect(page.getByRole('dialog', { name: 'Dispositivos' })).toBeVisible();
      await shot('editor-devices', size.name);
      await page.getByRole('button', { name: /D-112/ }).click();
    } else {
      await page.locator('[data-trap-code="D-112"]').focus();
      await page.keyboard.press('Enter');
      for (let step = 0; step < 6; step += 1) await page.keyboard.press('Shift+ArrowRight');
    }
    await shot('editor-placing', size.name);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    // Markers share bubbles on the whole plan this crowded: one is chosen from the list.
    if (size.name === 'phone') await page.getByRole('button', { name: /^Dispositivos/ }).click();
    await page.getByRole('button', { name: /D-001/ }).click();
    await expect(page.getByRole('button', { name: 'Quitar del plano' })).toBeVisible();
    await shot('editor-selected', size.name);
    await page.getByRole('button', { name: 'Listo' }).click();

    // The loading dock's twelve in a grid, previewed before they are saved.
    if (size.name === 'phone') await page.getByRole('button', { name: /^Dispositivos/ }).click();
    await page.getByRole('button', { name: 'Ubicar varios' }).click();
    await page.getByLabel('Dispositivos sin ubicar').selectOption({ label: 'Andén de carga (12)' });
    await shot('editor-bulk', size.name);
    await page.getByRole('button', { name: 'En cuadrícula' }).click();
    const image = (await canvas.locator('img').boundingBox())!;
    await page.mouse.click(image.x + image.width * 0.55, image.y + image.height * 0.55);
    await page.mouse.click(image.x + image.width * 0.9, image.y + image.height * 0.8);
    await expect(canvas.locator('.plan-marker--preview')).toHaveCount(12);
    await shot('editor-bulk-preview', size.name);
    await page.getByRole('button', { name: 'Cancelar' }).click();
  }

  await page.setViewportSize(SCREENSHOT_SIZES[0]);
  await signIn(tech, `/tech/sessions/${order.id}/scan`);
  await expect(page.getByRole('button', { name: 'Ver en el plano' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/plans-scan-phone.png', fullPage: true });
  await page.getByRole('button', { name: 'Ver en el plano' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plano de la orden' });
  await expect(dialog.getByRole('application').locator('img')).toHaveJSProperty('complete', true);
  await shot('order-plan', 'phone');
  await http.dispose();
});
