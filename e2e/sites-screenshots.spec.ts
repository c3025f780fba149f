import type { TrapType } from '@rondin/contracts';
import { expect, test } from './support/fixtures';
import { SCREENSHOT_SIZES } from './support/screenshot-sizes';

/**
 * Design review, not a check: `SCREENSHOTS=1 npx playwright test sites-screenshots` writes the sites, devices and
 * settings screens ([K]) at phone and desktop size to test-results/screenshots/, with two active sites.
 */
test('screenshots of the sites, device and settings screens', async ({ page, adminApi, asAdmin }) => {
  test.setTimeout(180_000);
  // Names as a company writes them: the screenshot run starts from its own database.
  const north = await adminApi.createSite({ name: 'Planta Norte', client: 'Alimentos del Sur S.A.' });
  const [main] = (await adminApi.sites()).sort((a, b) => a.id - b.id);
  const types: TrapType[] = ['CEBADERO', 'CAPTURA', 'LAMINA', 'LUZ_UV', 'FEROMONA', 'OTRO'];
  const tech = await adminApi.createTechnician({ fullName: 'María José Fuentes' });
  for (const [index, type] of types.entries()) {
    await adminApi.createTrap({ code: `SP-${index + 1}`, type, area: 'Bodega de insumos', siteId: main!.id });
    const trap = await adminApi.createTrap({
      code: `PN-${index + 1}`,
      type,
      area: 'Muelle de carga',
      siteId: north.id,
    });
    if (index < 2) await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
  }
  // The whole page, and what a phone shows first (a full phone page of 24 pests is too tall to review).
  const shot = async (name: string, size: string) => {
    await page.screenshot({ path: `test-results/screenshots/${name}-${size}.png`, fullPage: true });
    if (size === 'phone') await page.screenshot({ path: `test-results/screenshots/${name}-${size}-top.png` });
  };
  try {
    for (const size of SCREENSHOT_SIZES) {
      await page.setViewportSize(size);
      await asAdmin('/admin/sites');
      await expect(page.getByRole('table')).toBeVisible();
      await shot('sites', size.name);
      await page.getByRole('button', { name: '+ Crear sitio' }).click();
      await expect(page.getByRole('dialog', { name: 'Nuevo sitio' })).toBeVisible();
      await shot('site-form', size.name);
      await page.keyboard.press('Escape');

      await page.goto('/admin/traps');
      await expect(page.getByRole('table')).toBeVisible();
      await shot('traps-sites', size.name);
      await page.getByRole('button', { name: '+ Agregar trampa' }).click();
      await expect(page.getByRole('dialog', { name: 'Nueva trampa' })).toBeVisible();
      await shot('trap-form-sites', size.name);
      await page.keyboard.press('Escape');

      await page.goto('/admin/sessions');
      await expect(page.getByRole('search', { name: 'Filtrar órdenes' }).getByLabel('Sitio')).toBeVisible();
      await shot('orders-sites', size.name);
      await page.getByRole('button', { name: '+ Crear orden' }).click();
      const form = page.getByRole('dialog', { name: 'Nueva orden' });
      await shot('order-form-no-site', size.name);
      await form.getByLabel('Sitio').selectOption(String(north.id));
      await expect(form.getByText('PN-1')).toBeVisible();
      await shot('order-form-site', size.name);
      await page.keyboard.press('Escape');

      await page.goto('/admin/settings');
      await expect(page.getByRole('table')).toBeVisible();
      await shot('settings', size.name);
      await page.getByRole('button', { name: '+ Agregar plaga' }).click();
      await expect(page.getByRole('dialog', { name: 'Nueva plaga' })).toBeVisible();
      await shot('pest-form', size.name);
      await page.keyboard.press('Escape');
    }
  } finally {
    await adminApi.keepOneActiveSite();
  }
});
