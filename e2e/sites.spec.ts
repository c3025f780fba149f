import type { Site } from '@rondin/contracts';
import { unique } from './support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

/**
 * Sites ([K]): the office creates its clients' sites; with several, an order starts with its site and offers
 * only that site's traps; a site with traps is deactivated, not deleted. The database is shared with the specs
 * that follow, which expect a single active site: every test leaves one.
 */
test.describe('sites', () => {
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  test('creates two sites, and an order picks only the chosen site’s traps', async ({ page, adminApi, asAdmin }) => {
    const north = unique('Planta Norte');
    const south = unique('Bodega Sur');
    await asAdmin('/admin/sites');
    await expect(page.getByRole('heading', { name: 'Sitios' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Sitios' }),
    ).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: '+ Crear sitio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo sitio' });
    // The server's zone is the default, chosen until another is picked.
    const zone = dialog.getByRole('combobox', { name: 'Zona horaria' });
    await expect(zone).toHaveValue(/^Predeterminada \(la del servidor: Santiago \(Chile\) · UTC−[34]\)$/);
    await dialog.getByRole('button', { name: 'Crear sitio' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('El nombre del sitio es obligatorio.');
    await dialog.getByLabel(/^Nombre \(/).fill(north);
    // The client is one of the records, or a new one named here («Nuevo cliente»), found or created with the site.
    const clientField = dialog.getByRole('combobox', { name: /^Cliente/ });
    await dialog.getByRole('button', { name: 'Crear sitio' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Elige el cliente del sitio.');
    await clientField.selectOption({ label: '+ Nuevo cliente…' });
    await dialog.getByLabel('Nombre del nuevo cliente').fill('Alimentos del Sur S.A.');
    await dialog.getByLabel('Dirección').fill('Ruta 5 Norte km 12, Santiago');
    // The zone is searched as one types, by city or country, accents or not; the common ones come first.
    await zone.click();
    const zones = dialog.getByRole('listbox', { name: 'Zonas horarias' });
    await expect(zones.getByRole('option').first()).toHaveText(/^Predeterminada/);
    await expect(zones.getByRole('option').nth(1)).toHaveText(/^Santiago \(Chile\) · UTC−[34]$/);
    await expect(zones.getByRole('option').nth(2)).toHaveText(/^Madrid \(España\) · UTC\+[12]$/);
    await zone.fill('bogota');
    await expect(zones.getByRole('option')).toHaveText(['Bogotá (Colombia) · UTC−5']);
    // Escape closes the list, not the dialog, and keeps the zone chosen.
    await zone.press('Escape');
    await expect(zones).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(zone).toHaveValue(/^Predeterminada/);
    await zone.fill('xyz');
    await expect(dialog.getByRole('status')).toHaveText('Ninguna zona coincide con la búsqueda.');
    await zone.fill('canar');
    await zone.press('Enter');
    await expect(zone).toHaveValue(/^Canarias \(España\) · UTC\+[01]$/);
    await expect(zones).toBeHidden();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Crear sitio' }).click();
    // Saved, the new site opens: its page is where it is set up.
    await expect(page.getByRole('heading', { level: 1, name: north })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/sites\/\d+$/);
    expect((await adminApi.sites()).find((site) => site.name === north)?.timeZone).toBe('Atlantic/Canary');

    await page.goto('/admin/sites');
    const northRow = page.getByRole('row', { name: new RegExp(north) });
    await expect(northRow).toContainText('Alimentos del Sur S.A.');
    await expect(northRow).toContainText('Canarias (España)');
    await expect(northRow.getByRole('link', { name: north })).toHaveAttribute('href', /\/admin\/sites\/\d+$/);

    // A name taken, whatever its case: the server's words.
    await page.getByRole('button', { name: '+ Crear sitio' }).click();
    await dialog.getByLabel(/^Nombre \(/).fill(north.toUpperCase());
    await dialog.getByRole('combobox', { name: /^Cliente/ }).selectOption({ label: 'Alimentos del Sur S.A.' });
    await dialog.getByRole('button', { name: 'Crear sitio' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Ya existe un sitio con ese nombre.');
    await dialog.getByLabel(/^Nombre \(/).fill(south);
    await dialog.getByRole('button', { name: 'Crear sitio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: south })).toBeVisible();

    const sites = await adminApi.sites();
    const siteOf = (name: string) => sites.find((site) => site.name === name) as Site;
    const northTraps = [
      await adminApi.createTrap({ code: unique('N'), area: 'Muelle', siteId: siteOf(north).id }),
      await adminApi.createTrap({ code: unique('N'), area: 'Muelle', siteId: siteOf(north).id }),
    ];
    const southTrap = await adminApi.createTrap({ code: unique('S'), area: 'Andén', siteId: siteOf(south).id });
    const tech = await adminApi.createTechnician({ fullName: unique('Técnica') });

    await page.goto('/admin/sessions');
    await page.getByRole('button', { name: '+ Crear orden' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva orden' });
    // The form starts with the site; no trap is offered before it.
    await expect(form.getByLabel('Sitio')).toBeFocused();
    await expect(form.getByText('Elige el sitio para ver sus trampas.')).toBeVisible();
    await expect(form.getByRole('group', { name: 'Trampas activas por área' })).toHaveCount(0);

    await form.getByLabel('Sitio').selectOption(String(siteOf(north).id));
    const picker = form.getByRole('group', { name: 'Trampas activas por área' });
    for (const trap of northTraps) await expect(picker.getByRole('checkbox', { name: trap.code })).toBeVisible();
    await expect(form.getByText(`0 de ${northTraps.length} seleccionadas`)).toBeVisible();
    await expect(picker.getByText(southTrap.code)).toHaveCount(0);

    await form.getByLabel('Sitio').selectOption(String(siteOf(south).id));
    await expect(picker.getByRole('checkbox', { name: southTrap.code })).toBeVisible();
    await expect(form.getByText('0 de 1 seleccionadas')).toBeVisible();
    for (const trap of northTraps) await expect(picker.getByText(trap.code)).toHaveCount(0);

    await picker.getByRole('checkbox', { name: southTrap.code }).check();
    await form.getByLabel('Técnico').selectOption(String(tech.id));
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/sessions') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Crear orden' }).click();
    const order = await (await created).json();
    expect(order.site).toEqual({
      id: siteOf(south).id,
      name: south,
      client: 'Alimentos del Sur S.A.',
      address: null,
      timeZone: null,
    });
    await expect(form).toBeHidden();

    // The list filters by site, and each card names its site.
    await page
      .getByRole('search', { name: 'Filtrar órdenes' })
      .getByLabel('Sitio')
      .selectOption(String(siteOf(south).id));
    const card = page.getByRole('article', { name: `Orden #${order.id}` });
    await expect(card).toContainText(south);
    await expect(page.getByText('Mostrando 1–1 de 1 orden')).toBeVisible();
  });

  test('refuses to delete a site with traps, deactivates it, and deletes an empty one', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const busy = await adminApi.createSite({ name: unique('Planta con trampas') });
    const empty = await adminApi.createSite({ name: unique('Sitio vacío') });
    await adminApi.createTrap({ code: unique('T'), siteId: busy.id });
    await asAdmin('/admin/sites');

    const busyRow = page.getByRole('row', { name: new RegExp(busy.name) });
    await expect(busyRow).toContainText('Activo');
    await busyRow.getByRole('button', { name: `Eliminar ${busy.name}` }).click();
    await expect(page.getByRole('alert')).toContainText(
      'El sitio tiene trampas u órdenes registradas; desactívalo en lugar de eliminarlo.',
    );
    await busyRow.getByRole('button', { name: `Desactivar ${busy.name}` }).click();
    await expect(busyRow).toContainText('Inactivo');

    const emptyRow = page.getByRole('row', { name: new RegExp(empty.name) });
    await emptyRow.getByRole('button', { name: `Eliminar ${empty.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar sitio' });
    await expect(confirm).toContainText(`¿Eliminar el sitio ${empty.name}?`);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Sitio ${empty.name} eliminado correctamente.` }),
    ).toBeVisible();
    await expect(emptyRow).toHaveCount(0);

    // The server's own refusal (409), in its words: the last active site stays active.
    await adminApi.keepOneActiveSite();
    const [first] = (await adminApi.sites()).sort((a, b) => a.id - b.id);
    await page.reload();
    const firstRow = page.getByRole('row', { name: new RegExp(first!.name) });
    await firstRow.getByRole('button', { name: `Desactivar ${first!.name}` }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Debe quedar al menos un sitio activo: activa o crea otro antes.',
    );
    await expect(firstRow).toContainText('Activo');
  });
});
