import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The code typed by hand on a phone (390 × 844), where the close bar is fixed over the bottom of the screen. This
 * browser has no camera: the field is what the technician uses.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The distance from the locator's bottom edge to the close bar's top edge (negative: hidden under the bar). */
async function clearanceAboveCloseBar(page: Page, locator: Locator): Promise<number> {
  const bar = await page.locator('.scan-page__closebar').boundingBox();
  const box = await locator.boundingBox();
  if (!bar || !box) throw new Error('close bar or element not on screen');
  return bar.y - (box.y + box.height);
}

test("typing the trap's name or a short code says what to type, above the close bar; the server's reason is kept", async ({
  page,
  adminApi,
  signIn,
}) => {
  const trap = await adminApi.createTrap({ area: 'Bodega' });
  const other = await adminApi.createTrap();
  const tech = await adminApi.createTechnician();
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
  const scans: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/scan')) scans.push(request.url());
  });
  await signIn(tech, `/tech/sessions/${order.id}/scan`);
  await expect(page.getByText('No se pudo acceder a la cámara')).toBeVisible();

  const field = page.getByLabel('Código impreso bajo el QR');
  await field.focus();
  expect(
    await clearanceAboveCloseBar(page, page.getByRole('button', { name: 'Registrar código' })),
  ).toBeGreaterThanOrEqual(0);

  await field.fill(trap.code);
  await page.getByRole('button', { name: 'Registrar código' }).click();
  const problem = page.getByText(
    `«${trap.code}» es el nombre de la trampa. Escribe el código de 20 caracteres bajo el QR.`,
  );
  await expect(problem).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await clearanceAboveCloseBar(page, problem)).toBeGreaterThanOrEqual(0);
  await expect(page.getByRole('alert').filter({ hasText: /QR/ })).toHaveCount(1);

  await field.fill('abc12');
  await page.getByRole('button', { name: 'Registrar código' }).click();
  await expect(page.getByText('Escribe el código de 20 caracteres bajo el QR: escribiste 5.')).toBeVisible();
  expect(scans).toEqual([]);

  // Scrolled to the very end, the field and its button still sit above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await clearanceAboveCloseBar(page, page.locator('.manual-entry'))).toBeGreaterThanOrEqual(0);

  // A well-formed code of another trap: the server's own reason, in one message.
  await field.fill(other.qrSlug.toUpperCase().replace(/(.{4})(?=.)/g, '$1 '));
  await page.getByRole('button', { name: 'Registrar código' }).click();
  await expect(
    page.getByText(new RegExp(`^${other.code}\\b.* es de este sitio pero no está en esta orden\\.$`)),
  ).toBeVisible();
  await expect(page.getByText('No se pudo registrar el escaneo. Verifica el QR.')).toBeVisible();
  await expect(page.getByText('Verifica que el QR pertenezca a esta sesión.')).toHaveCount(0);

  // The right code registers the trap (nothing found there), and typed again says it is already registered,
  // with what it holds.
  await field.fill(trap.qrSlug);
  await page.getByRole('button', { name: 'Registrar código' }).click();
  await expect(page.getByText('Trampa registrada correctamente.')).toBeVisible();
  await page
    .getByRole('region', { name: `Hallazgo · ${trap.code}` })
    .getByRole('button', { name: 'Sin novedad' })
    .click();
  await field.fill(trap.qrSlug);
  await page.getByRole('button', { name: 'Registrar código' }).click();
  const recorded = page.getByRole('status').filter({ hasText: 'Ya registrada' });
  await expect(recorded).toContainText(`Ya registrada · ${trap.code} · Bodega`);
  await expect(recorded).toContainText('Sin novedad');
  expect(scans).toHaveLength(2);
});
