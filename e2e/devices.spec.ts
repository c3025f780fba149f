import { unique } from './support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

/**
 * Device types, zones and risk ([K]) in the trap form, the list and the import; the pest catalogue in the
 * settings. The database is shared with the specs that follow: every test leaves a single active site.
 */
test.describe('devices', () => {
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  test('creates a trap with its type, zone and risk, and filters the list by type', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    await adminApi.keepOneActiveSite();
    const prefix = unique('DEV');
    await adminApi.createTrap({ code: `${prefix}-UV`, type: 'LUZ_UV', area: 'Comedor' });
    await asAdmin('/admin/traps');

    await page.getByRole('button', { name: '+ Agregar trampa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva trampa' });
    // With one active site the form is the spec's, plus the device fields.
    await expect(dialog.getByLabel(/Sitio/)).toHaveCount(0);
    await expect(dialog.getByLabel('Tipo de dispositivo')).toHaveValue('OTRO');
    await dialog.getByLabel('Código').fill(`${prefix}-CEB`);
    await dialog.getByLabel('Tipo de dispositivo').selectOption({ label: 'Estación de cebo para roedores' });
    await dialog.getByLabel('Zona').selectOption({ label: 'Perímetro interior' });
    await dialog.getByLabel('Nivel de riesgo').selectOption({ label: 'Alto' });
    await dialog.getByLabel('Área').fill('Bodega');
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/traps') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Crear trampa' }).click();
    expect(await (await created).json()).toMatchObject({
      code: `${prefix}-CEB`,
      type: 'CEBADERO',
      zone: 'PERIMETRO_INTERIOR',
      riskLevel: 'ALTO',
    });
    await expect(page).toHaveURL(/\/admin\/traps\/\d+$/);
    // The trap's own page says what it is and where it stands.
    const facts = page.getByRole('region', { name: 'Datos de la trampa' });
    await expect(facts).toContainText('Estación de cebo para roedores');
    await expect(facts).toContainText('Perímetro interior');
    await expect(facts.getByText('Alto', { exact: true })).toBeVisible();

    await page.goto(`/admin/traps?q=${prefix}`);
    await expect(page.getByText('Mostrando 1–2 de 2 trampas')).toBeVisible();
    const bait = page.getByRole('row', { name: new RegExp(`${prefix}-CEB`) });
    await expect(bait).toContainText('CEB');
    await expect(bait).toContainText('Cebadero');
    await expect(page.getByRole('columnheader', { name: 'Sitio' })).toHaveCount(0);

    const filters = page.getByRole('search', { name: 'Filtrar trampas' });
    await filters.getByLabel('Tipo').selectOption({ label: 'Lámpara UV atrapa insectos' });
    await expect(page.getByText('Mostrando 1–1 de 1 trampa')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${prefix}-UV`) })).toContainText('Lámpara UV');
    await expect(page).toHaveURL(/type=LUZ_UV/);
    // Nothing is on a plan yet: "sin ubicar" holds it, "on a plan" nothing.
    await filters.getByLabel('Plano').selectOption({ label: 'Sin ubicar' });
    await expect(page.getByText('Mostrando 1–1 de 1 trampa')).toBeVisible();
    await filters.getByLabel('Plano').selectOption({ label: 'Ubicadas en un plano' });
    await expect(page.getByText('Ninguna trampa coincide con la búsqueda o los filtros.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('imports a file with tipo and sitio columns into two sites', async ({ page, adminApi, asAdmin }) => {
    const north = await adminApi.createSite({ name: unique('Planta Norte') });
    const [main] = (await adminApi.sites()).sort((a, b) => a.id - b.id);
    const prefix = unique('IMP');
    await asAdmin('/admin/traps');
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar trampas' });
    await expect(dialog).toContainText(
      'tipo (CEB, CAP, LAM, UV, FER u OTR, o su nombre), zona y riesgo; sitio, con el nombre del sitio, es obligatoria si hay más de un sitio activo',
    );

    const header = 'codigo;area;tipo;zona;riesgo;sitio';
    const bad = `${header}\n${prefix}-1;Patio;CEB;Exterior;Bajo;${north.name}\n${prefix}-2;Patio;Trampa láser;;;${north.name}\n`;
    await dialog.getByLabel('Archivo').setInputFiles({ name: 'd.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect(dialog.getByRole('alert').first()).toContainText('Hay 1 problema');
    await expect(dialog.getByRole('row', { name: /^3 tipo/ })).toContainText('«tipo» debe ser uno de');

    const good =
      `${header}\n${prefix}-1;Patio;CEB;Exterior;Bajo;${north.name}\n` +
      `${prefix}-2;Cocina;Lámpara UV atrapa insectos;interior;alto;${main!.name.toUpperCase()}\n`;
    await dialog
      .getByLabel('Archivo')
      .setInputFiles({ name: 'd.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await expect(dialog.getByText('Las 2 filas están listas para importarse.')).toBeVisible();
    // With two active sites the preview names each row's site.
    await expect(dialog.getByRole('row', { name: new RegExp(`${prefix}-1`) })).toContainText(north.name);
    await expect(dialog.getByRole('row', { name: new RegExp(`${prefix}-2`) })).toContainText(main!.name);
    await dialog.getByRole('button', { name: 'Importar 2 trampas' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 trampas importadas correctamente.' })).toBeVisible();

    await page.goto(`/admin/traps?q=${prefix}&siteId=${north.id}`);
    await expect(page.getByText('Mostrando 1–1 de 1 trampa')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`${prefix}-1`) });
    await expect(row).toContainText('Cebadero');
    await expect(row).toContainText(north.name);
    await expect(page.getByRole('search', { name: 'Filtrar trampas' }).getByLabel('Sitio')).toHaveValue(
      String(north.id),
    );
  });

  test('keeps the pest catalogue in the settings: add, refuse a duplicate, edit, deactivate', async ({
    page,
    asAdmin,
  }) => {
    const name = unique('Gorgojo del arroz');
    await asAdmin('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
    const section = page.getByRole('region', { name: 'Plagas' });
    // The seeded species, with their group in Spanish.
    const rat = section.getByRole('row', { name: /Rata parda/ });
    await expect(rat).toContainText('Rattus norvegicus');
    await expect(rat).toContainText('Roedores');

    await section.getByRole('button', { name: '+ Agregar plaga' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva plaga' });
    await dialog
      .getByLabel(/Nombre/)
      .first()
      .fill(name);
    await dialog.getByRole('button', { name: 'Agregar plaga' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Elige el grupo de la plaga.');
    await dialog.getByLabel('Nombre científico').fill('Sitophilus oryzae');
    await dialog.getByLabel(/Grupo/).selectOption({ label: 'Plagas de producto almacenado' });
    await dialog.getByRole('button', { name: 'Agregar plaga' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Plaga ${name} creada correctamente.` })).toBeVisible();
    const row = section.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Sitophilus oryzae');
    await expect(row).toContainText('Plagas de producto almacenado');

    await section.getByRole('button', { name: '+ Agregar plaga' }).click();
    await dialog
      .getByLabel(/Nombre/)
      .first()
      .fill(name.toLowerCase());
    await dialog.getByLabel(/Grupo/).selectOption({ label: 'Otros' });
    await dialog.getByRole('button', { name: 'Agregar plaga' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Ya existe una plaga con ese nombre.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Editar ${name}` });
    await edit.getByLabel('Nombre científico').fill('Sitophilus zeamais');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(row).toContainText('Sitophilus zeamais');

    await row.getByRole('button', { name: `Desactivar ${name}` }).click();
    await expect(row).toContainText('Inactiva');
    await expect(row.getByRole('button', { name: `Eliminar ${name}` })).toHaveCount(0);
    await section.getByLabel('Grupo').selectOption({ label: 'Plagas de producto almacenado' });
    await expect(section.getByRole('row', { name: /Rata parda/ })).toHaveCount(0);
    await expect(row).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
