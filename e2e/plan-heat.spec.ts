import { type APIRequestContext, type Page, request } from '@playwright/test';
import { HEAT_STYLES, type HeatClass, type Pest, type Plan, type Site, type Trap } from '@rondin/contracts';
import { unique } from './support/accounts';
import { type AdminApi, baseURL } from './support/api';
import { downloadBytes, expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { pdfText } from './support/pdf';
import { floorPlanPng } from './support/plan-image';

/**
 * The heat map of a plan: findings recorded through the API colour each device's marker by its activity over
 * the period, the scale says what each colour means, the table says it again in words and numbers, another
 * period changes them, and the PDF of the period is the one downloaded.
 */
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = 'test-results/screenshots';

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Arranged {
  site: Site;
  plan: Plan;
  traps: Record<'hot' | 'mild' | 'clean' | 'none', Trap>;
}

/**
 * Four devices on a new plan of the first site: one with two mice in its only inspection (ALTA), one with flies
 * in one inspection of three (MEDIA: a third), one inspected with nothing found (SIN_ACTIVIDAD), one never
 * inspected (SIN_DATOS).
 */
async function arrange(api: AdminApi): Promise<Arranged> {
  await api.keepOneActiveSite();
  const http = await request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { authorization: `Bearer ${api.auth.accessToken}` },
  });
  try {
    const [site] = (await api.sites()).filter((each) => each.isActive).sort((a, b) => a.id - b.id);
    const pests = await json<Pest[]>(await http.get('/api/pests'));
    const mouse = pests.find((pest) => pest.group === 'ROEDORES' && pest.isActive)!;
    const fly = pests.find((pest) => pest.group === 'VOLADORES' && pest.isActive)!;
    // A mark carries its code's number: codes ending in 1 to 4 are marks 1 to 4 whatever unique() made.
    const create = (mark: number, type: Trap['type']) =>
      api.createTrap({ code: `${unique('CAL')}-${mark}`, area: 'Bodega', siteId: site!.id, type });
    const traps = {
      hot: await create(1, 'CAPTURA'),
      mild: await create(2, 'LAMINA'),
      clean: await create(3, 'OTRO'),
      none: await create(4, 'CEBADERO'),
    };
    const plan = await json<Plan>(
      await http.post(`/api/sites/${site!.id}/plans`, {
        multipart: {
          name: unique('Bodega calor'),
          file: { name: 'plano.png', mimeType: 'image/png', buffer: floorPlanPng() },
        },
      }),
    );
    for (const [index, trap] of Object.values(traps).entries()) {
      await json(
        await http.put(`/api/traps/${trap.id}/placement`, { data: { planId: plan.id, x: 0.2 + 0.2 * index, y: 0.5 } }),
      );
    }
    const tech = await api.createTechnician();
    const visit = async (findings: [Trap, Parameters<AdminApi['recordFinding']>[2]][]) => {
      const order = await api.createOrder({ technicianId: tech.id, trapIds: findings.map(([trap]) => trap.id) });
      for (const [trap, finding] of findings) {
        await api.scan(order.id, trap.qrSlug);
        const item = order.items.find((each) => each.trapId === trap.id)!;
        await api.recordFinding(order.id, item.id, finding);
      }
    };
    await visit([
      [traps.hot, { deviceStatus: 'OK', captures: [{ pestId: mouse.id, count: 2 }] }],
      [traps.mild, { deviceStatus: 'OK', captures: [{ pestId: fly.id, count: 2 }] }],
      [traps.clean, { deviceStatus: 'OK' }],
    ]);
    await visit([[traps.mild, { deviceStatus: 'OK' }]]);
    await visit([[traps.mild, { deviceStatus: 'OK' }]]);
    return { site: site!, plan, traps };
  } finally {
    await http.dispose();
  }
}

/** A device's marker on the plan: its class and the colour it is filled with. */
async function expectMarker(page: Page, trap: Trap, heat: HeatClass) {
  const marker = page.locator(`.plan-marker[data-trap-id="${trap.id}"]`);
  await expect(marker).toHaveAttribute('data-heat', heat);
  await expect(marker.locator('.plan-marker__shape')).toHaveAttribute('fill', HEAT_STYLES[heat].color);
  await expect(marker.locator('title')).toHaveText(`${trap.code} · Actividad: ${HEAT_STYLES[heat].label}`);
}

/** A device's row in the table: its class in words, then its figures. */
async function expectRow(page: Page, trap: Trap, cells: string[]) {
  const row = page.getByRole('row', { name: new RegExp(trap.code) });
  await expect(row.getByRole('cell')).toHaveText(cells);
}

test('the heat map colours each device by its activity, says it in the scale and the table, and prints the period', async ({
  page,
  adminApi,
  asAdmin,
}) => {
  test.setTimeout(120_000);
  const { site, plan, traps } = await arrange(adminApi);
  await page.setViewportSize(LAPTOP);
  await asAdmin(`/admin/sites/${site.id}/plans/${plan.id}`);
  await page.getByRole('navigation', { name: 'Vista del plano' }).getByRole('link', { name: 'Mapa de calor' }).click();
  await expect(page).toHaveURL(/view=heat/);
  await expect(page.getByLabel('Período', { exact: true })).toHaveValue('last-12-months');
  await expect(page.getByRole('status').filter({ hasText: /^Actividad del / })).toBeVisible();

  await expectMarker(page, traps.hot, 'ALTA');
  await expectMarker(page, traps.mild, 'MEDIA');
  await expectMarker(page, traps.clean, 'SIN_ACTIVIDAD');
  await expectMarker(page, traps.none, 'SIN_DATOS');
  // N.º, class, inspections, with activity, captures, per week, highest activity, bait, exceptions, damaged.
  await expectRow(page, traps.hot, ['1', 'Alta', '1', '1', '2', '0,04', 'Actividad alta', '—', '0', '0']);
  await expectRow(page, traps.mild, ['2', 'Media', '3', '1', '2', '0,04', 'Actividad baja', '—', '0', '0']);
  await expectRow(page, traps.clean, ['3', 'Sin actividad', '1', '0', '0', '0', 'Sin actividad', '—', '0', '0']);
  await expectRow(page, traps.none, ['4', 'Sin datos', '0', '0', '0', '0', '—', '—', '0', '0']);
  const scale = page.getByRole('region', { name: 'Escala de actividad' });
  for (const [heat, count] of [
    ['ALTA', 1],
    ['MEDIA', 1],
    ['BAJA', 0],
    ['SIN_ACTIVIDAD', 1],
    ['SIN_DATOS', 1],
  ] as const) {
    await expect(scale.locator(`[data-heat="${heat}"]`)).toContainText(`${HEAT_STYLES[heat].label} · ${count}`);
  }
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/plan-heat-laptop.png`, fullPage: true });

  // The PDF of the same period: the heat map, with its period and each device's class.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF del período' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mapa-calor-bodega-calor-.*\.pdf$/);
  const text = await pdfText(await downloadBytes(download));
  expect(text).toContain('Mapa de calor');
  expect(text).toContain('Período');
  expect(text).toMatch(new RegExp(`${traps.hot.code}.*Alta`));

  // A month long past: nothing inspected, every device without data, and the screen says so.
  await page.getByLabel('Período', { exact: true }).selectOption('custom');
  await page.getByLabel('Desde').fill('2024-01-01');
  await page.getByLabel('Hasta').fill('2024-01-31');
  await expect(page.getByText('Ningún dispositivo del plano tuvo inspecciones en este período.')).toBeVisible();
  for (const trap of Object.values(traps)) await expectMarker(page, trap, 'SIN_DATOS');
  await expect(page).toHaveURL(/period=custom&from=2024-01-01&to=2024-01-31/);
  // A reversed period is refused before asking.
  await page.getByLabel('Desde').fill('2024-02-15');
  await expect(page.getByRole('status').filter({ hasText: 'no puede ser posterior' })).toBeVisible();

  // The phone: the plan, the scale and the table stacked.
  await page.setViewportSize(PHONE);
  await page.getByLabel('Período', { exact: true }).selectOption('last-12-months');
  await expectMarker(page, traps.hot, 'ALTA');
  await expectRow(page, traps.mild, ['2', 'Media', '3', '1', '2', '0,04', 'Actividad baja', '—', '0', '0']);
  await page.screenshot({ path: `${SHOTS}/plan-heat-phone.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);
});
