import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const SCREENS = [
  { path: '/admin/dashboard', ready: 'Órdenes programadas', dialog: null },
  { path: '/admin/traps', ready: 'Código QR', dialog: '+ Agregar trampa' },
  { path: '/admin/sessions', ready: 'Orden #', dialog: '+ Crear orden' },
  { path: '/admin/technicians', ready: 'Correo', dialog: '+ Crear técnico' },
] as const;

test.describe('accessibility (axe-core: no serious or critical violations)', () => {
  test.beforeEach(async ({ adminApi }) => {
    // Every screen with content to check, not only its empty state.
    const trap = await adminApi.createTrap({ area: 'Comedor' });
    const tech = await adminApi.createTechnician();
    await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
  });

  test('sign-in screen', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  for (const size of [
    { name: 'desktop', width: 1366, height: 768 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    for (const screen of SCREENS) {
      test(`${screen.path} on ${size.name}${screen.dialog ? ', and its dialog' : ''}`, async ({ page, asAdmin }) => {
        await page.setViewportSize(size);
        await asAdmin(screen.path);
        await expect(page.getByText(screen.ready).first()).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        if (screen.dialog) {
          await page.getByRole('button', { name: screen.dialog }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expectNoSeriousA11yViolations(page);
        }
      });
    }
  }

  test('user menu and change-password dialog', async ({ page, asAdmin }) => {
    await asAdmin('/admin/dashboard');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByRole('dialog', { name: 'Cambiar contraseña' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('Tab stays inside an open dialog', async ({ page, asAdmin }) => {
    await asAdmin('/admin/traps');
    await page.getByRole('button', { name: '+ Agregar trampa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva trampa' });
    await expect(dialog.getByLabel('Código')).toBeFocused();
    for (let step = 0; step < 10; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  });
});
