import { unique } from './support/accounts';
import { SCREENSHOT_SIZES } from './support/screenshot-sizes';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

/**
 * The control programme ([V]): an administrator who is the technical manager writes a site's programme, saves it
 * as a version, approves it, records the client's acceptance, saves a second version and reads both.
 */
test.describe('control programme', () => {
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  test('an administrator writes, saves and approves it, and reads every version', async ({
    page,
    adminApi,
    signIn,
  }) => {
    const site = await adminApi.createSite({ timeZone: 'America/Santiago' });
    const area = unique('Bodega');
    await adminApi.createTrap({ area, siteId: site.id, type: 'CEBADERO' });
    const manager = await adminApi.createTechnician({ role: 'ADMIN', fullName: unique('Responsable técnica') });
    const qualified = await page.request.patch(`/api/technicians/${manager.id}`, {
      headers: { authorization: `Bearer ${adminApi.auth.accessToken}` },
      data: { qualification: 'RESPONSABLE_TECNICO' },
    });
    expect(qualified.ok(), await qualified.text()).toBe(true);

    await signIn(manager, `/admin/sites/${site.id}`);
    const section = page.getByRole('region', { name: 'Programa de control' });
    await expect(section).toContainText('Este sitio aún no tiene programa de control.');
    await section.getByRole('button', { name: 'Redactar programa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Programa de control: versión 1' });
    await dialog.getByRole('button', { name: 'Guardar versión' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('El alcance es obligatorio.');
    await dialog.getByLabel(/^Alcance/).fill('Roedores e insectos rastreros en toda la planta.');
    await dialog.getByRole('checkbox', { name: 'Roedores' }).check();
    await dialog.getByLabel(/^Métodos/).fill('Estaciones de cebo en el perímetro.');
    // The frequency's type and area are the site's devices', chosen from lists.
    const row = dialog.getByRole('listitem', { name: 'Frecuencia 1' });
    await expect(row.getByLabel('Tipo de dispositivo')).toHaveValue('CEBADERO');
    await row.getByLabel('Área', { exact: true }).selectOption({ label: area });
    await row.getByLabel('Frecuencia', { exact: true }).selectOption({ label: 'Quincenal' });
    await dialog
      .getByRole('listitem', { name: 'Responsabilidad 1' })
      .getByLabel('Responsabilidad', { exact: true })
      .fill('Inspeccionar cada dispositivo con la frecuencia contratada.');
    await dialog
      .getByRole('listitem', { name: 'Responsabilidad 2' })
      .getByLabel('Responsabilidad', { exact: true })
      .fill('Mantener despejado el acceso a los dispositivos.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Guardar versión' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Versión 1 guardada' })).toBeVisible();

    const card = section.getByRole('article', { name: 'Versión 1' });
    await expect(card).toContainText('Borrador');
    await expect(card).toContainText('Pendiente de aprobación del responsable técnico.');
    await expect(card).toContainText(`Cebadero · ${area}: Quincenal`);
    await expect(section).toContainText('Ninguna versión aprobada está en vigor hoy.');
    await card.getByRole('button', { name: 'Aprobar versión 1' }).click();
    await expect(card).toContainText(`Aprobado por ${manager.fullName} el`);
    await expect(section).toContainText('En vigor hoy: versión 1.');

    // The client's acceptance: nobody of the client is a contact yet, so a name is typed.
    await card.getByRole('button', { name: 'Registrar aceptación del cliente' }).click();
    const acceptance = page.getByRole('dialog', { name: 'Aceptación del cliente: versión 1' });
    await acceptance.getByLabel(/^Nombre de quien acepta/).fill('Clara Calidad');
    await acceptance.getByLabel('Cargo').fill('Jefa de calidad');
    await acceptance.getByRole('button', { name: 'Registrar aceptación' }).click();
    await expect(acceptance).toBeHidden();
    await expect(card).toContainText('Aceptado por Clara Calidad (Jefa de calidad) el');

    // A second version starts from the first; the first stays as it was.
    await section.getByRole('button', { name: 'Nueva versión' }).click();
    const second = page.getByRole('dialog', { name: 'Programa de control: versión 2' });
    await expect(second.getByLabel(/^Alcance/)).toHaveValue('Roedores e insectos rastreros en toda la planta.');
    await second.getByLabel(/^Tiempo de respuesta/).fill('12');
    await second.getByRole('button', { name: 'Guardar versión' }).click();
    await expect(second).toBeHidden();
    const latest = section.getByRole('article', { name: 'Versión 2' });
    await expect(latest).toContainText('12 horas');
    await expect(latest).toContainText('Pendiente de aprobación');
    await expect(section).toContainText('En vigor hoy: versión 1.');

    const versions = section.getByRole('listitem').filter({ has: page.locator('details') });
    await expect(versions).toHaveCount(2);
    const first = versions.nth(1);
    await first.locator('summary').click();
    await expect(first).toContainText('24 horas');
    await expect(first).toContainText(`Aprobado por ${manager.fullName} el`);
    await expect(first).toContainText('Aceptado por Clara Calidad (Jefa de calidad) el');
    await expect(first).toContainText('En vigor');

    // The same section on a phone: every line fits the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(latest).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
  test('the site page and the dashboard measure a real visit against the contracted frequency', async ({
    page,
    adminApi,
    signIn,
  }) => {
    const site = await adminApi.createSite({ name: unique('Planta cobertura'), timeZone: 'UTC' });
    const area = unique('Envasado');
    const seen = await adminApi.createTrap({ area, siteId: site.id, type: 'CAPTURA' });
    const missed = await adminApi.createTrap({ area, siteId: site.id, type: 'CAPTURA' });
    const manager = await adminApi.createTechnician({ role: 'ADMIN', fullName: unique('Responsable técnica') });
    await adminApi.setQualification(manager.id, 'RESPONSABLE_TECNICO');
    // Monthly from two months ago: of the last 12 months' windows, the one holding today is owed (the devices
    // entered service today), and today's visit inspects one of its two devices.
    const effectiveFrom = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const saved = await page.request.put(`/api/sites/${site.id}/programme`, {
      headers: { authorization: `Bearer ${adminApi.auth.accessToken}` },
      data: {
        scope: 'Roedores en el envasado.',
        targetPestGroups: ['ROEDORES'],
        methods: 'Trampas de captura.',
        frequencies: [{ type: 'CAPTURA', zone: area, frequency: 'MENSUAL' }],
        responseTimeHours: 24,
        responsibilities: [],
        permittedProductIds: [],
        effectiveFrom,
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const order = await adminApi.createOrder({ technicianId: manager.id, trapIds: [seen.id, missed.id] });
    await adminApi.scan(order.id, seen.qrSlug);

    await signIn(manager, `/admin/sites/${site.id}`);
    const block = page.getByRole('region', { name: 'Cobertura frente a la frecuencia contratada' });
    // A draft contracts nothing yet; its approval is what the coverage is measured against.
    await expect(block).toContainText('Sin programa aprobado: no hay frecuencia contratada con la que medir.');
    await page.getByRole('button', { name: 'Aprobar versión 1' }).click();
    const row = block.getByRole('listitem', { name: `Captura · ${area} · Mensual` });
    await expect(row.getByRole('definition')).toHaveText(['1', '1', '0 de 1', '1 de 2 · 50 %']);
    await row.getByText('1 dispositivo quedó sin inspeccionar').click();
    await expect(row.getByRole('listitem')).toHaveText(new RegExp(`^${missed.code} en la ventana del \\d`));
    await expectNoSeriousA11yViolations(page);
    for (const size of SCREENSHOT_SIZES) {
      await page.setViewportSize(size);
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/programme-coverage-${size.name}.png` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }

    // The dashboard's line for the site, leading back to its page.
    await page.goto('/admin');
    const summary = page.getByRole('region', { name: 'Cobertura contratada' });
    const line = summary.getByRole('listitem').filter({ hasText: site.name });
    await expect(line).toContainText('Cobertura contratada: 50 %1 de 2 inspecciones');
    for (const size of SCREENSHOT_SIZES) {
      await page.setViewportSize(size);
      await summary.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/programme-coverage-dashboard-${size.name}.png` });
    }
    await line.getByRole('link', { name: site.name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/sites/${site.id}$`));
  });
});
