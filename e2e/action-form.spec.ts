import { AdminApi } from './support/api';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { cameraPhoto } from './support/photo-image';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = 'test-results/screenshots';

/**
 * The corrective action form as the office fills it: every field, a photo as evidence, then an edit that moves
 * the due date later (which asks why) and changes the responsible, both kept in the action's history, and a
 * close that states how, by whom and when it was verified, after which the action is read-only.
 */
test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    await api.keepOneActiveSite();
  } finally {
    await api.dispose();
  }
});

test('an action filled with every field and a photo, edited, then closed with its verification', async ({
  page,
  asAdmin,
}) => {
  await page.setViewportSize(LAPTOP);
  await asAdmin('/admin/actions');
  await page.getByRole('button', { name: 'Nueva acción' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva acción' });
  await form.getByLabel('Área').fill('Andén 3');
  await form.getByLabel('Descripción').fill('Huecos bajo la puerta del andén 3.');
  await form.getByLabel('Gravedad').selectOption({ label: 'Alta' });
  await form.getByLabel('Impacto en producto', { exact: true }).selectOption({ label: 'Producto retenido' });
  await form.getByLabel('Detalle del impacto en producto').fill('Lote 2231 retenido, 40 cajas.');
  await form.getByLabel('Corrección inmediata').fill('Mercadería retirada del pasillo.');
  await form.getByLabel('Causa raíz').fill('Burlete gastado.');
  await form.getByLabel('Acción preventiva').fill('Revisar los burletes cada mes.');
  await form.getByLabel('Plan de verificación').fill('Dos visitas sin capturas.');
  await form.getByLabel('Responsable', { exact: true }).selectOption({ label: 'Cliente' });
  await form.getByLabel('Nombre del responsable').fill('Jefe de mantenimiento');
  await form.getByLabel('Fecha límite').fill('2040-01-10');
  const photo = await cameraPhoto(page, 1200, 900, 'Rondin EXIF');
  await form
    .getByLabel('Agregar fotos (JPEG o WebP, hasta 2 MB cada una)')
    .setInputFiles({ name: 'anden.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByText('1 foto elegida')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/action-form-1366.png` });
  await form.getByRole('button', { name: 'Crear acción' }).click();

  await expect(page.getByRole('heading', { level: 1, name: /Acción correctiva \d+/ })).toBeVisible();
  const facts = page.locator('.action-detail__grid');
  await expect(facts).toContainText('Producto retenido · Lote 2231 retenido, 40 cajas.');
  await expect(facts).toContainText('Mercadería retirada del pasillo.');
  await expect(facts).toContainText('Burlete gastado.');
  await expect(facts).toContainText('Revisar los burletes cada mes.');
  await expect(facts).toContainText('Cliente · Jefe de mantenimiento');
  await expect(facts).toContainText('10/01/2040');
  const photos = page.getByRole('region', { name: 'Fotos de evidencia' });
  const thumbnail = photos.getByRole('img', { name: /Miniatura de la foto 1 de la acción \d+/ });
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(180);

  // The edit: a later due date asks why; the responsible changes too.
  await page.getByRole('button', { name: 'Editar acción' }).click();
  const edit = page.getByRole('dialog', { name: /Editar la acción \d+/ });
  await expect(edit.getByLabel('Causa raíz')).toHaveValue('Burlete gastado.');
  await edit.getByLabel('Fecha límite').fill('2040-02-15');
  await expect(edit.getByText('La fecha límite era 10/01/2040: al aplazarla, di por qué.')).toBeVisible();
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  // The browser holds the form until the reason is written.
  await expect(edit).toBeVisible();
  await edit.getByLabel('Motivo del aplazamiento (obligatorio)').fill('El repuesto llega en febrero.');
  await edit.getByLabel('Nombre del responsable').fill('Jefa de planta');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Acción guardada.' })).toBeVisible();
  const changes = page.getByRole('region', { name: 'Cambios de fecha límite y responsable' });
  await expect(changes.getByRole('listitem')).toHaveCount(2);
  await expect(changes).toContainText('Fecha límite: 10/01/2040 → 15/02/2040');
  await expect(changes).toContainText('Motivo: El repuesto llega en febrero.');
  await expect(changes).toContainText('Nombre del responsable: Jefe de mantenimiento → Jefa de planta');

  // The close states how, by whom and when it was verified.
  await page.getByLabel('Nuevo estado').selectOption({ label: 'Cerrada' });
  await page.getByLabel('Cómo se verificó (obligatorio)').fill('Dos visitas sin capturas y el burlete cambiado.');
  await page.getByLabel('Verificada por (obligatorio)').fill('Marta Gil, calidad');
  await page.getByLabel('Fecha de verificación (obligatoria)').fill('2026-01-02');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Estado actualizado.' })).toBeVisible();
  await expect(facts).toContainText(
    'Verificada el 02/01/2026 por Marta Gil, calidad: Dos visitas sin capturas y el burlete cambiado.',
  );
  const history = page.getByRole('region', { name: 'Historial' });
  await expect(history).toContainText('Abierta → Cerrada');
  // Closed: nothing to edit, no photo to add or remove; the photo stays.
  await expect(page.getByRole('button', { name: 'Editar acción' })).toHaveCount(0);
  await expect(photos.getByLabel(/Agregar fotos/)).toHaveCount(0);
  await expect(photos.getByRole('button', { name: /Quitar la foto/ })).toHaveCount(0);
  await expect(thumbnail).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/action-closed-1366.png`, fullPage: true });
});

test('on a phone the form fits the screen and refuses a photo that is too large before sending it', async ({
  page,
  asAdmin,
}) => {
  await page.setViewportSize(PHONE);
  await asAdmin('/admin/actions');
  await page.getByRole('button', { name: 'Nueva acción' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva acción' });
  await form.getByLabel('Descripción').fill('Cebo consumido en bodega.');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/action-form-390.png` });
  await form
    .getByLabel('Agregar fotos (JPEG o WebP, hasta 2 MB cada una)')
    .setInputFiles({ name: 'grande.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(form.getByRole('alert')).toHaveText('«grande.jpg» supera los 2 MB.');
  await form.getByRole('button', { name: 'Crear acción' }).click();
  await expect(form).toBeVisible();
  await form.getByLabel('Agregar fotos (JPEG o WebP, hasta 2 MB cada una)').setInputFiles([]);
  await form.getByRole('button', { name: 'Crear acción' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Acción correctiva \d+/ })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/action-detail-form-390.png`, fullPage: true });
});
