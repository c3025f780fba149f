import type { ServicePlan } from '@rondin/contracts';
import { unique } from './support/accounts';
import { expect, test } from './support/fixtures';
import { techPhone } from './support/phone';

/** 07:30 in Madrid on 15 January 2031 (UTC+1): 00:30 in Mexico City, 06:30 in the Canary Islands. */
const VISIT = '2031-01-15T06:30:00.000Z';

/**
 * Defect 8 of [T]: a Madrid site's 07:30 visit showed as 6:30 (the browser's hour, unnamed) on a computer or
 * phone set to another zone. Every screen writes the site's hour, and names the site's zone when it is not
 * the reader's.
 */
test.describe("a site's times in its zone", () => {
  test.use({ timezoneId: 'America/Mexico_City', viewport: { width: 1366, height: 768 } });
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  test("a Madrid site's 07:30 reads 07:30 (hora de Madrid) in Mexico City and the Canaries", async ({
    page,
    browser,
    baseURL,
    adminApi,
    asAdmin,
  }) => {
    const site = await adminApi.createSite({ name: unique('Planta Getafe'), timeZone: 'Europe/Madrid' });
    const trap = await adminApi.createTrap({ area: unique('Muelle'), siteId: site.id });
    const tech = await adminApi.createTechnician({ fullName: unique('Lucía Madrid') });
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id], scheduledAt: VISIT });
    const planName = unique('Control mensual');
    const created = await page.request.post('/api/service-plans', {
      headers: { authorization: `Bearer ${adminApi.auth.accessToken}` },
      data: {
        siteId: site.id,
        name: planName,
        technicianId: tech.id,
        frequency: 'MENSUAL',
        startDate: '2031-01-15',
        time: '07:30',
        horizonDays: 1,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const plan: ServicePlan = await created.json();

    // The orders list.
    await asAdmin(`/admin/sessions?technicianId=${tech.id}`);
    const card = page.getByRole('article', { name: `Orden #${order.id}` });
    await expect(card).toContainText('15 ene 2031, 7:30 (hora de Madrid)');

    // The order's detail.
    await card.getByRole('link', { name: `Orden #${order.id}` }).click();
    const facts = page.getByRole('region', { name: 'Datos de la orden' });
    await expect(facts).toContainText('15 ene 2031, 7:30 (hora de Madrid)');

    // The calendar: on the site's day, at the site's hour.
    await page.goto(`/admin/calendar?vista=semana&tecnico=${tech.id}&fecha=2031-01-15`);
    const visit = page.getByRole('listitem').filter({ hasText: site.name });
    await expect(visit).toContainText('07:30 (hora de Madrid)');
    await expect(page.getByRole('cell').filter({ has: visit })).toContainText(/miércoles, 15 de enero/i);

    // The site's service plans.
    await page.goto(`/admin/sites/${site.id}`);
    const planCard = page.getByRole('region', { name: 'Planes de servicio' }).getByRole('listitem').filter({
      hasText: plan.name,
    });
    await expect(planCard).toContainText('Mensual, a las 07:30 (hora de Madrid)');

    // The technician's phone, in the Canary Islands (an hour behind Madrid).
    const { phone, close } = await techPhone(browser, baseURL!, tech, 'Atlantic/Canary');
    await expect(phone.getByRole('article', { name: `Orden #${order.id}` })).toContainText(
      '15 ene 2031, 7:30 (hora de Madrid)',
    );
    await close();

    // In Madrid itself the hour needs no name.
    const { phone: inMadrid, close: closeMadrid } = await techPhone(browser, baseURL!, tech, 'Europe/Madrid');
    const madridCard = inMadrid.getByRole('article', { name: `Orden #${order.id}` });
    await expect(madridCard).toContainText('15 ene 2031, 7:30');
    await expect(madridCard).not.toContainText('hora de');
    await closeMadrid();
  });

  test("an order's date is typed in its Madrid site's hour from Mexico City, and rescheduled the same way", async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const site = await adminApi.createSite({ name: unique('Planta Alcalá'), timeZone: 'Europe/Madrid' });
    const trap = await adminApi.createTrap({ area: unique('Andén'), siteId: site.id });
    const tech = await adminApi.createTechnician({ fullName: unique('Pilar Hora') });

    await asAdmin('/admin/sessions');
    await page.getByRole('button', { name: '+ Crear orden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva orden' });
    await dialog.getByLabel('Sitio').selectOption(String(site.id));
    await dialog.getByLabel('Técnico').selectOption({ label: `${tech.fullName} · ${tech.email}` });
    const date = dialog.getByLabel('Fecha programada (opcional)');
    await expect(date).toHaveAccessibleDescription('A la hora del sitio: hora de Madrid.');
    await date.fill('2031-01-16T07:30');
    await dialog.getByLabel('Buscar trampas').fill(trap.code);
    await dialog.getByRole('checkbox', { name: trap.code }).check();
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/sessions') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Crear orden' }).click();
    const order = await (await created).json();
    // 07:30 in Madrid (UTC+1 in January), not in Mexico City (UTC-6).
    expect(order.scheduledAt).toBe('2031-01-16T06:30:00.000Z');

    await page.goto(`/admin/sessions/${order.id}`);
    await page.getByRole('button', { name: 'Reprogramar' }).click();
    const reschedule = page.getByRole('dialog', { name: `Reprogramar orden #${order.id}` });
    const when = reschedule.getByLabel('Fecha programada', { exact: true });
    await expect(when).toHaveValue('2031-01-16T07:30');
    await expect(when).toHaveAccessibleDescription('A la hora del sitio: hora de Madrid.');
    await when.fill('2031-01-17T08:15');
    const sent = page.waitForRequest((request) => request.method() === 'PATCH');
    await reschedule.getByRole('button', { name: 'Guardar fecha' }).click();
    expect((await sent).postDataJSON()).toEqual({ scheduledAt: '2031-01-17T07:15:00.000Z' });
    await expect(page.getByRole('region', { name: 'Datos de la orden' })).toContainText(
      '17 ene 2031, 8:15 (hora de Madrid)',
    );
  });
  test("the calendar shows a Madrid visit on the site's day at the week's edge, read from Mexico City", async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const site = await adminApi.createSite({ name: unique('Planta Móstoles'), timeZone: 'Europe/Madrid' });
    const trap = await adminApi.createTrap({ area: unique('Expedición'), siteId: site.id });
    const tech = await adminApi.createTechnician({ fullName: unique('Inés Borde') });
    // 00:30 in Madrid on Monday 13 and Monday 20 January 2031: still Sunday evening in Mexico City (UTC−6), the
    // day before the browser's week begins, and the last day of it.
    const monday = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [trap.id],
      scheduledAt: '2031-01-12T23:30:00.000Z',
    });
    const nextMonday = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [trap.id],
      scheduledAt: '2031-01-19T23:30:00.000Z',
    });

    await asAdmin(`/admin/calendar?vista=semana&tecnico=${tech.id}&fecha=2031-01-15`);
    const visit = page.getByRole('listitem').filter({ hasText: site.name });
    await expect(visit).toHaveCount(1);
    await expect(visit).toContainText('00:30 (hora de Madrid)');
    await expect(visit.getByRole('link', { name: `Orden #${monday.id}` })).toBeVisible();
    await expect(page.getByRole('cell').filter({ has: visit })).toContainText(/lunes, 13 de enero/i);
    // The next Monday's visit is next week's: not counted in this one.
    await expect(page.getByRole('heading', { level: 2, name: /· 1 orden$/ })).toBeVisible();

    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await expect(visit).toHaveCount(1);
    await expect(visit.getByRole('link', { name: `Orden #${nextMonday.id}` })).toBeVisible();
    await expect(page.getByRole('cell').filter({ has: visit })).toContainText(/lunes, 20 de enero/i);
  });
});
