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
    const created = page.waitForResponse((response) => response.url().endsWith('/api/traps') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Crear trampa' }).click();
    // Trimmed values, and an empty description left out of the request.
    expect((await created).request().postDataJSON()).toEqual({ code, area: 'Bodega sur', isActive: true });
    await expect(page.getByRole('status')).toHaveText('Nueva trampa creada correctamente.');
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText('Bodega sur');
    await expect(row).toContainText('Activa');
    const count = before + 1;
    await expect(page.getByText(`${count} ${count === 1 ? 'trampa registrada' : 'trampas registradas'}`)).toBeVisible();

    await page.getByRole('button', { name: '+ Agregar trampa' }).click();
    await dialog.getByLabel('Código').fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Crear trampa' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('No se pudo crear la trampa: Ya existe una trampa con ese código.');
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
  });

  test('a trap that belongs to an order cannot be deleted and the server reason is shown', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await asAdmin('/admin/traps');
    await page.getByRole('button', { name: `Eliminar ${trap.code}` }).click();
    await page.getByRole('dialog', { name: 'Eliminar trampa' }).getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'No se pudo eliminar la trampa: La trampa forma parte de órdenes registradas; desactívala en lugar de eliminarla.',
    );
  });

  test('a failed status change shows the spec message', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap();
    await asAdmin('/admin/traps');
    await page.route(`**/api/traps/${trap.id}`, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { statusCode: 500, error: 'x', message: 'x' } }) : route.fallback(),
    );
    await page.getByRole('button', { name: `Desactivar ${trap.code}` }).click();
    await expect(page.getByRole('alert')).toHaveText('No se pudo actualizar el estado. Intenta nuevamente.');
  });

  test('previews a label as an embedded PDF and downloads it as trap-{id}.pdf', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap({ area: 'Cocina' });
    await asAdmin('/admin/traps');
    await page.getByRole('button', { name: `Ver etiqueta de ${trap.code}` }).click();
    const dialog = page.getByRole('dialog', { name: `Etiqueta de ${trap.code}` });
    const preview = dialog.locator('object[type="application/pdf"]');
    await expect(preview).toHaveAttribute('data', /^blob:/);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Descargar PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`trap-${trap.id}.pdf`);
    expect((await downloadBytes(download)).subarray(0, 4).toString()).toBe('%PDF');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Ver etiqueta de ${trap.code}` })).toBeFocused();
  });

  test('a label that cannot be fetched shows the spec message', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap();
    await asAdmin('/admin/traps');
    await page.route(`**/api/traps/${trap.id}/label`, (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: `Ver etiqueta de ${trap.code}` }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('No se pudo descargar la etiqueta PDF. Intenta nuevamente.');
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

  test('a failed list load offers a retry', async ({ page, asAdmin }) => {
    let failures = 2;
    await page.route('**/api/traps', (route) => {
      if (route.request().method() !== 'GET' || failures === 0) return route.fallback();
      failures -= 1;
      return route.fulfill({ status: 503, json: { statusCode: 503, error: 'x', message: 'x' } });
    });
    await asAdmin('/admin/traps');
    await expect(page.getByRole('alert')).toContainText('No se pudieron cargar las trampas.');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('table')).toBeVisible();
  });
});
