import { unique } from './support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

/**
 * Defect 6 of [T], its last part: a client's 40 devices are imported from its site's page, where the site is
 * known: no «sitio» column, and a row naming another site is refused on its row.
 */
test.describe("importing devices from a site's page", () => {
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  test('needs no «sitio» column, refuses a row of another site, and counts the site’s new devices', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const site = await adminApi.createSite({ name: unique('Planta Getafe') });
    const [main] = (await adminApi.sites()).sort((a, b) => a.id - b.id);
    const prefix = unique('GTF');
    await asAdmin(`/admin/sites/${site.id}`);
    const section = page.getByRole('region', { name: 'Dispositivos' });
    await expect(section).toContainText('El sitio tiene 0 dispositivos.');
    await section.getByRole('button', { name: 'Importar dispositivos (CSV o Excel)' }).click();
    const dialog = page.getByRole('dialog', { name: `Importar dispositivos a ${site.name}` });
    await expect(dialog).toContainText(`Todas las filas van a ${site.name}: la columna sitio no hace falta`);

    // A row naming another site is refused on its row, whatever the others say.
    const mixed = `codigo;area;sitio\n${prefix}-1;Muelle;${site.name}\n${prefix}-2;Muelle;${main!.name}\n`;
    await dialog
      .getByLabel('Archivo')
      .setInputFiles({ name: 'd.csv', mimeType: 'text/csv', buffer: Buffer.from(mixed) });
    await expect(dialog.getByRole('alert').first()).toContainText('Hay 1 problema');
    await expect(dialog.getByRole('row', { name: /^3 sitio/ })).toContainText(
      `La fila es de «${main!.name}»: aquí se importan solo dispositivos de «${site.name}».`,
    );
    await expectNoSeriousA11yViolations(page);

    // Two active sites, and no «sitio» column: every row is this site's.
    const plain = `codigo;area;tipo\n${prefix}-1;Muelle;CEB\n${prefix}-2;Cocina;Lámpara UV\n`;
    await dialog
      .getByLabel('Archivo')
      .setInputFiles({ name: 'd.csv', mimeType: 'text/csv', buffer: Buffer.from(plain) });
    await expect(dialog.getByText('Las 2 filas están listas para importarse.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Importar 2 trampas' }).click();
    await expect(section.getByRole('status').filter({ hasText: '2 trampas importadas correctamente.' })).toBeVisible();
    await expect(section).toContainText('El sitio tiene 2 dispositivos.');

    await section.getByRole('link', { name: 'Ver sus dispositivos' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${prefix}-2`) })).toContainText(site.name);
  });
});
