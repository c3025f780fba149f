import { unique } from './support/accounts';
import { downloadBytes, expect, test } from './support/fixtures';

test.describe('trap inventory', () => {
  test('creates, edits, toggles and deletes traps with the spec messages', async ({ page, asAdmin }) => {
    const code = unique('TRP');
    await asAdmin('/admin/traps');
    await expect(page.getByRole('heading', { name: 'Trampas' })).toBeVisible();
    const before = Number((await page.getByText(/trampas? registradas?$/).textContent())?.split(' ')[0]);

    await page.getByRole('button', { name: '+ Agregar trampa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva trampa' });
    await expect(dialog.getByLabel('Código')).toHaveAttribute('placeholder', /TRP-001/);
    await dialog.getByRole('button', { name: 'Crear trampa' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('El código es obligatorio.');

    await dialog.getByLabel('Código').fill(`  ${code}  `);
    await dialog.getByLabel('Área').fill('  Bodega sur ');
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/traps') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Crear trampa' }).click();
    // Trimmed values, and an empty description left out of the request.
    expect((await created).request().postDataJSON()).toEqual({ code, area: 'Bodega sur', isActive: true });
    // The new trap's own page, with the message naming it.
    await expect(page).toHaveURL(/\/admin\/traps\/\d+$/);
    await expect(page.getByRole('heading', { name: `Trampa ${code}` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Nueva trampa creada correctamente.' })).toContainText(
      code,
    );
    await page.getByRole('link', { name: 'Volver a trampas' }).click();
    // The inventory is paged: the new trap is found through the search, applied by the server.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(code);
    await expect(page.getByText('Mostrando 1–1 de 1 trampa')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?q=${code}$`));
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText('Bodega sur');
    await expect(row).toContainText('Activa');
    const count = before + 1;
    await expect(page.getByText(`${count} ${count === 1 ? 'trampa registrada' : 'trampas registradas'}`)).toBeVisible();

    await page.getByRole('button', { name: '+ Agregar trampa' }).click();
    await dialog.getByLabel('Código').fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Crear trampa' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'No se pudo crear la trampa: Ya existe una trampa con ese código.',
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await row.getByRole('button', { name: `Editar ${code}` }).click();
    const edit = page.getByRole('dialog', { name: `Editar trampa ${code}` });
    await edit.getByLabel('Descripción').fill('Junto al portón');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('status')).toHaveText(`Trampa ${code} actualizada correctamente.`);
    await expect(row).toContainText('Junto al portón');

    await row.getByRole('button', { name: `Desactivar ${code}` }).click();
    await expect(row).toContainText('Inactiva');
    await row.getByRole('button', { name: `Activar ${code}` }).click();
    await expect(row).toContainText('Activa');

    await row.getByRole('button', { name: `Eliminar ${code}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar trampa' });
    await expect(confirm).toContainText(code);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByRole('status')).toHaveText(`Trampa ${code} eliminada correctamente.`);
    await expect(row).toHaveCount(0);
    await expect(page.getByText('Ninguna trampa coincide con la búsqueda o los filtros.')).toBeVisible();
  });

  test('a trap that belongs to an order cannot be deleted and the server reason is shown', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await asAdmin(`/admin/traps?q=${trap.code}`);
    await page.getByRole('button', { name: `Eliminar ${trap.code}` }).click();
    await page.getByRole('dialog', { name: 'Eliminar trampa' }).getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'No se pudo eliminar la trampa: La trampa forma parte de órdenes registradas; desactívala en lugar de eliminarla.',
    );
  });

  test('a failed status change shows the spec message', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap();
    await asAdmin(`/admin/traps?q=${trap.code}`);
    await page.route(`**/api/traps/${trap.id}`, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, json: { statusCode: 500, error: 'x', message: 'x' } })
        : route.fallback(),
    );
    await page.getByRole('button', { name: `Desactivar ${trap.code}` }).click();
    await expect(page.getByRole('alert')).toHaveText('No se pudo actualizar el estado. Intenta nuevamente.');
  });

  test('previews a label as an embedded PDF and downloads it as trap-{id}.pdf', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap({ area: 'Cocina' });
    await asAdmin(`/admin/traps?q=${trap.code}`);
    await page.getByRole('button', { name: `Ver etiqueta de ${trap.code}` }).click();
    const dialog = page.getByRole('dialog', { name: `Etiqueta de ${trap.code}` });
    const preview = dialog.locator('object[type="application/pdf"]');
    await expect(preview).toHaveAttribute('data', /^blob:/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`trap-${trap.id}.pdf`);
    expect((await downloadBytes(download)).subarray(0, 4).toString()).toBe('%PDF');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Ver etiqueta de ${trap.code}` })).toBeFocused();
  });

  test('a label that cannot be fetched shows the spec message', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap();
    await asAdmin(`/admin/traps?q=${trap.code}`);
    await page.route(`**/api/traps/${trap.id}/label`, (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: `Ver etiqueta de ${trap.code}` }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
      'No se pudo descargar la etiqueta PDF. Intenta nuevamente.',
    );
  });

  test('downloads the labels sheet of every active trap', async ({ page, adminApi, asAdmin }) => {
    await adminApi.createTrap();
    await asAdmin('/admin/traps');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Hoja de etiquetas (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('etiquetas-trampas.pdf');
    expect((await downloadBytes(download)).subarray(0, 4).toString()).toBe('%PDF');
  });

  test('on a 1366 px laptop every row action is in view, with long site names and descriptions', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const site = await adminApi.createSite({ name: unique('Centro de distribución y almacenaje Quilicura') });
    try {
      const trap = await adminApi.createTrap({
        siteId: site.id,
        type: 'LAMINA',
        area: unique('Zona de picking y despacho'),
        description: 'Lámina adhesiva o monitor de insectos n.º 2 de la zona de picking, junto al muelle de carga',
      });
      await asAdmin(`/admin/traps?siteId=${site.id}`);
      const row = page.getByRole('row', { name: new RegExp(trap.code) });
      await expect(row.getByRole('button', { name: `Eliminar ${trap.code}` })).toBeVisible();
      const card = await page.locator('.traps-table .table-card').evaluate((element) => {
        const box = element.getBoundingClientRect();
        return { scroll: element.scrollWidth, width: element.clientWidth, right: box.right };
      });
      expect(card.scroll).toBeLessThanOrEqual(card.width);
      for (const button of await row.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, (await button.textContent()) ?? '').toBeLessThanOrEqual(card.right);
      }
    } finally {
      await adminApi.keepOneActiveSite();
    }
  });

  test('a failed list load offers a retry', async ({ page, asAdmin }) => {
    let failures = 2;
    await page.route('**/api/traps?*', (route) => {
      if (route.request().method() !== 'GET' || failures === 0) return route.fallback();
      failures -= 1;
      return route.fulfill({ status: 503, json: { statusCode: 503, error: 'x', message: 'x' } });
    });
    await asAdmin('/admin/traps');
    await expect(page.getByRole('alert')).toContainText('No se pudieron cargar las trampas.');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('pages, searches and filters on the server, with the filters in the address', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const prefix = unique('PAG').toUpperCase();
    const area = unique('Nave');
    const traps = [];
    for (let index = 1; index <= 55; index += 1) {
      traps.push(
        await adminApi.createTrap({ code: `${prefix}-${String(index).padStart(2, '0')}`, area, isActive: index !== 7 }),
      );
    }
    await asAdmin(`/admin/traps?q=${prefix}`);
    await expect(page.getByText('Mostrando 1–50 de 55 trampas')).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(50);
    const pages = page.getByRole('navigation', { name: 'Páginas de trampas' });
    await expect(pages).toContainText('Página 1 de 2');
    await expect(pages.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await pages.getByRole('button', { name: 'Siguiente' }).click();
    const second = page.getByText('Mostrando 51–55 de 55 trampas');
    await expect(second).toBeVisible();
    // Focus moves to the top of the new rows, so a keyboard or screen-reader user carries on from there.
    await expect(second).toBeFocused();
    await expect(page.locator('tbody tr').first()).toContainText(`${prefix}-51`);
    await expect(page).toHaveURL(/page=2/);
    await page.reload();
    await expect(page.getByText('Mostrando 51–55 de 55 trampas')).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Mostrando 1–50 de 55 trampas')).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await expect(search).toHaveValue(prefix);
    await search.fill(`${prefix}-0`);
    await expect(page.getByText('Mostrando 1–9 de 9 trampas')).toBeVisible();
    await search.fill('');
    await page.getByLabel('Área').selectOption({ label: `${area} (55)` });
    await page.getByLabel('Estado').selectOption({ label: 'Inactivas' });
    await expect(page.getByText('Mostrando 1–1 de 1 trampa')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${prefix}-07`) })).toContainText('Inactiva');
    await expect(page).toHaveURL(/area=.*active=false|active=false.*area=/);

    await search.fill('zzz-no-existe');
    await expect(page.getByText('Ninguna trampa coincide con la búsqueda o los filtros.')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(page.getByLabel('Área')).toHaveValue('');
    await expect(search).toHaveValue('');
    await expect(page).toHaveURL(/\/admin\/traps$/);
  });

  test('prints the labels of the traps chosen on different pages', async ({ page, adminApi, asAdmin }) => {
    const prefix = unique('SEL').toUpperCase();
    for (let index = 1; index <= 52; index += 1)
      await adminApi.createTrap({ code: `${prefix}-${String(index).padStart(2, '0')}` });
    await asAdmin(`/admin/traps?q=${prefix}`);
    await page.getByRole('checkbox', { name: `Seleccionar ${prefix}-01` }).check();
    await page
      .getByRole('navigation', { name: 'Páginas de trampas' })
      .getByRole('button', { name: 'Siguiente' })
      .click();
    await expect(page.getByText('Mostrando 51–52 de 52 trampas')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Seleccionar las trampas de esta página' }).check();
    await expect(page.getByText('3 seleccionadas')).toBeVisible();
    const printed = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/traps/labels'),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Imprimir etiquetas seleccionadas' }).click(),
    ]);
    expect((await printed).postDataJSON().ids).toHaveLength(3);
    expect(download.suggestedFilename()).toBe('etiquetas-trampas.pdf');
    expect((await downloadBytes(download)).subarray(0, 4).toString()).toBe('%PDF');
  });
});
