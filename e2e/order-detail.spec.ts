import type { Page } from '@playwright/test';
import { unique } from './support/accounts';
import { downloadBytes, expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { techPhone } from './support/phone';
import { shortTargets } from './support/tap-targets';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

const facts = (page: Page) => page.getByRole('region', { name: 'Datos de la orden' });

test.describe('order detail', () => {
  test('opens from its card by keyboard: who has it, when, each trap with its state, time and inspector, in a table', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    await page.setViewportSize(LAPTOP);
    const area = unique('Bodega');
    const traps = [
      await adminApi.createTrap({ code: unique('TRP-2'), area }),
      await adminApi.createTrap({ code: unique('TRP-1'), area: null }),
    ];
    const tech = await adminApi.createTechnician({ fullName: unique('Carla Pino') });
    const order = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: traps.map((trap) => trap.id),
      scheduledAt: '2020-03-01T12:00:00.000Z',
    });
    await adminApi.scan(order.id, traps[0]!.qrSlug);

    await asAdmin(`/admin/sessions?technicianId=${tech.id}`);
    const card = page.getByRole('article', { name: `Orden #${order.id}` });
    await expect(card).toContainText(area);
    await card.getByRole('link', { name: `Orden #${order.id}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/sessions/${order.id}$`));

    await expect(page.getByRole('heading', { level: 1, name: `Orden #${order.id}` })).toBeVisible();
    await expect(page.getByText('En progreso', { exact: true })).toBeVisible();
    await expect(page.getByText('Vencida', { exact: true })).toBeVisible();
    await expect(facts(page)).toContainText(tech.fullName);
    // 12:00 UTC is 9:00 in the browser's zone (America/Santiago, UTC-3 in March).
    await expect(facts(page)).toContainText('9:00');
    await expect(facts(page)).toContainText('1 de 2 trampas inspeccionadas');

    const table = page.getByRole('table', { name: 'Trampas de la orden' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Código',
      'Área',
      'Resultado',
      'Hora',
      'Técnico',
      'Hallazgo',
    ]);
    // By area, traps without one last.
    const rows = table.getByRole('row');
    await expect(rows.nth(1)).toContainText(traps[0]!.code);
    await expect(rows.nth(1)).toContainText(area);
    await expect(rows.nth(1)).toContainText('Escaneada');
    await expect(rows.nth(1)).toContainText('Administrador');
    await expect(rows.nth(1)).toContainText('Sin hallazgo registrado');
    await expect(rows.nth(2)).toContainText(traps[1]!.code);
    await expect(rows.nth(2)).toContainText('Sin área');
    await expect(rows.nth(2)).toContainText('Pendiente');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Mostrar').selectOption({ label: 'Pendientes (1)' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).not.toContainText(traps[0]!.code);

    // Back to the list as it was left, filter included.
    await page.getByRole('link', { name: '← Volver a órdenes' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/sessions\\?technicianId=${tech.id}$`));
    await expect(card).toBeVisible();
  });

  test('names the site and client it is for, with the address, and links to the site', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    await page.setViewportSize(LAPTOP);
    const site = await adminApi.createSite({
      name: unique('Planta Lo Espejo'),
      client: unique('Alimentos del Sur'),
      address: 'Av. Central 1200, Lo Espejo',
    });
    try {
      const trap = await adminApi.createTrap({ siteId: site.id, code: unique('TRP-S') });
      const tech = await adminApi.createTechnician();
      const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });

      await asAdmin(`/admin/sessions/${order.id}`);
      await expect(facts(page).getByRole('link', { name: site.name })).toBeVisible();
      await expect(facts(page)).toContainText(`Cliente${site.client}`);
      await expect(facts(page)).toContainText('Av. Central 1200, Lo Espejo');
      await facts(page).getByRole('link', { name: site.name }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/sites/${site.id}$`));
    } finally {
      await adminApi.keepOneActiveSite();
    }
  });

  test('follows the round live: a scan and a finding recorded elsewhere show without reloading', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    await page.setViewportSize(LAPTOP);
    const trap = await adminApi.createTrap({ area: unique('Muelle'), type: 'CEBADERO' });
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await asAdmin(`/admin/sessions/${order.id}`);
    const row = page.getByRole('table', { name: 'Trampas de la orden' }).getByRole('row').nth(1);
    await expect(row).toContainText('Pendiente');
    await expect(facts(page)).toContainText('0 de 1 trampas inspeccionadas');

    // Another device records the visit: the office's screen hears it (no reload, no navigation).
    const scanned = await adminApi.scan(order.id, trap.qrSlug);
    await expect(row).toContainText('Escaneada');
    await expect(row).toContainText('Sin hallazgo registrado');
    await expect(facts(page)).toContainText('1 de 1 trampas inspeccionadas');
    await adminApi.recordFinding(order.id, scanned.item.id, { deviceStatus: 'OK', baitConsumption: 50 });
    await expect(row).not.toContainText('Sin hallazgo registrado');
    await expect(row).toContainText('50 %');
  });

  test('on a phone the traps are a list, every control is at least 44 px tall, and axe passes with each dialog', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    await page.setViewportSize(PHONE);
    const traps = [await adminApi.createTrap({ area: 'Cocina' }), await adminApi.createTrap({ area: 'Patio' })];
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
    await adminApi.scan(order.id, traps[1]!.qrSlug);
    await asAdmin(`/admin/sessions/${order.id}`);

    const items = page.getByRole('region', { name: 'Trampas de la orden' });
    await expect(items.getByRole('listitem')).toHaveCount(2);
    await expect(items.getByRole('table')).toHaveCount(0);
    await expect(items.getByRole('listitem').nth(1)).toContainText('Administrador');
    expect(await shortTargets(page.getByRole('main'))).toEqual([]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Reasignar técnico' }).click();
    await expect(page.getByRole('dialog', { name: `Reasignar orden #${order.id}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Reprogramar' }).click();
    await expect(page.getByRole('dialog', { name: `Reprogramar orden #${order.id}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("reassigns an open order: the old technician's phone loses it, the new one's gets it, scans keep their author", async ({
    page,
    browser,
    baseURL,
    adminApi,
    asAdmin,
  }) => {
    const traps = [await adminApi.createTrap(), await adminApi.createTrap()];
    const before = await adminApi.createTechnician({ fullName: unique('Ana Antes') });
    const after = await adminApi.createTechnician({ fullName: unique('Beto Después') });
    const order = await adminApi.createOrder({ technicianId: before.id, trapIds: traps.map((trap) => trap.id) });
    await adminApi.scan(order.id, traps[0]!.qrSlug);
    const oldPhone = await techPhone(browser, baseURL!, before);
    const newPhone = await techPhone(browser, baseURL!, after);
    try {
      await expect(oldPhone.phone.getByRole('article', { name: `Orden #${order.id}` })).toBeVisible();
      await expect(newPhone.phone.getByText('No tienes órdenes asignadas por ahora.')).toBeVisible();

      await asAdmin(`/admin/sessions/${order.id}`);
      await page.getByRole('button', { name: 'Reasignar técnico' }).click();
      const dialog = page.getByRole('dialog', { name: `Reasignar orden #${order.id}` });
      await expect(dialog).toContainText(`Técnico actual: ${before.fullName}.`);
      // The current technician is not offered: there is nothing to move to.
      await expect(dialog.getByRole('option', { name: new RegExp(before.fullName) })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Reasignar' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Selecciona el técnico que hará la orden.');
      // The message goes as soon as the form is fixed, before it is sent again.
      await dialog.getByLabel('Nuevo técnico').selectOption({ label: `${after.fullName} · ${after.email}` });
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      const sent = page.waitForRequest(
        (request) => request.method() === 'PATCH' && request.url().endsWith(`/api/sessions/${order.id}`),
      );
      await dialog.getByRole('button', { name: 'Reasignar' }).click();
      expect((await sent).postDataJSON()).toEqual({ technicianId: after.id });
      await expect(page.getByRole('status')).toHaveText(`Orden #${order.id} reasignada a ${after.fullName}.`);
      await expect(dialog).toHaveCount(0);
      await expect(facts(page)).toContainText(after.fullName);
      // The trap already inspected stays with whoever scanned it.
      await expect(page.getByRole('row', { name: new RegExp(traps[0]!.code) })).toContainText('Administrador');

      // Both phones hear it without a reload: the old one loses the order, the new one gets it.
      await expect(oldPhone.phone.getByRole('article', { name: `Orden #${order.id}` })).toHaveCount(0);
      await expect(newPhone.phone.getByRole('article', { name: `Orden #${order.id}` })).toContainText(
        '1 de 2 trampas completadas',
      );
    } finally {
      await oldPhone.close();
      await newPhone.close();
    }
  });

  test('reschedules an order, then leaves it without a date; a missing date is said until it is given', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [trap.id],
      scheduledAt: '2031-05-04T14:30:00.000Z',
    });
    await asAdmin(`/admin/sessions/${order.id}`);
    await page.getByRole('button', { name: 'Reprogramar' }).click();
    const dialog = page.getByRole('dialog', { name: `Reprogramar orden #${order.id}` });
    const date = dialog.getByLabel('Fecha programada', { exact: true });
    await expect(date).toHaveValue('2031-05-04T10:30');
    await date.fill('');
    await dialog.getByRole('button', { name: 'Guardar fecha' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Indica la fecha y hora, o marca «Sin fecha programada».');
    await date.fill('2031-06-10T08:15');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    const sent = page.waitForRequest((request) => request.method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Guardar fecha' }).click();
    // 08:15 in Santiago (UTC-4 in June) is 12:15 UTC.
    expect((await sent).postDataJSON()).toEqual({ scheduledAt: '2031-06-10T12:15:00.000Z' });
    await expect(page.getByRole('status')).toContainText(`Orden #${order.id} reprogramada para el`);
    await expect(facts(page)).toContainText('8:15');

    await page.getByRole('button', { name: 'Reprogramar' }).click();
    await dialog.getByLabel('Sin fecha programada').check();
    await expect(date).toBeDisabled();
    const cleared = page.waitForRequest((request) => request.method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Guardar fecha' }).click();
    expect((await cleared).postDataJSON()).toEqual({ scheduledAt: null });
    await expect(page.getByRole('status')).toHaveText(`La orden #${order.id} quedó sin fecha programada.`);
    await expect(facts(page)).toContainText('Sin fecha programada');
  });

  test('closes with pending traps after the spec confirmation: then it says so, offers the report, and can no longer be moved', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const traps = [await adminApi.createTrap(), await adminApi.createTrap()];
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
    await adminApi.scan(order.id, traps[0]!.qrSlug);
    await asAdmin(`/admin/sessions/${order.id}`);

    await page.getByRole('button', { name: 'Cerrar orden' }).click();
    const confirm = page.getByRole('dialog', { name: `Cerrar orden #${order.id}` });
    await expect(confirm).toContainText('La orden aún tiene trampas pendientes. ¿Deseas cerrarla de todos modos?');
    const forced = page.waitForRequest((request) => request.url().endsWith(`/api/sessions/${order.id}/close`));
    await confirm.getByRole('button', { name: 'Cerrar orden' }).click();
    expect((await forced).postDataJSON()).toEqual({ force: true });
    // The scanned device has no finding (409 FINDINGS_MISSING): the office records «Sin novedad» for it.
    const missing = page.getByRole('dialog', { name: `Faltan hallazgos en la orden #${order.id}` });
    await expect(missing).toContainText(`Falta el hallazgo en 1 dispositivo escaneado: ${traps[0]!.code}.`);
    const withNoNews = page.waitForRequest((request) => request.url().endsWith(`/api/sessions/${order.id}/close`));
    await missing.getByRole('button', { name: 'Registrar Sin novedad en 1 escaneado' }).click();
    expect((await withNoNews).postDataJSON()).toEqual({ force: true, defaultNoActivity: true });
    await expect(page.getByRole('status').filter({ hasText: 'Orden cerrada correctamente.' })).toBeVisible();
    await expect(page.getByText('Cerrada con pendientes', { exact: true })).toBeVisible();
    await expect(facts(page)).toContainText('Administrador');
    await expect(facts(page)).toContainText('Forzado, con 1 trampa pendiente');
    const actions = page.getByRole('group', { name: 'Acciones de la orden' });
    // Closed: its certificate is issued, so the order can no longer be deleted.
    await expect(actions.getByRole('button')).toHaveText(['Descargar reporte PDF']);

    const [report] = await Promise.all([
      page.waitForEvent('download'),
      actions.getByRole('button', { name: 'Descargar reporte PDF' }).click(),
    ]);
    expect(report.suggestedFilename()).toBe(`orden-${order.id}.pdf`);
    expect((await downloadBytes(report)).subarray(0, 4).toString()).toBe('%PDF');

    // On the list the card carries the same badge, apart from a completed order's.
    await page.getByRole('link', { name: '← Volver a órdenes' }).click();
    await expect(page.getByRole('article', { name: `Orden #${order.id}` })).toContainText('Cerrada con pendientes');
  });

  test("a change refused because the order was closed meanwhile says the server's reason and shows it closed", async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await asAdmin(`/admin/sessions/${order.id}`);
    await page.getByRole('button', { name: 'Reprogramar' }).click();
    const dialog = page.getByRole('dialog', { name: `Reprogramar orden #${order.id}` });
    await dialog.getByLabel('Fecha programada', { exact: true }).fill('2031-06-10T08:15');
    await adminApi.closeOrder(order.id, true);
    await dialog.getByRole('button', { name: 'Guardar fecha' }).click();
    await expect(dialog.getByRole('alert')).toContainText('No se pudo reprogramar la orden.');
    await expect(dialog.getByRole('alert')).toContainText('La orden ya fue cerrada.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText('Cerrada con pendientes', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reprogramar' })).toHaveCount(0);
  });

  test('deletes after the spec confirmation and returns to the list, which says so', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await asAdmin(`/admin/sessions/${order.id}`);
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: `Eliminar orden #${order.id}` });
    await expect(confirm).toContainText('Esta acción eliminará la orden y su historial. ¿Deseas continuar?');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page).toHaveURL(/\/admin\/sessions$/);
    await expect(page.getByRole('status').filter({ hasText: 'eliminada' })).toHaveText(
      `Orden #${order.id} eliminada correctamente.`,
    );
    await expect(page.getByRole('article', { name: `Orden #${order.id}` })).toHaveCount(0);
  });

  test('an unknown order says it does not exist; a failed read says so and reads again on Reintentar', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    await asAdmin('/admin/sessions/987654321');
    await expect(page.getByRole('heading', { level: 1, name: 'Orden #987654321' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('La orden no existe.');
    await page.goto('/admin/sessions/abc');
    await expect(page).toHaveURL(/\/admin\/sessions$/);

    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    let fail = true;
    await page.route(`**/api/sessions/${order.id}`, (route) =>
      fail ? route.fulfill({ status: 503, json: { statusCode: 503, error: 'x', message: 'x' } }) : route.fallback(),
    );
    await page.goto(`/admin/sessions/${order.id}`);
    await expect(page.getByRole('alert')).toContainText('No se pudo cargar la orden.');
    fail = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('region', { name: 'Datos de la orden' })).toContainText(tech.fullName);
  });
});
