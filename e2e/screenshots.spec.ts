import { expect, test } from './support/fixtures';
import { SCREENSHOT_SIZES } from './support/screenshot-sizes';

/**
 * Design review, not a check: `SCREENSHOTS=1 npx playwright test screenshots` writes every admin screen at
 * phone and desktop size to test-results/screenshots/. Left out of `npm run test:e2e` by playwright.config.ts.
 */
test('screenshots of every screen', async ({ page, adminApi, asAdmin }) => {
  test.setTimeout(180_000);
  const areas = ['Bodega norte', 'Cocina', 'Recepción', null];
  const traps = [];
  // Enough traps and orders for two pages of each: the paging shows.
  for (let index = 1; index <= 60; index += 1) {
    traps.push(
      await adminApi.createTrap({
        code: `TRP-${String(index).padStart(3, '0')}`,
        area: areas[index % areas.length] ?? null,
      }),
    );
  }
  const tech = await adminApi.createTechnician({ fullName: 'María José Fuentes' });
  await adminApi.createTechnician({ fullName: 'Pedro Salinas' });
  await adminApi.createOrder({
    technicianId: tech.id,
    trapIds: traps.slice(0, 5).map((trap) => trap.id),
    scheduledAt: '2030-03-01T12:00:00.000Z',
  });
  await adminApi.createOrder({
    technicianId: tech.id,
    trapIds: traps.slice(2, 4).map((trap) => trap.id),
    scheduledAt: '2020-03-01T12:00:00.000Z',
  });
  for (let index = 0; index < 24; index += 1)
    await adminApi.createOrder({ technicianId: tech.id, trapIds: [traps[index]!.id] });

  const shot = (name: string, size: string) =>
    page.screenshot({ path: `test-results/screenshots/${name}-${size}.png`, fullPage: true });
  for (const size of SCREENSHOT_SIZES) {
    await page.setViewportSize(size);
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await shot('login', size.name);
    await asAdmin('/admin/dashboard');
    await expect(page.getByText('Órdenes programadas', { exact: true })).toBeVisible();
    await shot('dashboard', size.name);
    await page.goto('/admin/traps');
    await expect(page.getByRole('table')).toBeVisible();
    await shot('traps', size.name);
    await page.getByRole('checkbox', { name: 'Seleccionar TRP-002' }).check();
    await page.getByRole('checkbox', { name: 'Seleccionar TRP-005' }).check();
    await page.goto('/admin/traps?q=zzz');
    await expect(page.getByText('Ninguna trampa coincide con la búsqueda o los filtros.')).toBeVisible();
    await shot('traps-no-match', size.name);
    await page.goto('/admin/traps?area=Cocina&active=true');
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Seleccionar las trampas de esta página' }).check();
    await shot('traps-filtered', size.name);
    await page.getByRole('button', { name: '+ Agregar trampa' }).click();
    await shot('trap-form', size.name);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Ver etiqueta de TRP-001' }).click();
    await expect(page.locator('object.pdf-preview')).toBeVisible();
    await shot('label', size.name);
    await page.keyboard.press('Escape');
    await page.goto('/admin/sessions');
    await expect(page.getByRole('article').first()).toBeVisible();
    await shot('orders', size.name);
    await page.getByRole('button', { name: '+ Crear orden' }).click();
    await page.getByRole('checkbox', { name: 'Seleccionar área Cocina' }).check();
    await shot('order-form', size.name);
    await page.getByLabel('Buscar trampas').fill('TRP-01');
    await expect(page.getByText('2 de 10 seleccionadas')).toBeVisible();
    await shot('order-form-search', size.name);
    await page.keyboard.press('Escape');
    await page.goto('/admin/technicians');
    await expect(page.getByRole('table')).toBeVisible();
    await shot('technicians', size.name);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await shot('user-menu', size.name);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await shot('password', size.name);
    await page.keyboard.press('Escape');
    if (size.name === 'phone') {
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await shot('menu', size.name);
    }
  }
});
