import type { Site } from '@rondin/contracts';
import { expect, test } from './support/fixtures';
import { SCREENSHOT_SIZES } from './support/screenshot-sizes';

/**
 * Design review, not a check: `SCREENSHOTS=1 npx playwright test service-plans-screenshots` writes a site's
 * service plans, the plan form and the calendar (month and week) at phone and desktop size to
 * test-results/screenshots/, with a plan rotating between two technicians, one split by area, and a missed visit.
 */
test('screenshots of the service plans and the calendar', async ({ page, adminApi, asAdmin }) => {
  test.setTimeout(180_000);
  const created = await page.request.post('/api/sites', {
    headers: { authorization: `Bearer ${adminApi.auth.accessToken}` },
    data: { name: 'Planta Maipú', client: 'Alimentos del Sur S.A.', timeZone: 'America/Santiago' },
  });
  const site: Site = await created.json();
  const traps = [];
  for (let index = 1; index <= 6; index++) {
    traps.push(
      await adminApi.createTrap({ code: `PM-${index}`, area: index < 4 ? 'Bodega' : 'Muelle', siteId: site.id }),
    );
  }
  const maria = await adminApi.createTechnician({ fullName: 'María José Fuentes' });
  const pedro = await adminApi.createTechnician({ fullName: 'Pedro Alvarado' });
  const today = await page.evaluate(() => {
    const day = new Date();
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  });
  for (const data of [
    {
      name: 'Control semanal de bodega',
      technicians: [{ technicianId: maria.id }, { technicianId: pedro.id }],
      time: '08:30',
      frequency: 'SEMANAL',
    },
    {
      name: 'Revisión quincenal por zona',
      assignment: 'BY_AREA',
      technicians: [
        { technicianId: pedro.id, areas: ['Muelle'] },
        { technicianId: maria.id, areas: ['Bodega'] },
      ],
      time: '15:00',
      frequency: 'QUINCENAL',
    },
  ]) {
    const response = await page.request.post('/api/service-plans', {
      headers: { authorization: `Bearer ${adminApi.auth.accessToken}` },
      data: { siteId: site.id, startDate: today, ...data },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const yesterday = await page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() - 1);
    day.setHours(10, 0, 0, 0);
    return day.toISOString();
  });
  await adminApi.createOrder({ technicianId: maria.id, trapIds: [traps[0]!.id], scheduledAt: yesterday });

  const shot = (name: string, size: string) =>
    page.screenshot({ path: `test-results/screenshots/${name}-${size}.png`, fullPage: true });
  try {
    for (const size of SCREENSHOT_SIZES) {
      await page.setViewportSize(size);
      await asAdmin(`/admin/sites/${site.id}`);
      await expect(page.getByText('Control semanal de bodega')).toBeVisible();
      await shot('service-plans', size.name);
      await page.getByRole('button', { name: 'Nuevo plan' }).click();
      await expect(page.getByRole('dialog', { name: 'Nuevo plan de servicio' })).toBeVisible();
      await shot('service-plan-form', size.name);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Editar Revisión quincenal por zona' }).click();
      await expect(page.getByRole('group', { name: 'Áreas del técnico 2' })).toBeVisible();
      await shot('service-plan-form-by-area', size.name);
      await page.keyboard.press('Escape');
      await page.goto('/admin/calendar');
      await expect(page.getByRole('table').first()).toBeVisible();
      await shot('calendar-month', size.name);
      await page.goto('/admin/calendar?vista=semana');
      await expect(page.getByRole('table').first()).toBeVisible();
      await shot('calendar-week', size.name);
    }
  } finally {
    await adminApi.keepOneActiveSite();
  }
});
