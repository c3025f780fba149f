import ExcelJS from 'exceljs';
import { unique } from './support/accounts';
import { downloadBytes, expect, test } from './support/fixtures';

test.describe('orders', () => {
  test('creates an order with the trap picker and the dashboard figures follow', async ({ page, adminApi, asAdmin }) => {
    const area = unique('Zona');
    const prefix = unique('P').toUpperCase();
    const codes = [`${prefix}-10`, `${prefix}-2`, `${prefix}-1`];
    for (const code of codes) await adminApi.createTrap({ code, area });
    await adminApi.createTrap({ code: `${prefix}-99`, area, isActive: false });
    const tech = await adminApi.createTechnician({ fullName: unique('Ignacio Vera') });
    const before = await adminApi.compliance();

    await asAdmin('/admin/sessions');
    await page.getByRole('button', { name: '+ Crear orden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva orden' });
    await dialog.getByRole('button', { name: 'Crear orden' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Selecciona un técnico y al menos una trampa.');

    // The picker shows the inventory a page at a time: the search, applied by the server, finds the area.
    await dialog.getByLabel('Buscar trampas').fill(area);
    const areaBox = dialog.getByRole('checkbox', { name: `Seleccionar área ${area}` });
    const group = dialog.locator('.trap-picker__group', { has: page.getByRole('checkbox', { name: `Seleccionar área ${area}` }) });
    // Only active traps, in natural order: -1, -2, -10.
    await expect(group.getByRole('listitem')).toHaveText([`${prefix}-1`, `${prefix}-2`, `${prefix}-10`]);
    await expect(dialog.locator('.trap-picker__list')).toHaveCSS('max-height', '220px');
    await expect(dialog.locator('.trap-picker__list')).toHaveCSS('overflow-y', 'auto');

    await group.getByRole('checkbox', { name: `${prefix}-2` }).check();
    await expect(areaBox).toHaveAttribute('aria-checked', 'mixed');
    expect(await areaBox.evaluate((input: HTMLInputElement) => input.indeterminate)).toBe(true);
    await areaBox.check();
    await expect(areaBox).toHaveAttribute('aria-checked', 'true');
    await expect(group.getByRole('checkbox', { name: `${prefix}-10` })).toBeChecked();
    await dialog.getByRole('button', { name: 'Crear orden' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Selecciona un técnico y al menos una trampa.');

    await dialog.getByLabel('Técnico').selectOption({ label: `${tech.fullName} · ${tech.email}` });
    await dialog.getByLabel('Fecha programada (opcional)').fill('2031-05-04T10:30');
    const created = page.waitForResponse((response) => response.url().endsWith('/api/sessions') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Crear orden' }).click();
    const body = (await created).request().postDataJSON();
    expect(body.technicianId).toBe(tech.id);
    expect(body.trapIds).toHaveLength(3);
    // 10:30 in the browser's zone (America/Santiago, UTC-4 in May) is 14:30 UTC.
    expect(body.scheduledAt).toBe('2031-05-04T14:30:00.000Z');
    const order = await (await created).json();

    const card = page.getByRole('article', { name: `Orden #${order.id}` });
    await expect(card).toContainText(tech.fullName);
    await expect(card).toContainText('Pendiente');
    await expect(card).toContainText('0 de 3 trampas');
    await expect(card).toContainText('10:30');

    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Dashboard' }).click();
    const metric = (label: string) => page.locator('.metric', { hasText: label }).locator('.metric__value');
    await expect(metric('Sesiones programadas')).toHaveText(String(before.totalSessions + 1));
    await expect(metric('Trampas pendientes')).toHaveText(String(before.pendingTraps + 3));
  });

  test('closing with pending traps asks first and forces; a fully inspected order closes without asking', async ({ page, adminApi, asAdmin }) => {
    const traps = [await adminApi.createTrap(), await adminApi.createTrap()];
    const tech = await adminApi.createTechnician();
    const pending = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
    const done = await adminApi.createOrder({ technicianId: tech.id, trapIds: [traps[0]!.id] });
    await adminApi.scan(pending.id, traps[0]!.qrSlug);
    await adminApi.scan(done.id, traps[0]!.qrSlug);
    const before = await adminApi.compliance();

    await asAdmin('/admin/sessions');
    const card = page.getByRole('article', { name: `Orden #${pending.id}` });
    await expect(card).toContainText('En progreso');
    await expect(card).toContainText('1 de 2 trampas');
    await card.getByRole('button', { name: 'Cerrar orden' }).click();
    const confirm = page.getByRole('dialog', { name: `Cerrar orden #${pending.id}` });
    await expect(confirm).toContainText('La orden aún tiene trampas pendientes. ¿Deseas cerrarla de todos modos?');
    const forced = page.waitForRequest((request) => request.url().endsWith(`/api/sessions/${pending.id}/close`));
    await confirm.getByRole('button', { name: 'Cerrar orden' }).click();
    expect((await forced).postDataJSON()).toEqual({ force: true });
    await expect(page.getByRole('status')).toHaveText('Orden cerrada correctamente.');
    await expect(card).toContainText('Completada');
    await expect(card.getByRole('button', { name: 'Cerrar orden' })).toHaveCount(0);

    const [report] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Descargar reporte PDF' }).click()]);
    expect(report.suggestedFilename()).toBe(`orden-${pending.id}.pdf`);
    expect((await downloadBytes(report)).subarray(0, 4).toString()).toBe('%PDF');

    const doneCard = page.getByRole('article', { name: `Orden #${done.id}` });
    const plain = page.waitForRequest((request) => request.url().endsWith(`/api/sessions/${done.id}/close`));
    await doneCard.getByRole('button', { name: 'Cerrar orden' }).click();
    expect((await plain).postDataJSON()).toEqual({ force: false });
    await expect(doneCard).toContainText('Completada');

    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.locator('.metric', { hasText: 'Sesiones completadas' }).locator('.metric__value')).toHaveText(
      String(before.completedSessions + 2),
    );
  });

  test('deletes an order after the spec confirmation', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await asAdmin('/admin/sessions');
    const card = page.getByRole('article', { name: `Orden #${order.id}` });
    await card.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: `Eliminar orden #${order.id}` });
    await expect(confirm).toContainText('Esta acción eliminará la orden y su historial. ¿Deseas continuar?');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(card).toHaveCount(0);
  });

  test('failures to create, close or delete show the spec messages', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await asAdmin('/admin/sessions');
    const refuse = { status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'x' } };
    await page.route('**/api/sessions', (route) => (route.request().method() === 'POST' ? route.fulfill(refuse) : route.fallback()));
    await page.route(`**/api/sessions/${order.id}/close`, (route) => route.fulfill(refuse));
    await page.route(`**/api/sessions/${order.id}`, (route) => (route.request().method() === 'DELETE' ? route.fulfill(refuse) : route.fallback()));

    await page.getByRole('button', { name: '+ Crear orden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva orden' });
    await dialog.getByLabel('Técnico').selectOption({ label: `${tech.fullName} · ${tech.email}` });
    await dialog.getByLabel('Buscar trampas').fill(trap.code);
    await dialog.getByRole('checkbox', { name: trap.code }).check();
    await dialog.getByRole('button', { name: 'Crear orden' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('No se pudo crear la orden. Revisa los datos e inténtalo nuevamente.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    const card = page.getByRole('article', { name: `Orden #${order.id}` });
    await card.getByRole('button', { name: 'Cerrar orden' }).click();
    await page.getByRole('dialog', { name: `Cerrar orden #${order.id}` }).getByRole('button', { name: 'Cerrar orden' }).click();
    await expect(page.getByRole('alert')).toHaveText('No fue posible cerrar la orden. Intenta nuevamente.');

    await card.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog', { name: `Eliminar orden #${order.id}` }).getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByRole('alert')).toHaveText('No fue posible eliminar la orden. Intenta nuevamente.');
  });
});

test.describe('orders at scale', () => {
  test('pages the orders and filters them on the server, with the filters in the address', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician({ fullName: unique('Valentina Soto') });
    const orders = [];
    for (let index = 0; index < 26; index += 1) orders.push(await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] }));
    await adminApi.closeOrder(orders[3]!.id, true);

    await asAdmin('/admin/sessions');
    await page.getByLabel('Técnico').selectOption({ label: tech.fullName });
    await expect(page.getByText('Mostrando 1–24 de 26 órdenes')).toBeVisible();
    await expect(page.getByRole('article').first()).toHaveAccessibleName(`Orden #${orders[25]!.id}`);
    await page.getByRole('navigation', { name: 'Páginas de órdenes' }).getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText('Mostrando 25–26 de 26 órdenes')).toBeFocused();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`technicianId=${tech.id}.*page=2`));

    await page.getByLabel('Estado').selectOption({ label: 'Completada' });
    await expect(page.getByText('Mostrando 1–1 de 1 orden')).toBeVisible();
    await expect(page.getByRole('article', { name: `Orden #${orders[3]!.id}` })).toContainText('Completada');

    await page.getByLabel('Estado').selectOption({ label: 'Todos' });
    await page.getByLabel('Técnico').selectOption({ label: 'Todos' });
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(String(orders[10]!.id));
    await expect(page).toHaveURL(new RegExp(`\\?q=${orders[10]!.id}$`));
    await expect(page.getByRole('article', { name: `Orden #${orders[10]!.id}` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(String(orders[10]!.id));
    await expect(page.getByRole('article', { name: `Orden #${orders[10]!.id}` })).toBeVisible();
  });

  test('the trap picker reads a large area a page at a time and selects all of it from the server', async ({ page, adminApi, asAdmin }) => {
    const area = unique('Planta');
    for (let index = 1; index <= 130; index += 1) await adminApi.createTrap({ code: unique('GRD'), area });
    const tech = await adminApi.createTechnician();
    await asAdmin('/admin/sessions');
    await page.getByRole('button', { name: '+ Crear orden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva orden' });
    await dialog.getByLabel('Buscar trampas').fill(area);
    await expect(dialog.getByText(`${area} (130)`)).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(100);
    // The 30 not shown yet are read from the server for the area's select-all: the box is ticked once they arrive
    // (a click, not check(), which expects the state to change at once).
    const areaBox = dialog.getByRole('checkbox', { name: `Seleccionar área ${area}` });
    await areaBox.click();
    await expect(dialog.getByText('130 de 130 seleccionadas')).toBeVisible();
    await expect(areaBox).toBeChecked();
    await dialog.getByRole('button', { name: 'Mostrar más trampas (quedan 30)' }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(130);
    await expect(dialog.getByRole('checkbox', { checked: false })).toHaveCount(0);
    await dialog.getByLabel('Técnico').selectOption({ label: `${tech.fullName} · ${tech.email}` });
    const created = page.waitForResponse((response) => response.url().endsWith('/api/sessions') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Crear orden' }).click();
    expect((await created).request().postDataJSON().trapIds).toHaveLength(130);
  });
});

test.describe('compliance panel', () => {
  test('shows overdue orders as an alert, and marks them in the order list', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    const late = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id], scheduledAt: '2020-01-01T12:00:00.000Z' });
    const { overdueSessions } = await adminApi.compliance();
    expect(overdueSessions).toBeGreaterThan(0);
    await asAdmin('/admin/dashboard');
    await expect(page.getByText(`${overdueSessions} sesiones vencidas sin completar`)).toBeVisible();
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Órdenes' }).click();
    await expect(page.getByRole('article', { name: `Orden #${late.id}` })).toContainText('Vencida');
  });

  test('with no overdue orders the alerts panel congratulates', async ({ page, asAdmin }) => {
    await page.route('**/api/reports/compliance', (route) =>
      route.fulfill({ json: { totalSessions: 4, completedSessions: 3, completionRate: 75, pendingTraps: 2, overdueSessions: 0 } }),
    );
    await asAdmin('/admin/dashboard');
    await expect(page.getByText('Sin alertas por el momento. ¡Buen trabajo!')).toBeVisible();
    await expect(page.locator('.metric', { hasText: 'Cumplimiento' }).locator('.metric__value')).toHaveText('75 %');
  });

  test('downloads the operational report as PDF and Excel', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await asAdmin('/admin/dashboard');

    // Hold the PDF answer until the button has been seen busy, so 'Generando…' is observed, not assumed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/reports/export?format=pdf', async (route) => {
      await held;
      await route.fallback();
    });
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    await expect(page.getByRole('button', { name: 'Generando…' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Descargar Excel' })).toBeDisabled();
    release();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('reporte-operativo.pdf');
    expect((await downloadBytes(pdf)).subarray(0, 4).toString()).toBe('%PDF');
    await expect(page.getByRole('button', { name: 'Descargar PDF' })).toBeEnabled();

    const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar Excel' }).click()]);
    expect(excel.suggestedFilename()).toBe('reporte-operativo.xlsx');
    const bytes = await downloadBytes(excel);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const cells = workbook.worksheets.flatMap((sheet) => sheet.getSheetValues().flat().map(String));
    expect(cells.some((value) => value.includes(tech.fullName))).toBe(true);
    expect(cells.some((value) => value === String(order.id) || value.includes(`#${order.id}`))).toBe(true);
  });

  test('a failed download shows the spec message', async ({ page, asAdmin }) => {
    await page.route('**/api/reports/export?format=excel', (route) => route.fulfill({ status: 500, body: '' }));
    await asAdmin('/admin/dashboard');
    await page.getByRole('button', { name: 'Descargar Excel' }).click();
    await expect(page.getByRole('alert')).toHaveText('No se pudo descargar el reporte. Inténtalo nuevamente en unos segundos.');
  });
});
