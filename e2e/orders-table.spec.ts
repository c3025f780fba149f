import { unique } from './support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

test.describe('orders as a table', () => {
  test('reassigns the selected orders at once, refusing all of them while one is closed', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    await page.setViewportSize(LAPTOP);
    const trap = await adminApi.createTrap();
    const from = await adminApi.createTechnician({ fullName: unique('Rosa Paredes') });
    const to = await adminApi.createTechnician({ fullName: unique('Tomás Lagos') });
    const orders = [];
    for (let index = 0; index < 3; index += 1)
      orders.push(await adminApi.createOrder({ technicianId: from.id, trapIds: [trap.id] }));
    const [first, second, closed] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]];
    await adminApi.closeOrder(closed.id, true);

    await asAdmin('/admin/sessions');
    await page.getByRole('radio', { name: 'Tabla' }).check();
    await page.getByLabel('Técnico').selectOption({ label: from.fullName });
    const table = page.getByRole('table', { name: 'Órdenes de inspección' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('columnheader')).toContainText([
      'Orden',
      'Programada',
      'Técnico',
      'Estado',
      'Progreso',
    ]);
    // Only an order nobody started offers «Eliminar»; the closed one does not.
    const closedRow = table.getByRole('row', { name: new RegExp(`Orden #${closed.id}\\b`) });
    await expect(closedRow).toContainText('Cerrada con pendientes');
    await expect(closedRow.getByRole('button', { name: `Eliminar orden #${closed.id}` })).toHaveCount(0);
    await expect(table.getByRole('button', { name: `Eliminar orden #${first.id}` })).toBeVisible();

    // Every order of the page, the closed one included: the server refuses the whole change, naming it.
    await table.getByRole('checkbox', { name: 'Seleccionar las órdenes de esta página' }).check();
    await expect(page.getByText('3 seleccionadas')).toBeVisible();
    await page.getByRole('button', { name: 'Reasignar', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Reasignar 3 órdenes' });
    await dialog.getByLabel('Nuevo técnico').selectOption({ label: `${to.fullName} · ${to.email}` });
    await dialog.getByRole('button', { name: 'Reasignar' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      `La orden #${closed.id} ya está cerrada y no se puede cambiar. No se cambió ninguna orden.`,
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect((await adminApi.session(first.id)).technicianId).toBe(from.id);

    // The closed one left out: both open orders move.
    await table.getByRole('checkbox', { name: `Seleccionar orden #${closed.id}` }).uncheck();
    await expect(page.getByText('2 seleccionadas')).toBeVisible();
    await page.getByRole('button', { name: 'Reasignar', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Reasignar 2 órdenes' });
    await dialog.getByLabel('Nuevo técnico').selectOption({ label: `${to.fullName} · ${to.email}` });
    await dialog.getByRole('button', { name: 'Reasignar' }).click();
    await expect(page.getByRole('status').filter({ hasText: `2 órdenes reasignadas a ${to.fullName}.` })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('2 seleccionadas')).toHaveCount(0);
    // The list still filters by the former technician: only the closed order is left.
    await expect(table.getByRole('row')).toHaveCount(2);
    for (const order of [first, second]) expect((await adminApi.session(order.id)).technicianId).toBe(to.id);

    // The table is remembered.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Tabla' })).toBeChecked();
    await expect(page.getByRole('table', { name: 'Órdenes de inspección' })).toBeVisible();
  });

  test('reschedules the selected orders to a day, each keeping its time, on a phone', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    await page.setViewportSize(PHONE);
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician({ fullName: unique('Elena Fuentes') });
    const early = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [trap.id],
      scheduledAt: '2031-05-04T14:00:00.000Z',
    });
    const late = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [trap.id],
      scheduledAt: '2031-05-05T16:30:00.000Z',
    });

    await asAdmin('/admin/sessions');
    await page.getByRole('radio', { name: 'Tabla' }).check();
    await page.getByLabel('Técnico').selectOption({ label: tech.fullName });
    const table = page.getByRole('table', { name: 'Órdenes de inspección' });
    await expect(table.getByRole('checkbox', { name: `Seleccionar orden #${early.id}` })).toBeVisible();
    await table.getByRole('checkbox', { name: 'Seleccionar las órdenes de esta página' }).check();
    await page.getByRole('button', { name: 'Reprogramar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reprogramar 2 órdenes' });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByLabel('Nueva fecha').fill('2031-06-10');
    await dialog.getByRole('button', { name: 'Reprogramar' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: '2 órdenes reprogramadas para el 10 de junio de 2031.' }),
    ).toBeVisible();
    // Each kept its own time in the site's zone (the server's: no clock change between May and June in
    // either hemisphere, and both times fall on their UTC day from UTC-12 to UTC+7).
    expect((await adminApi.session(early.id)).scheduledAt).toBe('2031-06-10T14:00:00.000Z');
    expect((await adminApi.session(late.id)).scheduledAt).toBe('2031-06-10T16:30:00.000Z');
  });
});
