import { request, type Page } from '@playwright/test';
import { ADMIN } from './support/accounts';
import { baseURL, loginThroughApi } from './support/api';
import { expect, test } from './support/fixtures';

/** Dispatches what Chromium fires when the app can be installed. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });
}

/** Whether the element lies wholly inside the viewport, and nothing else is drawn over its centre. */
async function inSightAndUncovered(page: Page, name: string): Promise<boolean> {
  const button = page.getByRole('button', { name, exact: true });
  const box = await button.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  if (box.y < 0 || box.y + box.height > viewport.height) return false;
  return button.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return top !== null && element.contains(top);
  });
}

test.describe('sign-in', () => {
  test('an administrator signs in through the form and lands on the compliance panel', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('escanea el código QR de cada trampa con la cámara')).toBeVisible();

    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();

    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Panel de cumplimiento' })).toBeVisible();
    await expect(page.getByText('Panel administrador')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Principal' });
    for (const label of ['Dashboard', 'Trampas', 'Órdenes', 'Técnicos'])
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('rondin.auth') ?? 'null'));
    expect(stored.user.email).toBe(ADMIN.email);
    expect(typeof stored.accessToken).toBe('string');
  });

  test('wrong credentials are refused with the spec message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas o usuario inactivo.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("on a phone 'Ingresar' is in sight on first load, and the install banner never covers it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    expect(await inSightAndUncovered(page, 'Ingresar')).toBe(true);

    await offerInstall(page);
    const banner = page.getByRole('region', { name: 'Instala Rondín en este dispositivo' });
    await expect(banner).toBeVisible();
    expect(await inSightAndUncovered(page, 'Ingresar')).toBe(true);
    // The hero's welcome and tip are still there, after the form.
    await expect(page.getByText('escanea el código QR de cada trampa con la cámara')).toBeAttached();
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('a stored token the server refuses is dropped and the visitor goes to /login', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() =>
      localStorage.setItem(
        'rondin.auth',
        JSON.stringify({ accessToken: 'caducado', user: { id: 1, role: 'ADMIN', email: 'x@y.z', fullName: 'X' } }),
      ),
    );
    await page.goto('/admin/traps');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('rondin.auth'))).toBeNull();
    // Not without a word: the server's reason, and signing in again comes back to the page.
    await expect(page.getByRole('status')).toHaveText('Tu sesión expiró o no es válida. Inicia sesión nuevamente.');
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/admin\/traps$/);
  });

  test("a password changed elsewhere ends the sign-in with the server's reason", async ({ page, adminApi, signIn }) => {
    const tech = await adminApi.createTechnician();
    await signIn(tech, '/tech/sessions');
    await expect(page.getByText('Flujo técnico')).toBeVisible();

    // The technician changes the password on another device: this device's token is no longer good.
    const other = await loginThroughApi(tech.email, tech.password);
    const context = await request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { authorization: `Bearer ${other.accessToken}` },
    });
    const changed = await context.patch('/api/technicians/me/password', {
      data: { currentPassword: tech.password, newPassword: 'cambiada-en-otro-lado' },
    });
    expect(changed.ok()).toBe(true);
    await context.dispose();

    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toHaveText('La contraseña de tu cuenta cambió. Inicia sesión nuevamente.');
    // A sign-out the user asked for says nothing.
    await page.getByLabel('Correo electrónico').fill(tech.email);
    await page.getByLabel('Contraseña').fill('cambiada-en-otro-lado');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/tech\/sessions$/);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('signing out clears the session and protected pages send back to /login', async ({ page, asAdmin }) => {
    await asAdmin('/admin/traps');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('rondin.auth'))).toBeNull();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('route guards', () => {
  test('without a sign-in every protected page and unknown path ends on /login', async ({ page }) => {
    for (const path of ['/admin/traps', '/tech/sessions', '/una/ruta/desconocida']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('a technician visiting /admin/* lands on /tech/sessions', async ({ page, adminApi, signIn }) => {
    const tech = await adminApi.createTechnician();
    await signIn(tech, '/admin/technicians');
    await expect(page).toHaveURL(/\/tech\/sessions$/);
    await expect(page.getByText('Flujo técnico')).toBeVisible();
    // The technician's own menu, none of the office's.
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link')).toHaveText([
      'Órdenes asignadas',
      'Evaluaciones',
    ]);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/tech\/sessions$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/tech\/sessions$/);
  });

  test('an administrator visiting /tech/* or an unknown path lands on the dashboard', async ({ page, asAdmin }) => {
    await asAdmin('/tech/sessions');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/no-existe');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe('admin layout', () => {
  test('the user menu shows the account and closes on Escape and on an outside click', async ({ page, asAdmin }) => {
    await asAdmin('/admin/dashboard');
    const trigger = page.getByRole('button', { name: 'Menú de usuario' });
    await expect(trigger).toHaveText('A');
    await trigger.click();
    await expect(page.getByText(ADMIN.email)).toBeVisible();
    await expect(page.getByText('Administrador', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.click();
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await page.getByRole('heading', { name: 'Panel de cumplimiento' }).click();
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeHidden();
  });

  test('on a phone the menu opens with the hamburger, and closes on navigation and above 1024 px', async ({
    page,
    asAdmin,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asAdmin('/admin/dashboard');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Trampas' }).click();
    await expect(page).toHaveURL(/\/admin\/traps$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
    await page.setViewportSize({ width: 1100, height: 800 });
    // Above 1024 px the toggle itself is hidden, and the menu it controlled must be closed.
    await expect(page.getByRole('button', { name: 'Abrir menú', includeHidden: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(nav.getByRole('link', { name: 'Técnicos' })).toBeVisible();
  });
});

test.describe('change password', () => {
  test('enforces the spec rules, shows the server refusal, and closes itself after success', async ({
    page,
    adminApi,
    signIn,
  }) => {
    const tech = await adminApi.createTechnician();
    await signIn(tech, '/tech/sessions');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Nueva contraseña', { exact: true })).toHaveAttribute(
      'placeholder',
      'Mínimo 8 caracteres',
    );
    await expect(dialog.getByLabel('Nueva contraseña', { exact: true })).toHaveAttribute('minlength', '8');
    await expect(dialog.getByLabel('Confirmar nueva contraseña')).toHaveAttribute('minlength', '8');

    await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Completa todos los campos.');

    await dialog.getByLabel('Contraseña actual').fill(tech.password);
    await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('otra-clave-segura');
    await dialog.getByLabel('Confirmar nueva contraseña').fill('otra-clave-distinta');
    await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Las contraseñas nuevas no coinciden.');

    await dialog.getByLabel('Contraseña actual').fill('no-es-la-actual');
    await dialog.getByLabel('Confirmar nueva contraseña').fill('otra-clave-segura');
    await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('La contraseña actual no es correcta.');
    // A wrong current password is a 400, not a 401: the user stays signed in.
    await expect(page).toHaveURL(/\/tech\/sessions$/);

    await dialog.getByLabel('Contraseña actual').fill(tech.password);
    await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Contraseña actualizada correctamente.');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByLabel('Correo electrónico').fill(tech.email);
    await page.getByLabel('Contraseña').fill('otra-clave-segura');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/tech\/sessions$/);
  });

  test('on a phone a validation message goes away once the fields are fixed', async ({ page, asAdmin }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asAdmin('/admin/dashboard');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
    await dialog.getByLabel('Contraseña actual').fill('algo-actual');
    await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('otra-clave-segura');
    await dialog.getByLabel('Confirmar nueva contraseña').fill('otra-clave-distinta');
    await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Las contraseñas nuevas no coinciden.');
    await dialog.getByLabel('Confirmar nueva contraseña').fill('otra-clave-segura');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });

  test('the dialog resets when it is closed with Escape', async ({ page, asAdmin }) => {
    await asAdmin('/admin/dashboard');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
    await expect(dialog.getByLabel('Contraseña actual')).toBeFocused();
    await dialog.getByLabel('Contraseña actual').fill('algo');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeFocused();
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(dialog.getByLabel('Contraseña actual')).toHaveValue('');
  });
});
