import { ADMIN, unique } from './support/accounts';
import { expect, test } from './support/fixtures';

test.describe('technician management', () => {
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
    expect((await saved).request().postDataJSON()).toEqual({ fullName: `${tech.fullName} Díaz`, role: 'TECH', isActive: true });
    await expect(page.getByRole('row', { name: new RegExp(`${tech.fullName} Díaz`) })).toBeVisible();
  });

  test('refuses to deactivate or delete your own account, and protects the last administrator', async ({ page, asAdmin }) => {
    await asAdmin('/admin/technicians');
    const self = page.getByRole('row', { name: new RegExp(ADMIN.email) });
    await self.getByRole('button', { name: /^Desactivar/ }).click();
    await expect(page.getByRole('alert')).toHaveText('No puedes desactivar tu propia cuenta.');
    await self.getByRole('button', { name: /^Eliminar/ }).click();
    await expect(page.getByRole('alert')).toHaveText('No puedes eliminar tu propia cuenta.');

    await self.getByRole('button', { name: /^Editar/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Debe permanecer al menos un administrador activo.')).toBeVisible();
    await expect(dialog.getByRole('option', { name: 'Técnico' })).toBeDisabled();
    await expect(dialog.getByLabel('Cuenta activa')).toBeDisabled();
    await expect(dialog.getByLabel('Cuenta activa')).toBeChecked();
  });

  test('an inactive technician is deleted after a confirmation that says it is permanent', async ({ page, adminApi, asAdmin }) => {
    const tech = await adminApi.createTechnician();
    await asAdmin('/admin/technicians');
    const row = page.getByRole('row', { name: new RegExp(tech.fullName) });
    await row.getByRole('button', { name: `Eliminar ${tech.fullName}` }).click();
    await expect(page.getByRole('alert')).toHaveText('Solo se puede eliminar un técnico inactivo. Desactívalo primero.');

    await row.getByRole('button', { name: `Desactivar ${tech.fullName}` }).click();
    await expect(row).toContainText('Inactivo');
    await row.getByRole('button', { name: `Eliminar ${tech.fullName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar técnico' });
    await expect(confirm).toContainText('de forma permanente');
    await confirm.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await expect(row).toHaveCount(0);
  });

  test('a technician with orders cannot be deleted: the spec message explains why', async ({ page, adminApi, asAdmin }) => {
    const tech = await adminApi.createTechnician();
    const trap = await adminApi.createTrap();
    await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await asAdmin('/admin/technicians');
    const row = page.getByRole('row', { name: new RegExp(tech.fullName) });
    await row.getByRole('button', { name: `Desactivar ${tech.fullName}` }).click();
    await expect(row).toContainText('Inactivo');
    await row.getByRole('button', { name: `Eliminar ${tech.fullName}` }).click();
    await page.getByRole('dialog', { name: 'Eliminar técnico' }).getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'No se pudo eliminar el técnico. Verifica que no tenga órdenes registradas y que no seas el último administrador.',
    );
  });
});
