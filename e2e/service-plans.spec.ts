import type { Site } from '@rondin/contracts';
import { unique } from './support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

/**
 * The browser's calendar day, as the plan form and the calendar read it (YYYY-MM-DD): in the browser's zone
 * (playwright.config.ts, America/Santiago), not this process's, which may already be on the next day.
 */
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
/** The day after the browser's: a first visit at 23:30 then lies ahead whatever the hour the test runs. */
const tomorrow = () => new Date(Date.parse(`${today()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Recurring service ([O]): the office sets a weekly plan on a site once; its orders appear on the calendar and on
 * the technician's phone by themselves, a missed visit is red and says so, and the calendar reassigns an order.
 */
test.describe('service plans', () => {
  // The specs that follow expect a single active site.
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  test('a weekly plan fills the calendar and the technician’s phone', async ({ page, browser, adminApi, asAdmin }) => {
    // A site in the browser's zone: the plan's 23:30 is the site's clock, and the calendar shows the browser's.
    const created = await page.request.post('/api/sites', {
      headers: { authorization: `Bearer ${adminApi.auth.accessToken}` },
      data: { name: unique('Planta Maipú'), timeZone: 'America/Santiago' },
    });
    const site: Site = await created.json();
    const area = unique('Bodega');
    const traps = [
      await adminApi.createTrap({ area, siteId: site.id }),
      await adminApi.createTrap({ area, siteId: site.id }),
    ];
    const tech = await adminApi.createTechnician({ fullName: unique('Técnica plan') });
    const other = await adminApi.createTechnician({ fullName: unique('Técnico relevo') });
    const name = unique('Control semanal');

    await asAdmin(`/admin/sites/${site.id}`);
    const section = page.getByRole('region', { name: 'Planes de servicio' });
    await section.getByRole('button', { name: 'Nuevo plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo plan de servicio' });
    await dialog.getByRole('button', { name: 'Crear plan' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('El nombre del plan es obligatorio.');
    await dialog.getByLabel(/Nombre/).fill(name);
    await dialog.getByLabel(/Técnico/).selectOption({ label: tech.fullName });
    await expect(dialog.getByLabel('Frecuencia')).toHaveValue('SEMANAL');
    await expect(dialog.getByLabel('Primera visita')).toHaveValue(today());
    // Tomorrow: today's 23:30 would already be past when the test runs between 23:30 and midnight.
    await dialog.getByLabel('Primera visita').fill(tomorrow());
    await dialog.getByLabel('Hora').fill('23:30');
    await expect(dialog.getByLabel('Días de anticipación')).toHaveValue('14');
    // The default horizon follows the frequency: two periods, the next two visits always in sight.
    await dialog.getByLabel('Frecuencia').selectOption({ label: 'Trimestral' });
    await expect(dialog.getByLabel('Días de anticipación')).toHaveValue('184');
    await dialog.getByLabel('Frecuencia').selectOption({ label: 'Semanal' });
    await expect(dialog.getByLabel('Días de anticipación')).toHaveValue('14');
    // Areas and types are the site's own, ticked, not typed.
    const areas = dialog.getByRole('group', { name: 'Áreas (opcional; ninguna marcada: todas)' });
    await expect(areas.getByRole('checkbox')).toHaveCount(1);
    await areas.getByRole('checkbox', { name: area }).check();
    await expect(dialog.getByRole('group', { name: /Tipos de dispositivo/ }).getByRole('checkbox')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Crear plan' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Plan «${name}» creado` })).toBeVisible();
    const card = section.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText('Semanal, a las 23:30');
    await expect(card).toContainText(`Dispositivos: ${area}`);
    await expect(card).toContainText('Órdenes creadas hasta el');
    await expectNoSeriousA11yViolations(page);

    // "Generar ahora": nothing is missing, and it says so.
    await card.getByRole('button', { name: `Generar ahora: ${name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'no faltaba ninguna orden' })).toBeVisible();

    // A visit of yesterday (the browser's day) left undone, for the same technician: red, and in words.
    const [yesterdayAt, yesterdayKey] = await page.evaluate(() => {
      const day = new Date();
      day.setDate(day.getDate() - 1);
      day.setHours(9, 0, 0, 0);
      const two = (value: number) => String(value).padStart(2, '0');
      return [day.toISOString(), `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`];
    });
    const missed = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [traps[0]!.id],
      scheduledAt: yesterdayAt,
    });

    await page.goto(`/admin/calendar?vista=semana&tecnico=${tech.id}&fecha=${tomorrow()}`);
    await expect(page.getByRole('heading', { name: 'Calendario', level: 1 })).toBeVisible();
    const grid = page.getByRole('table').first();
    const planned = grid.getByRole('listitem').filter({ hasText: '23:30' });
    await expect(planned).toHaveCount(1);
    await expect(planned).toContainText(site.name);
    await expect(planned).toContainText('Pendiente · Plan');
    const orderId = Number((await planned.getByRole('link').getAttribute('href'))!.split('/').at(-1));
    const load = page.getByRole('table', { name: /Carga por técnico/ });
    await expect(load.getByRole('row', { name: new RegExp(tech.fullName) })).toContainText('2 dispositivos');
    // The week named mid-sentence, in lower case (the heading above names it at the start of a line: «Lunes…»).
    await expect(load.locator('caption')).toHaveText(
      /^Carga por técnico, lunes, \d+ de [a-z]+ – domingo, \d+ de [a-z]+: órdenes y dispositivos de cada día$/,
    );
    await expectNoSeriousA11yViolations(page);
    // A week ahead: the plan's second order (the third, two weeks after tomorrow, is past the 14 days ahead).
    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await expect(grid.getByRole('listitem').filter({ hasText: '23:30' })).toHaveCount(1);

    // Yesterday's week: the missed visit, reassigned from the calendar through the orders' own dialog and route.
    await page.goto(`/admin/calendar?vista=semana&tecnico=${tech.id}&fecha=${yesterdayKey}`);
    const late = grid.getByRole('listitem').filter({ hasText: 'No realizada' });
    await expect(late).toHaveCount(1);
    await expect(late).toHaveClass(/calendar__order--late/);
    await late.getByRole('button', { name: `Reasignar la orden #${missed.id}` }).click();
    const reassign = page.getByRole('dialog', { name: `Reasignar orden #${missed.id}` });
    await reassign.getByLabel('Nuevo técnico').selectOption({ label: `${other.fullName} · ${other.email}` });
    await reassign.getByRole('button', { name: 'Reasignar' }).click();
    await expect(reassign).toBeHidden();
    // Filtered by the first technician, the order has left the calendar.
    await expect(late).toHaveCount(0);
    expect((await adminApi.session(missed.id)).technicianId).toBe(other.id);

    // The technician's phone lists the plan's orders with no one creating them by hand.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: page.url().split('/admin')[0],
    });
    const techPage = await phone.newPage();
    const login = await techPage.request.post('/api/auth/login', {
      data: { email: tech.email, password: tech.password },
    });
    const auth = await login.json();
    await techPage.goto('/login');
    await techPage.evaluate(
      (value) => localStorage.setItem('rondin.auth', value),
      JSON.stringify({ accessToken: auth.accessToken, user: auth.technician }),
    );
    await techPage.goto('/tech/sessions');
    const own = techPage.getByRole('region', { name: /Por completar/ });
    await expect(own.getByRole('article', { name: `Orden #${orderId}` })).toBeVisible();
    await expect(own.getByRole('article', { name: `Orden #${orderId}` })).toContainText('23:30');
    await phone.close();
  });

  test('a rotating plan of two technicians alternates its visits between them', async ({ page, adminApi, asAdmin }) => {
    const created = await page.request.post('/api/sites', {
      headers: { authorization: `Bearer ${adminApi.auth.accessToken}` },
      data: { name: unique('Planta Quilicura'), timeZone: 'America/Santiago' },
    });
    const site: Site = await created.json();
    await adminApi.createTrap({ area: unique('Bodega'), siteId: site.id });
    const first = await adminApi.createTechnician({ fullName: unique('Ana Turno') });
    const second = await adminApi.createTechnician({ fullName: unique('Beto Turno') });
    const name = unique('Control rotativo');

    await asAdmin(`/admin/sites/${site.id}`);
    const section = page.getByRole('region', { name: 'Planes de servicio' });
    await section.getByRole('button', { name: 'Nuevo plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo plan de servicio' });
    await dialog.getByLabel(/Nombre/).fill(name);
    await expect(dialog.getByRole('radio', { name: 'Rotativo' })).toBeChecked();
    // Chosen in the wrong order, then put right.
    await dialog.getByLabel('Técnico 1', { exact: true }).selectOption({ label: second.fullName });
    await dialog.getByRole('button', { name: 'Añadir técnico' }).click();
    await dialog.getByLabel('Técnico 2', { exact: true }).selectOption({ label: second.fullName });
    await dialog.getByRole('button', { name: 'Crear plan' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Un técnico aparece dos veces en el plan.');
    await dialog.getByLabel('Técnico 2', { exact: true }).selectOption({ label: first.fullName });
    await dialog.getByRole('button', { name: 'Subir al técnico 2' }).click();
    await expect(dialog.getByLabel('Técnico 1', { exact: true })).toHaveValue(String(first.id));
    await expect(dialog.getByLabel('Técnico 2', { exact: true })).toHaveValue(String(second.id));
    await dialog.getByLabel('Primera visita').fill(tomorrow());
    await dialog.getByLabel('Hora').fill('23:30');
    // Three weeks ahead: three visits.
    await dialog.getByLabel('Días de anticipación').fill('21');
    await dialog.getByRole('button', { name: 'Crear plan' }).click();
    await expect(dialog).toBeHidden();
    const card = section.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText(`Rotativo: ${first.fullName} → ${second.fullName}`);

    // Tomorrow's visit is the first technician's, the next week's the second's, the one after the first's again.
    await page.goto(`/admin/calendar?vista=semana&sitio=${site.id}&fecha=${tomorrow()}`);
    const visits = page.getByRole('table').first().getByRole('listitem').filter({ hasText: site.name });
    await expect(visits).toHaveCount(1);
    await expect(visits).toContainText(first.fullName);
    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await expect(visits).toHaveCount(1);
    await expect(visits).toContainText(second.fullName);
    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await expect(visits).toHaveCount(1);
    await expect(visits).toContainText(first.fullName);
    await expectNoSeriousA11yViolations(page);
  });
});
