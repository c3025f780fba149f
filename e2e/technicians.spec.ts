import { ADMIN, unique } from './support/accounts';
import { expect, test } from './support/fixtures';

/** Every element matched is at least 44 × 44 px on screen (WCAG 2.5.5's target size). */
async function expectFingerSized(locator: import('@playwright/test').Locator): Promise<void> {
  for (const element of await locator.all()) {
    const box = await element.boundingBox();
    expect(box, await element.evaluate((node) => node.outerHTML.slice(0, 80))).not.toBeNull();
    expect(
      Math.round(box!.width),
      await element.evaluate((node) => node.outerHTML.slice(0, 80)),
    ).toBeGreaterThanOrEqual(44);
    expect(
      Math.round(box!.height),
      await element.evaluate((node) => node.outerHTML.slice(0, 80)),
    ).toBeGreaterThanOrEqual(44);
  }
}

test.describe('technician management', () => {
  test('lists technicians and administrators apart with a role filter; on a phone every control is finger-sized', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const tech = await adminApi.createTechnician();
    await page.setViewportSize({ width: 390, height: 844 });
    await asAdmin('/admin/technicians');
    const filter = page.getByRole('group', { name: 'Mostrar' });
    await expect(filter.getByRole('button', { name: /^Todos/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('row', { name: new RegExp(ADMIN.email) })).toBeVisible();

    await filter.getByRole('button', { name: /^Técnicos/ }).click();
    await expect(page.getByRole('row', { name: new RegExp(tech.fullName) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(ADMIN.email) })).toHaveCount(0);
    await filter.getByRole('button', { name: /^Administradores/ }).click();
    await expect(page.getByRole('row', { name: new RegExp(ADMIN.email) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(tech.fullName) })).toHaveCount(0);

    // Header icons, the role filter and every row action.
    await expectFingerSized(page.getByRole('button', { name: 'Abrir menú' }));
    await expectFingerSized(page.getByRole('button', { name: 'Menú de usuario' }));
    await expectFingerSized(filter.getByRole('button'));
    await expectFingerSized(page.getByRole('table').getByRole('button'));
    await expectFingerSized(page.getByRole('button', { name: '+ Crear técnico' }));
  });

  test('creates a technician, requiring an initial password', async ({ page, asAdmin }) => {
    const name = unique('Camila Rojas');
    const email = `${unique('camila').toLowerCase()}@e2e.rondin.test`;
    await asAdmin('/admin/technicians');
    await page.getByRole('button', { name: '+ Crear técnico' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo técnico' });
    await expect(dialog.getByLabel('Contraseña inicial')).toHaveAttribute('placeholder', 'Mínimo 8 caracteres');
    await dialog.getByLabel('Nombre completo').fill(name);
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByRole('button', { name: 'Crear técnico' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Debes definir una contraseña inicial.');

    await dialog.getByLabel('Contraseña inicial').fill('corta');
    await dialog.getByRole('button', { name: 'Crear técnico' }).click();
    await expect(dialog.getByRole('alert')).toContainText('No se pudo crear el técnico. Intenta nuevamente.');

    await dialog.getByLabel('Contraseña inicial').fill('clave-inicial-1');
    await dialog.getByRole('button', { name: 'Crear técnico' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(email);
    await expect(row).toContainText('Técnico');
    await expect(row).toContainText('Activo');
  });

  test('an edit sends only what changed, plus role and status', async ({ page, adminApi, asAdmin }) => {
    const tech = await adminApi.createTechnician();
    await asAdmin('/admin/technicians');
    await page.getByRole('button', { name: `Editar ${tech.fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Editar ${tech.fullName}` });
    await dialog.getByLabel('Nombre completo').fill(`${tech.fullName} Díaz`);
    const saved = page.waitForResponse((response) => response.url().endsWith(`/api/technicians/${tech.id}`));
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    expect((await saved).request().postDataJSON()).toEqual({
      fullName: `${tech.fullName} Díaz`,
      role: 'TECH',
      isActive: true,
    });
    await expect(page.getByRole('row', { name: new RegExp(`${tech.fullName} Díaz`) })).toBeVisible();
  });

  test('refuses to deactivate or delete your own account, and protects the last administrator', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    await adminApi.keepOneActiveAdmin();
    await asAdmin('/admin/technicians');
    const self = page.getByRole('row', { name: new RegExp(ADMIN.email) });
    await self.getByRole('button', { name: /^Desactivar/ }).click();
    await expect(page.getByRole('alert')).toHaveText('No puedes desactivar tu propia cuenta.');
    // 'Eliminar' is not offered only to be refused: it is disabled, with the reason beside it.
    const remove = self.getByRole('button', { name: /^Eliminar/ });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription('No puedes eliminar tu propia cuenta.');
    await expect(self.getByText('No puedes eliminar tu propia cuenta.')).toBeVisible();

    await self.getByRole('button', { name: /^Editar/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Debe permanecer al menos un administrador activo.')).toBeVisible();
    await expect(dialog.getByLabel('Rol').getByRole('option', { name: 'Técnico', exact: true })).toBeDisabled();
    await expect(dialog.getByLabel('Cuenta activa')).toBeDisabled();
    await expect(dialog.getByLabel('Cuenta activa')).toBeChecked();
  });

  test('an inactive technician is deleted after a confirmation that says it is permanent', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const tech = await adminApi.createTechnician();
    await asAdmin('/admin/technicians');
    const row = page.getByRole('row', { name: new RegExp(tech.fullName) });
    await expect(row.getByRole('button', { name: `Eliminar ${tech.fullName}` })).toBeDisabled();
    await expect(row.getByText('Desactívalo para poder eliminarlo.')).toBeVisible();

    await row.getByRole('button', { name: `Desactivar ${tech.fullName}` }).click();
    await expect(row).toContainText('Inactivo');
    await row.getByRole('button', { name: `Eliminar ${tech.fullName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar técnico' });
    await expect(confirm).toContainText('de forma permanente');
    await confirm.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await expect(row).toHaveCount(0);
  });

  test('a technician with orders cannot be deleted: the spec message explains why', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const tech = await adminApi.createTechnician();
    const trap = await adminApi.createTrap();
    await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await asAdmin('/admin/technicians');
    const row = page.getByRole('row', { name: new RegExp(tech.fullName) });
    await row.getByRole('button', { name: `Desactivar ${tech.fullName}` }).click();
    await expect(row).toContainText('Inactivo');
    await row.getByRole('button', { name: `Eliminar ${tech.fullName}` }).click();
    await page
      .getByRole('dialog', { name: 'Eliminar técnico' })
      .getByRole('button', { name: 'Eliminar definitivamente' })
      .click();
    await expect(page.getByRole('alert')).toContainText(
      'No se pudo eliminar el técnico. Verifica que no tenga órdenes registradas y que no seas el último administrador.',
    );
  });
});
