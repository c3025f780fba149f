import { unique } from './support/accounts';
import { downloadBytes, expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };

test.describe('setting up a plant', () => {
  test("'Guardar y crear otra' suggests the next code and keeps the area; an area variant is offered, not created", async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const area = unique('Bodega');
    await adminApi.createTrap({ area });
    const prefix = unique('S');
    await asAdmin('/admin/traps');
    await page.getByRole('button', { name: '+ Agregar trampa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva trampa' });
    await dialog.getByLabel('Código').fill(`${prefix}-011`);
    // The same area in lower case: the form points at the existing one and refuses to create a second.
    await dialog.getByLabel('Área').fill(area.toLowerCase());
    await expect(dialog.getByText(`Ya existe el área «${area}».`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Guardar y crear otra' }).click();
    await expect(dialog.getByRole('alert')).toContainText(`elige «${area}»`);
    await dialog.getByRole('button', { name: `Usar «${area}»` }).click();
    await expect(dialog.getByLabel('Área')).toHaveValue(area);

    await dialog.getByRole('button', { name: 'Guardar y crear otra' }).click();
    await expect(dialog.getByRole('status')).toContainText(`${prefix}-011 guardada`);
    await expect(dialog.getByLabel('Código')).toHaveValue(`${prefix}-012`);
    await expect(dialog.getByLabel('Código')).toBeFocused();
    await expect(dialog.getByLabel('Área')).toHaveValue(area);
    await dialog.getByRole('button', { name: 'Crear trampa' }).click();

    // The last one is shown on its own page, named, with its label a click away.
    await expect(page.getByRole('heading', { name: `Trampa ${prefix}-012` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Nueva trampa creada correctamente.' })).toContainText(
      `${prefix}-012`,
    );
    await page.getByRole('button', { name: 'Ver etiqueta QR' }).click();
    const label = page.getByRole('dialog', { name: `Etiqueta de ${prefix}-012` });
    await expect(label.getByRole('button', { name: 'Descargar PDF' })).toBeEnabled();
    await label.getByText('Cerrar', { exact: true }).click();

    await page.getByRole('link', { name: 'Volver a trampas' }).click();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(`${prefix}-01`);
    await expect(page.getByText('Mostrando 1–2 de 2 trampas')).toBeVisible();
    // From the list to a trap and back: the search is still there.
    await page.getByRole('link', { name: `${prefix}-011` }).click();
    await expect(page.getByRole('heading', { name: `Trampa ${prefix}-011` })).toBeVisible();
    await page.getByRole('link', { name: 'Volver a trampas' }).click();
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(`${prefix}-01`);
    await expect(page.getByText('Mostrando 1–2 de 2 trampas')).toBeVisible();
    const areas = await (
      await page.request.get('/api/traps/areas', { headers: { authorization: `Bearer ${adminApi.auth.accessToken}` } })
    ).json();
    expect(areas.filter((entry: { area: string | null }) => entry.area?.toLowerCase() === area.toLowerCase())).toEqual([
      { area, total: 3, active: 3 },
    ]);
  });

  test('search finds a code or an area containing the text anywhere', async ({ page, adminApi, asAdmin }) => {
    const tag = unique('zq').toLowerCase();
    await adminApi.createTrap({ code: `${tag}-A`, area: 'Patio' });
    await adminApi.createTrap({ code: unique('T'), area: `Andén ${tag} norte` });
    await asAdmin('/admin/traps');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag.slice(2));
    await expect(page.getByText('Mostrando 1–2 de 2 trampas')).toBeVisible();
  });

  test('imports a CSV after a preview that lists every problem, and exports the inventory', async ({
    page,
    asAdmin,
  }) => {
    const prefix = unique('IMP');
    await asAdmin('/admin/traps');
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar trampas' });
    const bad = `codigo;area;activa\n${prefix}-1;Comedor;sí\n;Comedor;no\n${prefix}-3;Comedor;quizás\n`;
    await dialog
      .getByLabel('Archivo')
      .setInputFiles({ name: 'plagas.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect(dialog.getByRole('alert').first()).toContainText('Hay 2 problemas');
    await expect(dialog.getByRole('row', { name: /^3 codigo/ })).toContainText('El código es obligatorio.');
    await expect(dialog.getByRole('row', { name: /^4 activa/ })).toContainText('«activa» debe ser «sí» o «no»');
    await expect(dialog.getByRole('button', { name: /^Importar/ })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    const good = `codigo;area;activa\n${prefix}-1;Comedor;sí\n${prefix}-2;Comedor;no\n`;
    await dialog
      .getByLabel('Archivo')
      .setInputFiles({ name: 'plagas.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await expect(dialog.getByText('Las 2 filas están listas para importarse.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Importar 2 trampas' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: '2 trampas importadas correctamente.' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(prefix);
    await expect(page.getByText('Mostrando 1–2 de 2 trampas')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('trampas.csv');
    const text = (await downloadBytes(file)).toString('utf8');
    expect(text).toContain(`${prefix}-2,Comedor,,no`);
  });

  test('the trap page shows its data and the orders it was in, on a phone', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap({ area: 'Cocina' });
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await adminApi.closeOrder(order.id, true);
    await page.setViewportSize(PHONE);
    await asAdmin(`/admin/traps/${trap.id}`);
    await expect(page.getByRole('heading', { name: `Trampa ${trap.code}` })).toBeVisible();
    await expect(page.getByText('Cocina')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`#${order.id}`) });
    await expect(row).toContainText('Completada');
    await expect(row).toContainText('Cerrada con pendientes');
    await expect(row).toContainText('Pendiente');
    await expect(row).toContainText(tech.fullName);
    // Nothing wider than the phone: the history table scrolls inside its card, the page does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await expectNoSeriousA11yViolations(page);
  });

  test('an unknown trap says so', async ({ page, asAdmin }) => {
    await asAdmin('/admin/traps/2000000000');
    await expect(page.getByRole('alert')).toContainText('La trampa no existe.');
  });
});

test.describe('inventory on a phone (390 px)', () => {
  test('checkboxes, row actions and header icons are at least 44 px', async ({ page, adminApi, asAdmin }) => {
    await adminApi.createTrap({ area: 'Patio' });
    await page.setViewportSize(PHONE);
    await asAdmin('/admin/traps');
    await expect(page.getByText('Código QR').first()).toBeVisible();
    const row = page.getByRole('row').nth(1);
    const targets = [
      page.getByRole('button', { name: 'Abrir menú' }),
      page.locator('.select-page'),
      row.locator('label.tap-target'),
      row.getByRole('button', { name: /^Editar/ }),
      row.getByRole('button', { name: /^Desactivar|^Activar/ }),
      row.getByRole('button', { name: /^Eliminar/ }),
      row.getByRole('button', { name: /^Ver etiqueta/ }),
    ];
    for (const target of targets) {
      const box = await target.first().boundingBox();
      expect(box, String(target)).not.toBeNull();
      expect(Math.round(box!.height), String(target)).toBeGreaterThanOrEqual(44);
      expect(Math.round(box!.width), String(target)).toBeGreaterThanOrEqual(44);
    }
  });

  test("the selection bar with 'Imprimir etiquetas seleccionadas' stays in view while the list scrolls", async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    for (let i = 0; i < 12; i++) await adminApi.createTrap({ area: 'Patio' });
    await page.setViewportSize(PHONE);
    await asAdmin('/admin/traps');
    await page.getByRole('checkbox').nth(1).check();
    const print = page.getByRole('button', { name: 'Imprimir etiquetas seleccionadas' });
    await expect(print).toBeInViewport();
    // Down to the last card of the page (up to 50 of them, several screens long).
    await page.getByRole('row').last().scrollIntoViewIfNeeded();
    await expect(page.getByRole('row').last()).toBeInViewport();
    await expect(print).toBeInViewport();
    await expect(page.getByRole('checkbox').nth(1)).not.toBeInViewport();
  });
});
