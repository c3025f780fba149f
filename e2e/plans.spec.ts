import { type APIRequestContext, type Page, request } from '@playwright/test';
import type { Placement, Plan, PlanDetail, Site, Trap, TrapType } from '@rondin/contracts';
import { unique } from './support/accounts';
import { type AdminApi, baseURL } from './support/api';
import { downloadBytes, expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { pdfText } from './support/pdf';
import { readIndexedDb, waitForServiceWorker } from './support/offline';
import { floorPlanPdf, floorPlanPng } from './support/plan-image';

// The app's service worker: this file's tests work offline or check what it caches.
test.use({ serviceWorkers: 'allow' });

/**
 * Device maps: the office uploads a site's floor plan and places its devices on it, by dragging and with the
 * keyboard alone; the places survive a reload and print as a dated map; the technician sees the order's
 * pending devices on the plan on the phone.
 */

const PHONE = { width: 390, height: 844 };

/** The API as the administrator, for arranging what the screens start from. */
async function adminRequest(api: AdminApi): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { authorization: `Bearer ${api.auth.accessToken}` },
  });
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The first active site: the one every spec file's traps go to, so no screen starts asking for a site. */
async function firstSite(http: APIRequestContext): Promise<Site> {
  const sites = await json<Site[]>(await http.get('/api/sites'));
  const site = sites.filter((each) => each.isActive).sort((a, b) => a.id - b.id)[0];
  if (!site) throw new Error('no active site');
  return site;
}

async function createTrap(http: APIRequestContext, siteId: number, code: string, type: TrapType): Promise<Trap> {
  return json<Trap>(await http.post('/api/traps', { data: { code, area: 'Bodega', isActive: true, siteId, type } }));
}

async function uploadPlan(http: APIRequestContext, siteId: number, name: string): Promise<Plan> {
  return json<Plan>(
    await http.post(`/api/sites/${siteId}/plans`, {
      multipart: { name, file: { name: 'plano.png', mimeType: 'image/png', buffer: floorPlanPng() } },
    }),
  );
}

async function place(http: APIRequestContext, trapId: number, planId: number, x: number, y: number) {
  return json<Placement>(await http.put(`/api/traps/${trapId}/placement`, { data: { planId, x, y } }));
}

/** The row of a device in the editor's list, found through the list's search (the site may hold many). */
async function deviceRow(page: Page, code: string) {
  await page.getByLabel('Buscar por código').fill(code);
  const row = page.locator(`[data-trap-code="${code}"]`);
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('device maps', () => {
  test('upload a plan, place one device by dragging and one with the keyboard, reload and see them, print the map', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const http = await adminRequest(adminApi);
    const site = await firstSite(http);
    const prefix = unique('M');
    const dragged = await createTrap(http, site.id, `${prefix}-A01`, 'CEBADERO');
    const keyed = await createTrap(http, site.id, `${prefix}-B02`, 'LAMINA');
    const name = unique('Bodega planta baja');

    await asAdmin(`/admin/sites/${site.id}`);
    await expect(page.getByRole('heading', { name: site.name, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Subir plano' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Subir plano' });
    await dialog.getByLabel('Nombre del plano').fill(name);
    await dialog
      .getByLabel('Imagen o PDF del plano')
      .setInputFiles({ name: 'planta.png', mimeType: 'image/png', buffer: floorPlanPng() });
    await dialog.getByRole('button', { name: 'Subir plano' }).click();
    await expect(page.getByText(`Se subió el plano «${name}».`)).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText('0 dispositivos ubicados');
    await card.getByRole('link', { name: 'Ubicar dispositivos' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const plan = page.getByRole('application', { name: `Plano «${name}»` });
    await expect(plan.locator('img')).toHaveJSProperty('complete', true);
    await expectNoSeriousA11yViolations(page);

    // Dragged from the list onto the plan, with the mouse.
    const row = await deviceRow(page, dragged.code);
    const from = (await row.boundingBox())!;
    const to = (await plan.locator('img').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width * 0.3, to.y + to.height * 0.4, { steps: 12 });
    await page.mouse.up();
    const status = page.locator('.plan-editor__status');
    await expect(status).toHaveText(`Se ubicó ${dragged.code} en el plano con el n.º 1.`);

    // With the keyboard alone: Enter on the device, the arrows move the cross, Enter leaves it there.
    await (await deviceRow(page, keyed.code)).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Plano: usar con el teclado' })).toBeFocused();
    for (let step = 0; step < 4; step++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(`Se ubicó ${keyed.code} en el plano con el n.º 2.`);

    // Saved at once: a reload shows both on the plan, numbered in code order.
    await page.reload();
    await page.getByLabel('Buscar por código').fill(prefix);
    const here = page.getByRole('region', { name: 'En este plano' });
    await expect(here.locator('[data-trap-code]')).toHaveText([
      new RegExp(`${dragged.code}.*n\\.º 1`),
      new RegExp(`${keyed.code}.*n\\.º 2`),
    ]);
    await expect(plan.locator('.plan-marker')).toHaveCount(2);
    const planId = Number(page.url().split('/').pop());
    const saved = await json<PlanDetail>(await http.get(`/api/plans/${planId}`));
    const at = (trap: Trap) => saved.devices.find((device) => device.trapId === trap.id)!;
    expect(at(dragged).x).toBeCloseTo(0.3, 1);
    expect(at(dragged).y).toBeCloseTo(0.4, 1);
    // The cross starts at the centre of the fitted plan; four Shift+→ are four steps of 2.5 %.
    expect(at(keyed).x).toBeCloseTo(0.6, 2);
    expect(at(keyed).y).toBeCloseTo(0.5, 2);

    // 'Imprimir plano' downloads the dated map with both devices in its legend.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Imprimir plano' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mapa-.*\.pdf$/);
    const pdf = await downloadBytes(download);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(dragged.code);
    expect(text).toContain(keyed.code);
    await http.dispose();
  });

  test('every point of the plan takes a click: the top edge under the old banner, and right beside a marker', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const http = await adminRequest(adminApi);
    const site = await firstSite(http);
    const prefix = unique('T');
    const neighbour = await createTrap(http, site.id, `${prefix}-01`, 'CEBADERO');
    const planRecord = await uploadPlan(http, site.id, unique('Andén'));
    await place(http, neighbour.id, planRecord.id, 0.5, 0.5);

    for (const [index, size] of [PHONE, { width: 1366, height: 768 }].entries()) {
      const top = await createTrap(http, site.id, `${prefix}-${index}2`, 'LAMINA');
      const beside = await createTrap(http, site.id, `${prefix}-${index}3`, 'CAPTURA');
      await page.setViewportSize(size);
      await asAdmin(`/admin/sites/${site.id}/plans/${planRecord.id}`);
      const plan = page.getByRole('application', { name: `Plano «${planRecord.name}»` });
      const image = plan.locator('img');
      await expect(image).toHaveJSProperty('complete', true);
      const choose = async (code: string) => {
        if (size === PHONE) await page.getByRole('button', { name: /^Dispositivos/ }).click();
        await (await deviceRow(page, code)).click();
        await expect(page.locator('.plan-selection__text')).toHaveText(new RegExp(`^Ubicar ${code}:`));
      };
      const status = page.locator('.plan-editor__status');

      // The top edge of the plan, where «Ubicar …» used to stand over it.
      await choose(top.code);
      const box = (await image.boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.3, box.y + 6);
      await expect(status).toHaveText(new RegExp(`^Se ubicó ${top.code}`));

      // Right beside another device's marker, a hair from its edge (markers are 28 px across): placed there.
      await choose(beside.code);
      const marker = (await plan.locator(`[data-trap-id="${neighbour.id}"] .plan-marker__shape`).boundingBox())!;
      await page.mouse.click(marker.x + marker.width + 3, marker.y + marker.height / 2);
      await expect(status).toHaveText(new RegExp(`^Se ubicó ${beside.code}`));
      // And on the marker's own edge while moving one: the device goes there, the neighbour is not chosen.
      if (size === PHONE) await page.getByRole('button', { name: /^Dispositivos/ }).click();
      await (await deviceRow(page, beside.code)).click();
      await page.getByRole('button', { name: 'Mover' }).click();
      await expect(page.locator('.plan-selection__text')).toHaveText(new RegExp(`^Mover ${beside.code}:`));
      await page.mouse.click(marker.x + 3, marker.y + marker.height / 2);
      await expect(status).toHaveText(`Se movió ${beside.code}.`);

      // The status shows as the move is sent: the server's copy is read once it holds the move.
      const besideX = async () =>
        (await json<PlanDetail>(await http.get(`/api/plans/${planRecord.id}`))).devices.find(
          (device) => device.trapId === beside.id,
        )!.x;
      await expect.poll(besideX).toBeLessThan(0.5);
      const saved = await json<PlanDetail>(await http.get(`/api/plans/${planRecord.id}`));
      const at = (trap: Trap) => saved.devices.find((device) => device.trapId === trap.id)!;
      expect(at(top).y).toBeLessThan(0.05);
      expect(at(beside).x).toBeLessThan(0.5);
      expect(at(beside).x).toBeGreaterThan(0.45);
      expect(at(beside).y).toBeCloseTo(0.5, 2);
      expect(at(neighbour)).toMatchObject({ x: 0.5, y: 0.5 });
    }
    await http.dispose();
  });

  test('120 markers: bubbles with their count on the phone that spread as it zooms in, one by one at 1366', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const http = await adminRequest(adminApi);
    const site = await firstSite(http);
    const prefix = unique('K');
    const planRecord = await uploadPlan(http, site.id, unique('Planta'));
    // Ten rooms of twelve devices, 0.04 of the plan's width and 0.07 of its height apart: 14 px on the phone's
    // fitted plan (28 px markers would cover each other) and about 30 px at 1366 (side by side).
    const spots = Array.from({ length: 120 }, (_, index) => {
      const room = Math.floor(index / 12);
      const seat = index % 12;
      return {
        x: 0.04 + (room % 5) * 0.2 + (seat % 4) * 0.04,
        y: 0.1 + Math.floor(room / 5) * 0.45 + Math.floor(seat / 4) * 0.07,
      };
    });
    for (let start = 0; start < spots.length; start += 12) {
      await Promise.all(
        spots.slice(start, start + 12).map(async (spot, offset) => {
          const trap = await createTrap(
            http,
            site.id,
            `${prefix}-${String(start + offset).padStart(3, '0')}`,
            'CEBADERO',
          );
          await place(http, trap.id, planRecord.id, spot.x, spot.y);
        }),
      );
    }
    const shown = async (plan: ReturnType<Page['getByRole']>) => {
      const counts = await plan
        .locator('.plan-cluster')
        .evaluateAll((bubbles) => bubbles.map((bubble) => Number(bubble.getAttribute('data-count'))));
      return {
        bubbles: counts.length,
        inBubbles: counts.reduce((sum, count) => sum + count, 0),
        alone: await plan.locator('.plan-marker').count(),
      };
    };

    await page.setViewportSize(PHONE);
    await asAdmin(`/admin/sites/${site.id}/plans/${planRecord.id}`);
    const plan = page.getByRole('application', { name: `Plano «${planRecord.name}»` });
    await expect(plan.locator('img')).toHaveJSProperty('complete', true);
    // Every marker in a bubble that says how many it holds, one or two a room.
    await expect.poll(() => shown(plan)).toMatchObject({ inBubbles: 120, alone: 0 });
    expect((await shown(plan)).bubbles).toBeGreaterThanOrEqual(10);
    expect((await shown(plan)).bubbles).toBeLessThanOrEqual(20);
    await expect(plan.locator('.plan-cluster').first()).toHaveText(/^\d+$/);
    await page.screenshot({ path: test.info().outputPath('clusters-phone.png') });

    // A tap on a bubble zooms into its room: the markers spread, one by one, the first room's in view.
    await plan.locator('.plan-cluster').first().click();
    await expect.poll(() => shown(plan)).toEqual({ bubbles: 0, inBubbles: 0, alone: 120 });
    const view = (await plan.boundingBox())!;
    const first = (await plan.locator('.plan-marker').first().boundingBox())!;
    expect(first.x).toBeGreaterThan(view.x);
    expect(first.x + first.width).toBeLessThan(view.x + view.width);
    // 'Ver todo el plano' groups them again.
    await page.getByRole('button', { name: 'Ver todo el plano' }).click();
    await expect.poll(() => shown(plan)).toMatchObject({ inBubbles: 120, alone: 0 });

    // On the laptop the same markers stand apart: no bubble.
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect.poll(() => shown(plan)).toEqual({ bubbles: 0, inBubbles: 0, alone: 120 });
    await page.screenshot({ path: test.info().outputPath('clusters-desktop.png') });

    // Back on the phone, a device waiting for its place goes where a bubble is tapped; the plan does not zoom.
    const extra = await createTrap(http, site.id, `${prefix}-X`, 'LAMINA');
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(plan.locator('img')).toHaveJSProperty('complete', true);
    await expect.poll(async () => (await shown(plan)).inBubbles).toBe(120);
    await page.getByRole('button', { name: /^Dispositivos/ }).click();
    await (await deviceRow(page, extra.code)).click();
    await plan.locator('.plan-cluster').first().click();
    await expect(page.locator('.plan-editor__status')).toHaveText(new RegExp(`^Se ubicó ${extra.code}`));
    expect((await shown(plan)).inBubbles).toBe(120);
    await http.dispose();
  });

  test("an area's unplaced devices go along a line in two clicks, in code order, and one is then dragged", async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const http = await adminRequest(adminApi);
    const site = await firstSite(http);
    const prefix = unique('L');
    const area = unique('Pasillo');
    // Created out of order, codes that sort wrongly byte by byte: the line follows 1, 2, …, 10.
    const traps: Trap[] = [];
    for (const number of [10, 2, 1, 7, 5]) {
      traps.push(
        await json<Trap>(
          await http.post('/api/traps', {
            data: { code: `${prefix}-${number}`, area, isActive: true, siteId: site.id, type: 'CEBADERO' },
          }),
        ),
      );
    }
    const planRecord = await uploadPlan(http, site.id, unique('Nave'));

    await page.setViewportSize({ width: 1366, height: 768 });
    await asAdmin(`/admin/sites/${site.id}/plans/${planRecord.id}`);
    const plan = page.getByRole('application', { name: `Plano «${planRecord.name}»` });
    const image = plan.locator('img');
    await expect(image).toHaveJSProperty('complete', true);
    await page.getByRole('button', { name: 'Ubicar varios' }).click();
    await page.getByLabel('Dispositivos sin ubicar').selectOption({ label: `${area} (5)` });
    await page.getByRole('button', { name: 'En línea' }).click();
    await expect(page.locator('.plan-selection__text')).toContainText('donde va el primero de 5 dispositivos');

    const box = (await image.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.5);
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.5);
    await expect(plan.locator('.plan-marker--preview')).toHaveCount(5);
    await expect(page.locator('.plan-selection__text')).toContainText('5 dispositivos en línea');
    await page.getByRole('button', { name: 'Ubicar 5' }).click();
    const status = page.locator('.plan-editor__status');
    await expect(status).toHaveText(
      `Se ubicaron 5 dispositivos de «${area}». Arrastra cualquiera para ajustar su lugar.`,
    );
    await expect(plan.locator('.plan-marker--preview')).toHaveCount(0);

    const saved = await json<PlanDetail>(await http.get(`/api/plans/${planRecord.id}`));
    const byCode = new Map(saved.devices.map((device) => [device.code, device]));
    const xs = [1, 2, 5, 7, 10].map((number) => byCode.get(`${prefix}-${number}`)!.x);
    for (const [index, x] of xs.entries()) expect(x).toBeCloseTo(0.2 + index * 0.15, 2);
    for (const device of saved.devices) expect(device.y).toBeCloseTo(0.5, 2);

    // Then adjusted one by one, as any device: the last one dragged down.
    const last = byCode.get(`${prefix}-10`)!;
    const marker = (await plan.locator(`[data-trap-id="${last.trapId}"] .plan-marker__shape`).boundingBox())!;
    await page.mouse.move(marker.x + marker.width / 2, marker.y + marker.height / 2);
    await page.mouse.down();
    await page.mouse.move(marker.x + marker.width / 2, box.y + box.height * 0.7, { steps: 8 });
    await page.mouse.up();
    await expect(status).toHaveText(`Se movió ${prefix}-10.`);
    const moved = await json<PlanDetail>(await http.get(`/api/plans/${planRecord.id}`));
    expect(moved.devices.find((device) => device.trapId === last.trapId)!.y).toBeCloseTo(0.7, 1);
    await http.dispose();
  });

  test('a PDF plan becomes an image in the browser before it is uploaded', async ({ page, adminApi, asAdmin }) => {
    const http = await adminRequest(adminApi);
    const site = await firstSite(http);
    const name = unique('Plano desde PDF');

    await asAdmin(`/admin/sites/${site.id}`);
    await page.getByRole('button', { name: 'Subir plano' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Subir plano' });
    await dialog.getByLabel('Nombre del plano').fill(name);
    await dialog
      .getByLabel('Imagen o PDF del plano')
      .setInputFiles({ name: 'plano.pdf', mimeType: 'application/pdf', buffer: floorPlanPdf() });
    await expect(dialog.getByText('Se usará su página como imagen.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Subir plano' }).click();
    await expect(page.getByText(`Se subió el plano «${name}».`)).toBeVisible();
    const plans = await json<Plan[]>(await http.get(`/api/sites/${site.id}/plans`));
    const converted = plans.find((plan) => plan.name === name)!;
    expect(converted.mediaType).toBe('image/png');
    // The A4 page drawn 4,000 pixels along its longer side: the plan's labels stay readable zoomed in.
    expect([converted.width, converted.height]).toEqual([4000, 2827]);
    await http.dispose();
  });

  test('rename a plan, replace its image with the devices kept where they were, delete it and its devices go unplaced', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    const http = await adminRequest(adminApi);
    const site = await firstSite(http);
    const trap = await createTrap(http, site.id, `${unique('R')}-01`, 'FEROMONA');
    const plan = await uploadPlan(http, site.id, unique('Cocina'));
    await place(http, trap.id, plan.id, 0.25, 0.75);
    const renamed = unique('Cocina central');

    await asAdmin(`/admin/sites/${site.id}`);
    const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await card(plan.name).getByRole('button', { name: 'Renombrar' }).click();
    const rename = page.getByRole('dialog', { name: 'Renombrar plano' });
    await expect(rename.getByLabel('Nombre del plano')).toBeFocused();
    await rename.getByLabel('Nombre del plano').fill(renamed);
    await rename.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(`El plano ahora se llama «${renamed}».`)).toBeVisible();

    await card(renamed).getByRole('button', { name: 'Reemplazar imagen' }).click();
    const replace = page.getByRole('dialog', { name: 'Reemplazar imagen del plano' });
    await replace
      .getByLabel('Imagen o PDF del plano')
      .setInputFiles({ name: 'nueva.png', mimeType: 'image/png', buffer: floorPlanPng(1200, 900) });
    await replace.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      page.getByText(`Se reemplazó la imagen de «${renamed}». Los dispositivos siguen donde estaban.`),
    ).toBeVisible();
    await expect(card(renamed)).toContainText('1 dispositivo ubicado');
    const replaced = await json<PlanDetail>(await http.get(`/api/plans/${plan.id}`));
    expect([replaced.width, replaced.height]).toEqual([1200, 900]);
    expect(replaced.devices.map(({ trapId, x, y }) => ({ trapId, x, y }))).toEqual([
      { trapId: trap.id, x: 0.25, y: 0.75 },
    ]);

    await card(renamed).getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar plano' });
    await expect(confirm).toContainText(`Se eliminará el plano «${renamed}». 1 dispositivo quedará sin ubicar.`);
    await confirm.getByRole('button', { name: 'Eliminar plano' }).click();
    await expect(page.getByText(`Se eliminó el plano «${renamed}».`)).toBeVisible();
    await expect(card(renamed)).toHaveCount(0);
    const placements = await json<Placement[]>(await http.get(`/api/sites/${site.id}/placements`));
    expect(placements.some((placement) => placement.trapId === trap.id)).toBe(false);
    await http.dispose();
  });

  test('on the phone, the technician sees the pending devices of the order on its plan', async ({
    page,
    adminApi,
    signIn,
  }) => {
    await page.setViewportSize(PHONE);
    const { traps, tech, order } = await orderOnAPlan(adminApi);

    await signIn(tech, `/tech/sessions/${order.id}/scan`);
    await page.getByRole('button', { name: 'Ver en el plano' }).click();
    const dialog = page.getByRole('dialog', { name: 'Plano de la orden' });
    await expect(dialog.getByText('2 pendientes de 3 en este plano.')).toBeVisible();
    await expect(dialog.locator('.plan-marker--pending')).toHaveCount(2);
    // The one scanned last stands out.
    await expect(dialog.locator('.plan-marker--current')).toHaveCount(1);
    await expect(dialog.getByRole('region', { name: 'Pendientes en este plano' }).getByRole('listitem')).toHaveText([
      new RegExp(`^2${traps[1]!.code}`),
      new RegExp(`^3${traps[2]!.code}`),
    ]);
    await expect(dialog.getByRole('application').locator('img')).toHaveJSProperty('complete', true);
    // A wide plan fits the phone's width: nothing of the dialog is cut off at either side.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page);
  });

  test('the plan of an order opens without signal once the order was read', async ({ page, adminApi, signIn }) => {
    await page.setViewportSize(PHONE);
    const { tech, order } = await orderOnAPlan(adminApi);
    await signIn(tech, '/tech/sessions');
    await waitForServiceWorker(page);
    // The open orders' plans and their images are kept as soon as the list is read, before any order is opened.
    await expect
      .poll(async () => (await readIndexedDb<{ updatedAt: string }>(page, 'rondin-plan-images', 'images')).length)
      .toBe(1);
    await expect
      .poll(async () =>
        (await readIndexedDb<SavedQueries>(page, 'rondin-saved-queries', 'queries')).flatMap((saved) =>
          saved.state.queries.map((query) => query.queryKey),
        ),
      )
      .toContainEqual(['plans', 'order', order.id]);

    await page.context().setOffline(true);
    await page.goto(`/tech/sessions/${order.id}/scan`);
    await page.getByRole('button', { name: 'Ver en el plano' }).click();
    const dialog = page.getByRole('dialog', { name: 'Plano de la orden' });
    await expect(dialog.getByText('2 pendientes de 3 en este plano.')).toBeVisible();
    await expect(dialog.getByRole('application').locator('img')).toHaveJSProperty('complete', true);
    await page.context().setOffline(false);
  });
});

interface SavedQueries {
  state: { queries: { queryKey: unknown[] }[] };
}

/**
 * Three devices on a new plan of the first site, an order of them for a new technician (the only order they
 * have), the first already scanned.
 */
async function orderOnAPlan(adminApi: AdminApi) {
  const http = await adminRequest(adminApi);
  try {
    const site = await firstSite(http);
    const prefix = unique('F');
    const traps = [
      await createTrap(http, site.id, `${prefix}-01`, 'CEBADERO'),
      await createTrap(http, site.id, `${prefix}-02`, 'CAPTURA'),
      await createTrap(http, site.id, `${prefix}-03`, 'LUZ_UV'),
    ];
    const plan = await uploadPlan(http, site.id, unique('Almacén'));
    await place(http, traps[0]!.id, plan.id, 0.2, 0.3);
    await place(http, traps[1]!.id, plan.id, 0.5, 0.7);
    await place(http, traps[2]!.id, plan.id, 0.8, 0.3);
    const tech = await adminApi.createTechnician({ fullName: unique('Paula Rivas') });
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
    await adminApi.scan(order.id, traps[0]!.qrSlug);
    return { traps, tech, order };
  } finally {
    await http.dispose();
  }
}
