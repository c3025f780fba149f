import { unique } from './support/accounts';
import { expect, test } from './support/fixtures';
import { SCREENSHOT_SIZES } from './support/screenshot-sizes';

/**
 * Design review, not a check: `SCREENSHOTS=1 npx playwright test order-screenshots` writes the orders list (with
 * its filters), an order's detail open and closed, and its dialogs at phone and desktop size to
 * test-results/screenshots/. Left out of `npm run test:e2e` by playwright.config.ts.
 */
test('screenshots of the orders and an order', async ({ page, adminApi, asAdmin }) => {
  test.setTimeout(180_000);
  const areas = ['Bodega norte', 'Cocina', 'Recepción', 'Andén de carga', null];
  const traps = [];
  for (let index = 1; index <= 14; index += 1)
    traps.push(await adminApi.createTrap({ code: unique(`TRP-${index}`), area: areas[index % areas.length] ?? null }));
  const tech = await adminApi.createTechnician({ fullName: 'María José Fuentes' });
  await adminApi.createTechnician({ fullName: 'Pedro Salinas' });
  const open = await adminApi.createOrder({
    technicianId: tech.id,
    trapIds: traps.map((trap) => trap.id),
    scheduledAt: '2020-03-01T12:00:00.000Z',
  });
  for (const trap of traps.slice(0, 5)) await adminApi.scan(open.id, trap.qrSlug);
  const forced = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.slice(0, 4).map((t) => t.id) });
  await adminApi.scan(forced.id, traps[0]!.qrSlug);
  await adminApi.closeOrder(forced.id, true);

  const shot = (name: string, size: string) =>
    page.screenshot({ path: `test-results/screenshots/${name}-${size}.png`, fullPage: true });
  for (const size of SCREENSHOT_SIZES) {
    await page.setViewportSize(size);
    await asAdmin('/admin/sessions?overdue=true');
    await expect(page.getByRole('article').first()).toBeVisible();
    await shot('orders-overdue', size.name);
    await page.goto('/admin/sessions');
    await expect(page.getByRole('article', { name: `Orden #${forced.id}` })).toBeVisible();
    await shot('orders-list', size.name);
    await page.goto(`/admin/sessions/${open.id}`);
    await expect(page.getByRole('heading', { name: 'Trampas de la orden' })).toBeVisible();
    await shot('order-detail', size.name);
    await page.getByRole('button', { name: 'Reasignar técnico' }).click();
    await shot('order-reassign', size.name);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Reprogramar' }).click();
    await shot('order-reschedule', size.name);
    await page.keyboard.press('Escape');
    await page.goto(`/admin/sessions/${forced.id}`);
    await expect(page.getByRole('heading', { name: 'Trampas de la orden' })).toBeVisible();
    await shot('order-detail-forced', size.name);
    await page.goto('/admin/sessions/999999');
    await expect(page.getByText('La orden no existe.')).toBeVisible();
    await shot('order-detail-missing', size.name);
  }
});
