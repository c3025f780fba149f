import type { Page } from '@playwright/test';
import type { Session, Site, Trap } from '@rondin/contracts';
import { unique } from './support/accounts';
import { AdminApi } from './support/api';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = 'test-results/screenshots';

/**
 * Coverage by device: a site of its own with two devices in an order due yesterday, one scanned and one left
 * pending by a forced close. The grid writes the gap, "Solo huecos" keeps its device only, and the gap list
 * names the order.
 */
let site: Site;
let seen: Trap;
let missed: Trap;
let order: Session;

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    site = await api.createSite({ name: unique('Planta cobertura') });
    seen = await api.createTrap({ code: unique('VIS'), area: 'Bodega', siteId: site.id, type: 'CEBADERO' });
    missed = await api.createTrap({ code: unique('HUE'), area: 'Bodega', siteId: site.id, type: 'LAMINA' });
    const technician = await api.createTechnician();
    order = await api.createOrder({
      technicianId: technician.id,
      trapIds: [seen.id, missed.id],
      scheduledAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    });
    await api.scan(order.id, seen.qrSlug);
    await api.closeOrder(order.id, true);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  // The specs that follow expect a single active site.
  const api = await AdminApi.open();
  try {
    await api.keepOneActiveSite();
  } finally {
    await api.dispose();
  }
});

const grid = (page: Page) => page.getByRole('table', { name: `Cobertura de ${site.name} por dispositivo y mes` });
const rowOf = (page: Page, trap: Trap) => grid(page).getByRole('row', { name: new RegExp(trap.code) });

test('the office reads a device due and not inspected, and keeps only the gaps', async ({ page, asAdmin }) => {
  await page.setViewportSize(LAPTOP);
  await asAdmin('/admin/dashboard');
  await page.getByRole('link', { name: 'Cobertura por dispositivo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cobertura por dispositivo' })).toBeVisible();
  await page.getByLabel('Sitio').selectOption({ label: site.name });
  await expect(page).toHaveURL(new RegExp(`siteId=${site.id}`));

  await expect(grid(page).getByRole('columnheader')).toHaveCount(14);
  await expect(grid(page).getByRole('columnheader').first()).toHaveText('Dispositivo');
  // This month's column, the last before the gaps' count: the scanned device, and the missed one.
  const current = (trap: Trap) => rowOf(page, trap).getByRole('cell').nth(11);
  await expect(current(seen)).toHaveText(/^✓ Sí\s*Inspeccionado$/);
  await expect(current(missed)).toHaveText(/^✗ No\s*No inspeccionado$/);
  await expect(rowOf(page, missed).getByRole('cell').first()).toHaveText(/Sin visita programada/);
  await expect(page.getByText(`1 hueco en ${site.name}`)).toBeVisible();
  const gaps = page.getByRole('region', { name: 'Huecos (1)' });
  await expect(gaps).toContainText(`${missed.code}`);
  await expect(gaps).toContainText('Pendiente al cerrar la orden (cierre forzado)');
  await expect(gaps.getByRole('link', { name: `orden #${order.id}` })).toHaveAttribute(
    'href',
    `/admin/sessions/${order.id}`,
  );
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/coverage-1366.png`, fullPage: true });

  await page.getByRole('checkbox', { name: 'Solo huecos' }).check();
  await expect(page).toHaveURL(/huecos=1/);
  await expect(rowOf(page, missed)).toBeVisible();
  await expect(rowOf(page, seen)).toHaveCount(0);

  await page.setViewportSize(PHONE);
  // The device column stays in view while the grid scrolls sideways.
  await page.getByRole('region', { name: /Cobertura de/ }).evaluate((box) => {
    box.scrollLeft = box.scrollWidth;
  });
  await expect(rowOf(page, missed).getByRole('rowheader')).toBeInViewport();
  // Only the grid scrolls sideways, never the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/coverage-390.png`, fullPage: true });
});

test('the site page opens its coverage', async ({ page, asAdmin }) => {
  await page.setViewportSize(PHONE);
  await asAdmin(`/admin/sites/${site.id}`);
  await page.getByRole('link', { name: 'Cobertura por dispositivo' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/coverage\\?siteId=${site.id}`));
  await expect(rowOf(page, missed)).toBeVisible();
});
