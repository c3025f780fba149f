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
  for (let index = 1; index <= 36; index += 1) {
    const type: TrapType = TRAP_TYPES[index % TRAP_TYPES.length]!;
    const response = await http.post('/api/traps', {
      data: {
        code: `D-${String(index).padStart(3, '0')}`,
        area: areas[index % 4],
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
  // 28 placed on a grid over the rooms, 8 left for the list's 'Sin ubicar'.
  for (const [index, trap] of traps.slice(0, 28).entries()) {
    await http.put(`/api/traps/${trap.id}/placement`, {
      data: { planId: plan.id, x: 0.08 + (index % 7) * 0.14, y: 0.12 + Math.floor(index / 7) * 0.22 },
    });
  }
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
    await expect(canvas.locator('.plan-marker')).toHaveCount(28);
    await shot('editor', size.name);

    if (size.name === 'phone') {
      await page.getByRole('button', { name: /^Dispositivos/ }).click();
      await expect(page.getByRole('dialog', { name: 'Dispositivos' })).toBeVisible();
      await shot('editor-devices', size.name);
      await page.getByRole('button', { name: /D-029/ }).click();
    } else {
      await page.locator('[data-trap-code="D-029"]').focus();
      await page.keyboard.press('Enter');
      for (let step = 0; step < 6; step += 1) await page.keyboard.press('Shift+ArrowRight');
    }
    await shot('editor-placing', size.name);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await canvas.locator('[data-trap-id]').first().click();
    await expect(page.getByRole('button', { name: 'Quitar del plano' })).toBeVisible();
    await shot('editor-selected', size.name);
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
