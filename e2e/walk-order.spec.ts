import { unique } from './support/accounts';
import { expect, test } from './support/fixtures';

/** Issue 26, walk order: the phone (390 × 844, no camera: the printed code typed) follows the site's route. */
test.use({ viewport: { width: 390, height: 844 } });

test('the phone lists the order in the site’s walk order and, after each record, says which device comes next', async ({
  page,
  adminApi,
  signIn,
}) => {
  const area = unique('Andén');
  const first = await adminApi.createTrap({ code: unique('RUTA-C'), area });
  const second = await adminApi.createTrap({ code: unique('RUTA-A'), area: 'Bodega' });
  const last = await adminApi.createTrap({ code: unique('RUTA-B'), area });
  await adminApi.saveRoute(first.siteId, [first.id, second.id]);
  const tech = await adminApi.createTechnician();
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [last.id, second.id, first.id] });

  await signIn(tech, `/tech/sessions/${order.id}/scan`);
  const list = page.getByRole('region', { name: 'Listado de trampas' });
  await expect(list.locator('.trap-row__code')).toHaveText([first.code, second.code, last.code]);
  await expect(page.getByText(`Siguiente: ${first.code} · ${area}`)).toBeVisible();

  const field = page.getByLabel('Código impreso bajo el QR');
  await field.fill(first.qrSlug);
  await page.getByRole('button', { name: 'Registrar código' }).click();
  await page
    .getByRole('region', { name: `Hallazgo · ${first.code}` })
    .getByRole('button', { name: 'Sin novedad' })
    .click();
  await expect(page.getByText(`Siguiente: ${second.code} · Bodega`)).toBeVisible();

  await field.fill(second.qrSlug);
  await page.getByRole('button', { name: 'Registrar código' }).click();
  await page
    .getByRole('region', { name: `Hallazgo · ${second.code}` })
    .getByRole('button', { name: 'Sin novedad' })
    .click();
  // The device without a place in the walk comes after those with one.
  await expect(page.getByText(`Siguiente: ${last.code} · ${area}`)).toBeVisible();
});
