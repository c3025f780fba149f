import type { Plan, SiteRoute } from '@rondin/contracts';
import { request } from '@playwright/test';
import { unique } from './support/accounts';
import { baseURL } from './support/api';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { floorPlanPng } from './support/plan-image';

/** Issue 26, walk order: the phone (390 × 844, no camera: the printed code typed) follows the site's route. */
test.use({ viewport: { width: 390, height: 844 } });

test('the phone lists the order in the site’s walk order and, after each record, says which device comes next', async ({
  page,
  adminApi,
  signIn,
}) => {
  const area = unique('Andén');
  const first = await adminApi.createTrap({ code: unique('RUTA-C'), area });
  const second = await adminApi.createTrap({ code: unique('RUTA-A'), area: 'Bodega' });
  const last = await adminApi.createTrap({ code: unique('RUTA-B'), area });
  await adminApi.saveRoute(first.siteId, [first.id, second.id]);
  const tech = await adminApi.createTechnician();
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [last.id, second.id, first.id] });

  await signIn(tech, `/tech/sessions/${order.id}/scan`);
  const list = page.getByRole('region', { name: 'Listado de trampas' });
  await expect(list.locator('.trap-row__code')).toHaveText([first.code, second.code, last.code]);
  await expect(page.getByText(`Siguiente: ${first.code} · ${area}`)).toBeVisible();

  const field = page.getByLabel('Código impreso bajo el QR');
  await field.fill(first.qrSlug);
  await page.getByRole('button', { name: 'Registrar código' }).click();
  await page
    .getByRole('region', { name: `Hallazgo · ${first.code}` })
    .getByRole('button', { name: 'Sin novedad' })
    .click();
  await expect(page.getByText(`Siguiente: ${second.code} · Bodega`)).toBeVisible();

  await field.fill(second.qrSlug);
  await page.getByRole('button', { name: 'Registrar código' }).click();
  await page
    .getByRole('region', { name: `Hallazgo · ${second.code}` })
    .getByRole('button', { name: 'Sin novedad' })
    .click();
  // The device without a place in the walk comes after those with one.
  await expect(page.getByText(`Siguiente: ${last.code} · ${area}`)).toBeVisible();
});

test.describe('the office', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('«Recorrido» proposes a walk from the plan, a device moves with the keyboard, and the route is saved', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const http = await request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { authorization: `Bearer ${adminApi.auth.accessToken}` },
    });
    const area = unique('Patio');
    const near = await adminApi.createTrap({ code: unique('PLAN-B'), area });
    const start = await adminApi.createTrap({ code: unique('PLAN-A'), area });
    const far = await adminApi.createTrap({ code: unique('PLAN-C'), area });
    const plan = (await (
      await http.post(`/api/sites/${start.siteId}/plans`, {
        multipart: {
          name: unique('Plano'),
          file: { name: 'plano.png', mimeType: 'image/png', buffer: floorPlanPng() },
        },
      })
    ).json()) as Plan;
    for (const [trap, x] of [
      [start, 0.1],
      [near, 0.2],
      [far, 0.9],
    ] as const) {
      const placed = await http.put(`/api/traps/${trap.id}/placement`, { data: { planId: plan.id, x, y: 0.5 } });
      expect(placed.ok(), await placed.text()).toBe(true);
    }

    await asAdmin(`/admin/sites/${start.siteId}/plans/${plan.id}`);
    await page.getByRole('link', { name: 'Recorrido' }).click();
    await page.getByRole('button', { name: 'Proponer recorrido' }).click();
    await expect(page.getByText(/Propuesta desde los planos/)).toBeVisible();
    const list = page.getByRole('list', { name: 'Dispositivos en el orden del recorrido' });
    const ours = list.locator('.route-list__code').filter({ hasText: /^PLAN-/ });
    // The first by code starts, then nearest next.
    await expect(ours).toHaveText([start.code, near.code, far.code]);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: `Subir ${far.code}` }).focus();
    await page.keyboard.press('Enter');
    await expect(ours).toHaveText([start.code, far.code, near.code]);
    await expect(page.getByRole('button', { name: `Subir ${far.code}` })).toBeFocused();
    await page.getByRole('button', { name: 'Guardar recorrido' }).click();
    await expect(page.getByText('Recorrido guardado.')).toBeVisible();

    const saved = (await (await http.get(`/api/sites/${start.siteId}/route`)).json()) as SiteRoute;
    const places = new Map(saved.items.map((item) => [item.trapId, item.routeOrder]));
    expect(places.get(far.id)).toBe(places.get(start.id)! + 1);
    expect(places.get(near.id)).toBe(places.get(far.id)! + 1);
    await http.dispose();
  });
});
