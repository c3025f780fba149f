import { ADMIN } from './support/accounts';
import { baseURL } from './support/api';
import { expect, test } from './support/fixtures';
import { readIndexedDb, waitForServiceWorker } from './support/offline';

// The app's service worker: this file's tests work offline or check what it caches.
test.use({ serviceWorkers: 'allow' });

/**
 * /t/{code}: the address a label encodes when PUBLIC_URL is set (the test server sets it to its own address),
 * which a phone's own camera app opens. No camera here: the test opens the address as that app would.
 */
test.use({ viewport: { width: 390, height: 844 } });

const trapAddress = (qrSlug: string) => `${baseURL()}/t/${qrSlug}`;

test('signed out, the address asks for the sign-in, then opens the order holding the trap with its scan registered', async ({
  page,
  adminApi,
}) => {
  const traps = [await adminApi.createTrap({ area: 'Bodega' }), await adminApi.createTrap({ area: 'Patio' })];
  const tech = await adminApi.createTechnician();
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });

  await page.goto(trapAddress(traps[1]!.qrSlug));
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Correo electrónico').fill(tech.email);
  await page.getByLabel('Contraseña').fill(tech.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();

  await expect(page).toHaveURL(new RegExp(`/tech/sessions/${order.id}/scan$`));
  await expect(page.getByText('Trampa registrada correctamente.')).toBeVisible();
  const row = page
    .getByRole('region', { name: 'Listado de trampas' })
    .getByRole('listitem')
    .filter({ hasText: traps[1]!.code });
  await expect(row).toContainText('Completada');
  expect((await adminApi.session(order.id)).items.find((item) => item.trapId === traps[1]!.id)?.status).toBe(
    'COMPLETED',
  );
  // Reloading the scan screen does not register it again: the code was taken out of the history entry.
  const scans: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/scan')) scans.push(request.url());
  });
  await page.reload();
  await expect(page.getByText(`Orden #${order.id} · Progreso 1 de 2`)).toBeVisible();
  expect(scans).toEqual([]);
});

test('a trap in none of the technician’s open orders is said so plainly', async ({ page, adminApi, signIn }) => {
  const trap = await adminApi.createTrap();
  const tech = await adminApi.createTechnician();
  await signIn(tech, `/t/${trap.qrSlug}`);
  await expect(page.getByRole('alert')).toContainText('Esta trampa no está en ninguna de tus órdenes abiertas.');
  await page.getByRole('link', { name: 'Ver mis órdenes' }).click();
  await expect(page).toHaveURL(/\/tech\/sessions$/);
});

test('without signal, the orders kept on the phone find the trap and the scan waits on the device', async ({
  page,
  context,
  adminApi,
  signIn,
}) => {
  const trap = await adminApi.createTrap({ area: 'Sótano' });
  const tech = await adminApi.createTechnician();
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
  await signIn(tech, '/tech/sessions');
  await expect(page.getByRole('article', { name: `Orden #${order.id}` })).toBeVisible();
  await waitForServiceWorker(page);
  // The open orders are kept on the device shortly after they are read.
  const saved = () =>
    readIndexedDb<{ state: { queries: { queryKey: unknown[] }[] } }>(page, 'rondin-saved-queries', 'queries');
  await expect
    .poll(async () => (await saved()).flatMap((entry) => entry.state.queries.map((query) => query.queryKey)))
    .toContainEqual(['sessions', 'me', 'active']);

  await context.setOffline(true);
  await page.goto(`/t/${trap.qrSlug}`);
  await expect(page).toHaveURL(new RegExp(`/tech/sessions/${order.id}/scan$`));
  await expect(page.getByText('Sin conexión: escaneo guardado en este dispositivo.', { exact: false })).toBeVisible();
  await expect(page.getByText('1 escaneo por enviar')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('1 escaneo por enviar')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(async () => (await adminApi.session(order.id)).items[0]?.status).toBe('COMPLETED');
});

test("an administrator lands on the trap's page; a code no trap has is said so", async ({ page, adminApi, signIn }) => {
  const trap = await adminApi.createTrap();
  await signIn(ADMIN, `/t/${trap.qrSlug}`);
  await page.waitForURL(new RegExp(`/admin/traps/${trap.id}$`));
  await page.goto('/t/abcd1234efgh5678jkmn');
  await expect(page.getByRole('alert')).toContainText('Ninguna trampa tiene ese código QR.');
  await page.goto('/t/TRP-201');
  await expect(page.getByRole('alert')).toContainText('Este enlace no corresponde a una etiqueta de Rondín.');
});
