import { unique } from './support/accounts';
import { downloadBytes, expect, test } from './support/fixtures';
import { pdfPages } from './support/pdf';

// Issue 29: with the traps filtered by a site, the labels sheet and the area filter held every site's devices.
// The server is shared with the files its worker runs next, which expect a single active site, as sites.spec.ts says.
test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

test.describe('the traps list filtered by a site', () => {
  test('prints only the devices the filtered list shows, of every page', async ({ page, adminApi, asAdmin }) => {
    const [mine, other] = [await adminApi.createSite(), await adminApi.createSite()];
    const prefix = unique('ETQ');
    // 51 devices: more than one page of the list (50), all of them on the sheet.
    const codes = Array.from({ length: 51 }, (_, index) => `${prefix}-${String(index + 1).padStart(3, '0')}`);
    for (const code of codes) await adminApi.createTrap({ code, siteId: mine.id, area: 'Bodega' });
    const foreign = `${prefix}-OTRO`;
    await adminApi.createTrap({ code: foreign, siteId: other.id, area: 'Bodega' });

    await asAdmin(`/admin/traps?siteId=${mine.id}`);
    await expect(page.getByText('Mostrando 1–50 de 51 trampas')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Hoja de etiquetas (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('etiquetas-trampas.pdf');
    const { pages, text } = await pdfPages(await downloadBytes(download));
    for (const code of codes) expect(text).toContain(code);
    expect(text).not.toContain(foreign);
    // 12 labels a sheet: 51 labels are 5 pages.
    expect(pages).toBe(5);
  });

  test('the area filter offers the chosen site’s areas with its counts', async ({ page, adminApi, asAdmin }) => {
    const [mine, other] = [await adminApi.createSite(), await adminApi.createSite()];
    const [shared, foreignOnly] = [unique('Área común'), unique('Área ajena')];
    await adminApi.createTrap({ siteId: mine.id, area: shared });
    await adminApi.createTrap({ siteId: mine.id, area: shared, isActive: false });
    await adminApi.createTrap({ siteId: other.id, area: shared });
    await adminApi.createTrap({ siteId: other.id, area: foreignOnly });

    await asAdmin(`/admin/traps?siteId=${mine.id}`);
    await expect(page.getByText('Mostrando 1–2 de 2 trampas')).toBeVisible();
    const area = page.getByRole('search', { name: 'Filtrar trampas' }).getByLabel('Área');
    await expect(area.getByRole('option', { name: `${shared} (2)` })).toHaveCount(1);
    await expect(area.getByRole('option', { name: new RegExp(foreignOnly) })).toHaveCount(0);

    // Every site again: every site's areas, with their combined counts.
    await page.getByRole('search', { name: 'Filtrar trampas' }).getByLabel('Sitio').selectOption('');
    await expect(area.getByRole('option', { name: `${shared} (3)` })).toHaveCount(1);
    await expect(area.getByRole('option', { name: `${foreignOnly} (1)` })).toHaveCount(1);
  });
});
