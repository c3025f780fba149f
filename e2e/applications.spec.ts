import { request, type APIRequestContext, type Page } from '@playwright/test';
import type { Application, Product, Technician, Trap } from '@rondin/contracts';
import { ADMIN, unique } from './support/accounts';
import { AdminApi, baseURL } from './support/api';
import { expect, expectNoSeriousA11yViolations, storeSignIn, test } from './support/fixtures';
import { readIndexedDb, waitForServiceWorker } from './support/offline';

// The app's service worker: this file's tests work offline or check what it caches.
test.use({ serviceWorkers: 'allow' });

/**
 * Products applied during an order: the technician records one without signal, it waits on the phone and is
 * sent once when the connection returns; the office then sees it on the order.
 */
let traps: Trap[] = [];
let tech: Technician & { password: string };
let product: Product;
let api: APIRequestContext;

test.beforeAll(async () => {
  const admin = await AdminApi.open();
  try {
    traps = [await admin.createTrap({ area: unique('Muelle') }), await admin.createTrap()];
    tech = await admin.createTechnician({ fullName: unique('Rocío Tapia') });
    api = await request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { authorization: `Bearer ${admin.auth.accessToken}` },
    });
    const created = await api.post('/api/products', {
      data: {
        name: unique('Bloque Rodenticida'),
        activeIngredients: 'Bromadiolona 0,005 %',
        registrationNumber: 'ES/RM-2021-14-00456',
        type: 'TP14',
        authorisationExpiresAt: '2099-12-31',
        userCategory: 'PROFESIONAL',
        foodIndustryAllowed: true,
        safetyIntervalHours: 12,
        anticoagulant: true,
      },
    });
    expect(created.status()).toBe(201);
    product = (await created.json()) as Product;
  } finally {
    await admin.dispose();
  }
});
test.afterAll(() => api.dispose());

interface SavedQueries {
  state: { queries: { queryKey: unknown[] }[] };
}

/** Waits until the products and the order are kept on the device (shortly after they are read). */
async function savedOnDevice(page: Page, orderId: number): Promise<void> {
  const savedKeys = async () =>
    (await readIndexedDb<SavedQueries>(page, 'rondin-saved-queries', 'queries')).flatMap((saved) =>
      saved.state.queries.map((query) => query.queryKey),
    );
  await expect.poll(savedKeys, { timeout: 20_000 }).toContainEqual(['products', 'active']);
  await expect.poll(savedKeys, { timeout: 20_000 }).toContainEqual(['sessions', 'detail', orderId]);
}

test('an application recorded without signal is sent once when back online, and the office sees it', async ({
  page,
  context,
  browser,
  adminApi,
  signIn,
}) => {
  test.setTimeout(120_000);
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
  await signIn(tech, `/tech/sessions/${order.id}/scan`);
  await expect(page.getByRole('heading', { name: 'Escaneo de orden' })).toBeVisible();
  await waitForServiceWorker(page);
  const panel = page.getByRole('region', { name: 'Aplicaciones' });
  await expect(panel.getByText('Sin aplicación de biocidas en esta orden.')).toBeVisible();
  // The camera stays first on the screen: the panel comes under it, not between the progress and the camera.
  const camera = await page.getByRole('region', { name: 'Cámara y registro' }).boundingBox();
  const panelBox = await panel.boundingBox();
  expect(panelBox!.y).toBeGreaterThan(camera!.y + camera!.height);
  await savedOnDevice(page, order.id);

  await context.setOffline(true);
  await panel.getByRole('button', { name: 'Añadir aplicación' }).click();
  await panel.getByLabel('Producto').selectOption({ label: `${product.name} · ${product.registrationNumber}` });
  await panel.getByLabel('Lote').fill('L-0425');
  await panel.getByLabel('Cantidad').fill('150');
  await panel.getByLabel('Unidad').selectOption('g');
  await panel.getByLabel('Dosis o dilución').fill('25 g por estación');
  await panel.getByLabel('Dispositivo').selectOption({ label: traps[0]!.code });
  await panel.getByRole('button', { name: 'Registrar aplicación' }).click();

  // In the panel's list (the form's product list names it too until the form has closed).
  await expect(panel.getByRole('list').getByText(product.name)).toBeVisible();
  await expect(panel.getByText('Por enviar')).toBeVisible();
  const bar = page.getByRole('region', { name: 'Sincronización de escaneos' });
  await expect(bar.getByText('1 aplicación de producto por enviar')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect((await api.get(`/api/sessions/${order.id}/applications`)).status()).toBe(200);
  expect(await (await api.get(`/api/sessions/${order.id}/applications`)).json()).toEqual([]);

  await context.setOffline(false);
  await expect(panel.getByText('Enviada')).toBeVisible({ timeout: 45_000 });
  await expect(panel.getByText('Por enviar')).toHaveCount(0);
  await expect(bar.getByText(/aplicación de producto por enviar/)).toHaveCount(0);

  const stored = (await (await api.get(`/api/sessions/${order.id}/applications`)).json()) as Application[];
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    product: { id: product.id },
    batch: 'L-0425',
    quantity: 150,
    unit: 'g',
    dose: '25 g por estación',
    trap: { id: traps[0]!.id },
    applicator: { id: tech.id },
  });

  // The office on a browser of its own: the phone's app, still open, keeps the technician's sign-in.
  const officeContext = await browser.newContext({
    baseURL: baseURL(),
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
  });
  const officePage = await officeContext.newPage();
  await storeSignIn(officePage, ADMIN);
  await officePage.goto(`/admin/sessions/${order.id}`);
  const office = officePage.getByRole('region', { name: 'Aplicaciones' });
  await expect(office.getByText(`${product.name} (${product.registrationNumber})`)).toBeVisible();
  await expect(office.getByText(/Lote L-0425 · 150 g · Cebo en portacebos · 25 g por estación/)).toBeVisible();
  await expect(office.getByText('Enviada')).toBeVisible();
  await officeContext.close();
});
