import type { Page } from '@playwright/test';
import { unique } from './support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = 'test-results/screenshots';

/** The office's search everywhere: Ctrl+K, a device's code, Enter opens it. */
test.describe('search everywhere', () => {
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  async function searchFor(page: Page, text: string) {
    const dialog = page.getByRole('dialog', { name: 'Buscar' });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole('combobox', { name: 'Buscar dispositivos, órdenes, sitios, clientes y certificados' });
    await expect(box).toBeFocused();
    await box.pressSequentially(text);
    return { dialog, box };
  }

  for (const [name, size] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    test(`Ctrl+K, a device's code without its accent, Enter opens the device (${name})`, async ({
      page,
      adminApi,
      asAdmin,
    }) => {
      await page.setViewportSize(size);
      const code = unique('BÚS').toUpperCase();
      const trap = await adminApi.createTrap({ code, area: 'Almacén Norte' });
      await adminApi.createTrap({ code: `${code}9`, area: 'Patio' });
      await asAdmin('/admin/dashboard');
      await expect(page.getByRole('button', { name: 'Buscar (Ctrl+K)' })).toBeVisible();

      await page.keyboard.press('Control+k');
      const { dialog, box } = await searchFor(page, code.replace('Ú', 'u').toLowerCase());
      const results = dialog.getByRole('listbox', { name: 'Resultados' });
      const devices = results.getByRole('group', { name: 'Dispositivos' });
      await expect(devices.getByRole('option')).toHaveText([
        new RegExp(`^${code}Almacén Norte`),
        new RegExp(`^${code}9Patio`),
      ]);
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      const first = devices.getByRole('option').first();
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
      await expect(dialog.getByRole('status')).toHaveText('2 resultados. Flechas para elegir, Intro para abrir.');
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${SHOTS}/search-${size.width}.png` });

      // Down and up again: the first stays the one Enter opens.
      await box.press('ArrowDown');
      await expect(devices.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
      await box.press('ArrowUp');
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/admin/traps/${trap.id}$`));
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(code) })).toBeVisible();
    });
  }

  test('a client found by its tax id opens the client page', async ({ page, adminApi, asAdmin }) => {
    await page.setViewportSize(LAPTOP);
    const name = unique('Conservas Búsqueda');
    const taxId = unique('B').replace('-', '').toUpperCase().slice(0, 12);
    const created = await page.request.post('/api/clients', {
      headers: { authorization: `Bearer ${adminApi.auth.accessToken}` },
      data: { name, taxId },
    });
    expect(created.status(), await created.text()).toBe(201);
    const client = (await created.json()) as { id: number };
    await asAdmin('/admin/dashboard');
    await page.getByRole('button', { name: 'Buscar (Ctrl+K)' }).click();
    const { dialog, box } = await searchFor(page, taxId.toLowerCase());
    await expect(dialog.getByRole('group', { name: 'Clientes' }).getByRole('option')).toHaveText([
      new RegExp(`^${name}${taxId}`),
    ]);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/clients/${client.id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('the top bar button opens it, Escape clears then closes, and a short or unknown text says so', async ({
    page,
    asAdmin,
  }) => {
    await page.setViewportSize(LAPTOP);
    await asAdmin('/admin/dashboard');
    const trigger = page.getByRole('button', { name: 'Buscar (Ctrl+K)' });
    await trigger.click();
    const { dialog, box } = await searchFor(page, 'x');
    await expect(dialog.getByRole('status')).toHaveText('Escribe al menos 2 caracteres.');
    await box.pressSequentially('qz-nada');
    await expect(dialog.getByRole('status')).toHaveText('Sin resultados para «xqz-nada».');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(dialog).toBeVisible();
    await box.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });
});
