import { expect, test } from './support/fixtures';
import { waitForServiceWorker } from './support/offline';

// The app's service worker: this file's tests work offline or check what it caches.
test.use({ serviceWorkers: 'allow' });

/**
 * The office screens without a connection (the review found them hanging: 'Cargando órdenes...' for ever,
 * 'Guardando…' for over a minute with Cancelar disabled, 'No hay técnicos activos' for a list that failed).
 * Each request now fails on its own, the layout says the server cannot be reached, and each screen says what failed.
 */
const NO_CONNECTION = 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo nuevamente.';

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 768 },
]) {
  test(`on a ${size.name}, offline lists say what failed and the order form does not claim there are no technicians`, async ({
    page,
    context,
    asAdmin,
  }) => {
    await page.setViewportSize(size);
    await asAdmin('/admin/dashboard');
    await waitForServiceWorker(page);
    await expect(page.getByRole('alert').filter({ hasText: 'Sin conexión con el servidor.' })).toHaveCount(0);

    // Offline while the app is open (the browser says so), then to the orders the way a user goes there.
    await context.setOffline(true);
    const menu = page.getByRole('button', { name: 'Abrir menú' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Órdenes' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Sin conexión con el servidor.' });
    await expect(notice).toBeVisible();
    const failed = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar las órdenes.' });
    await expect(failed).toContainText(NO_CONNECTION);
    await expect(page.getByText('Cargando órdenes...')).toHaveCount(0);

    await page.getByRole('button', { name: '+ Crear orden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva orden' });
    await expect(dialog.getByText('No se pudieron cargar los técnicos.')).toBeVisible();
    await expect(dialog.getByText('No hay técnicos activos', { exact: false })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // Back online, the browser says so and the screen reads its lists again by itself: the notice goes.
    // ('Reintentar' is tested below, where no reconnection reads the lists before the click does.)
    await context.setOffline(false);
    await expect(notice).toHaveCount(0);
    await expect(failed).toHaveCount(0);
  });
}

test.describe('with the browser online and the server unreachable', () => {
  // No service worker between the page and the routes below: what the page asks for is what fails.
  test.use({ serviceWorkers: 'block' });

  test("on a laptop, 'Reintentar' reads the failed lists again once the server answers", async ({
    page,
    context,
    asAdmin,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await asAdmin('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The browser stays online, so nothing but the button reads the lists again.
    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Órdenes' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Sin conexión con el servidor.' });
    const failed = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar las órdenes.' });
    await expect(notice).toBeVisible();
    await expect(failed).toContainText(NO_CONNECTION);

    await context.unroute('**/api/**');
    await expect(failed).toBeVisible();
    await notice.getByRole('button', { name: 'Reintentar' }).click();
    await expect(notice).toHaveCount(0);
    await expect(failed).toHaveCount(0);
    await expect(page.getByText('Cargando órdenes...')).toHaveCount(0);
  });
});

test('on a phone, saving offline fails at once with the reason, and Cancelar stays usable', async ({
  page,
  context,
  asAdmin,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asAdmin('/admin/technicians');
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('button', { name: '+ Crear técnico' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo técnico' });
  await dialog.getByLabel('Nombre completo').fill('Sin Señal');
  await dialog.getByLabel('Correo electrónico').fill('sin.senal@e2e.rondin.test');
  await dialog.getByLabel('Contraseña inicial').fill('clave-inicial-1');

  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Crear técnico' }).click();
  await expect(dialog.getByRole('alert')).toContainText('No se pudo crear el técnico. Intenta nuevamente.');
  await expect(dialog.getByRole('alert')).toContainText(NO_CONNECTION);
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
  await expect(page.getByText('Sin conexión con el servidor.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
});
