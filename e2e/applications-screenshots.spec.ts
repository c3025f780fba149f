import { unique } from './support/accounts';
import { expect, test } from './support/fixtures';
import { SCREENSHOT_SIZES } from './support/screenshot-sizes';

/**
 * Design review, not a check: `SCREENSHOTS=1 npx playwright test applications-screenshots` writes the
 * applications panel (phone and office) and the products settings to test-results/screenshots/.
 */
test('screenshots of applications and products', async ({ page, adminApi, signIn, asAdmin }) => {
  test.setTimeout(180_000);
  const traps = [await adminApi.createTrap({ area: 'Muelle' }), await adminApi.createTrap({ area: 'Cocina' })];
  const tech = await adminApi.createTechnician({ fullName: unique('Lucía Navarro') });
  const created = await page.request.post('/api/products', {
    headers: { authorization: `Bearer ${adminApi.auth.accessToken}` },
    data: {
      name: unique('Bromadiolona Pasta'),
      activeIngredients: 'Bromadiolona 0,005 %',
      registrationNumber: 'ES/RM-2021-14-00456',
      type: 'TP14',
      authorisationExpiresAt: '2029-06-30',
      userCategory: 'PROFESIONAL',
      foodIndustryAllowed: true,
      safetyIntervalHours: 12,
      anticoagulant: true,
    },
  });
  expect(created.status()).toBe(201);
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });

  for (const size of SCREENSHOT_SIZES) {
    await page.setViewportSize(size);
    await signIn(tech, `/tech/sessions/${order.id}/scan`);
    const panel = page.getByRole('region', { name: 'Aplicaciones' });
    await panel.getByRole('button', { name: 'Añadir aplicación' }).click();
    await panel.getByLabel('Producto').selectOption({ index: 1 });
    await panel.getByLabel('Lote').fill('L-0425');
    await panel.getByLabel('Cantidad').fill('150');
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/applications-form-${size.name}.png`, fullPage: true });
    await panel.getByRole('button', { name: 'Registrar aplicación' }).click();
    await expect(panel.getByText('Enviada').first()).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/applications-list-${size.name}.png`, fullPage: true });
    await asAdmin(`/admin/sessions/${order.id}`);
    await expect(page.getByRole('region', { name: 'Aplicaciones' }).getByText('Enviada').first()).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/applications-office-${size.name}.png`, fullPage: true });
    await asAdmin('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Productos biocidas' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/products-settings-${size.name}.png`, fullPage: true });
    // The products section alone: the settings page is long on a phone.
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Productos biocidas' }) })
      .last()
      .screenshot({ path: `test-results/screenshots/products-section-${size.name}.png` });
  }
});
