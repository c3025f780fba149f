import { unique } from './support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

/**
 * Defect 9 of [T]: an account signing in with a password someone else knows (printed at first start, or typed
 * by an administrator) was never asked to change it. Now nothing else opens until it does.
 */
test.describe('first sign-in', () => {
  /** The administrator made here, deactivated after: other files count on one active administrator. */
  let created: { id: number } | undefined;
  test.afterEach(async ({ request, adminApi }) => {
    if (!created) return;
    const response = await request.patch(`/api/technicians/${created.id}`, {
      headers: { authorization: `Bearer ${adminApi.auth.accessToken}` },
      data: { isActive: false },
    });
    expect(response.ok(), await response.text()).toBe(true);
    created = undefined;
  });

  test('with a password an administrator typed: the change comes first, cannot be skipped, then the dashboard', async ({
    page,
    adminApi,
  }) => {
    const email = `${unique('jefa').toLowerCase()}@e2e.rondin.test`;
    const given = 'dada-por-la-oficina';
    const response = await page.request.post('/api/technicians', {
      headers: { authorization: `Bearer ${adminApi.auth.accessToken}` },
      data: { email, fullName: unique('Jefa de operaciones'), password: given, role: 'ADMIN', isActive: true },
    });
    expect(response.ok(), await response.text()).toBe(true);
    created = await response.json();

    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill(given);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Cambia tu contraseña' });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Nothing else opens meanwhile, by address or by Escape.
    await page.goto('/admin/traps');
    await expect(heading).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(heading).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Principal' })).toHaveCount(0);

    // The server's refusal of a wrong current password is said, and the screen stays.
    await page.getByLabel('Contraseña actual').fill('no-es-esta');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('bodega-norte-2031');
    await page.getByLabel('Confirmar nueva contraseña').fill('bodega-norte-2031');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByRole('alert')).toHaveText('La contraseña actual no es correcta.');
    await expect(heading).toBeVisible();

    await page.getByLabel('Contraseña actual').fill(given);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    // Changed, the screen asked for opens (the traps), and signing in again goes straight in.
    await expect(page.getByRole('heading', { level: 1, name: 'Trampas' })).toBeVisible();
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de cumplimiento' })).toBeVisible();
    const again = await page.request.post('/api/auth/login', { data: { email, password: 'bodega-norte-2031' } });
    expect((await again.json()).technician.mustChangePassword).toBe(false);
  });
});
