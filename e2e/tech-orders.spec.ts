import { unique } from './support/accounts';
import { storeOwnSignature } from './support/api';
import { downloadBytes, expect, test } from './support/fixtures';

// The app's service worker: this file's tests work offline or check what it caches.
test.use({ serviceWorkers: 'allow' });

/** The technician's order list, and the scan screen without a camera (this browser has none). */
test.describe('technician orders', () => {
  test('open orders first, completed ones after with their report; loading text, local times and progress', async ({
    page,
    adminApi,
    signIn,
  }) => {
    const area = unique('Cocina');
    const traps = [await adminApi.createTrap({ area }), await adminApi.createTrap({ area: 'Recepción' })];
    const tech = await adminApi.createTechnician();
    const scheduled = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [traps[0]!.id],
      scheduledAt: '2031-05-04T14:30:00.000Z',
    });
    const done = await adminApi.createOrder({ technicianId: tech.id, trapIds: [traps[0]!.id] });
    await adminApi.scan(done.id, traps[0]!.qrSlug);
    await adminApi.closeOrder(done.id);
    const started = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
    await adminApi.scan(started.id, traps[0]!.qrSlug);

    // Hold the list until 'Cargando órdenes...' has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sessions/me/active', async (route) => {
      await held;
      await route.fallback();
    });
    await signIn(tech, '/tech/sessions');
    await expect(page.getByText('Cargando órdenes...')).toBeVisible();
    release();

    const open = page.getByRole('region', { name: /Por completar/ });
    const completed = page.getByRole('region', { name: /Completadas/ });
    await expect(open.getByRole('article')).toHaveCount(2);
    // A dated order comes before an undated one.
    await expect(open.getByRole('heading', { level: 3 })).toHaveText([
      `Orden #${scheduled.id}`,
      `Orden #${started.id}`,
    ]);
    await expect(completed.getByRole('heading', { level: 3 })).toHaveText([`Orden #${done.id}`]);
    await expect(completed.getByRole('heading', { level: 2 })).toHaveText(/Completadas\s*1/);

    const startedCard = page.getByRole('article', { name: `Orden #${started.id}` });
    await expect(startedCard).toContainText('En progreso');
    await expect(startedCard).toContainText('1 de 2 trampas completadas');
    await expect(startedCard).toContainText('50 %');
    await expect(startedCard).toContainText('Sin fecha programada');
    await expect(startedCard).toContainText(`${area} · Recepción`);
    await expect(startedCard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    const scheduledCard = page.getByRole('article', { name: `Orden #${scheduled.id}` });
    await expect(scheduledCard).toContainText('Pendiente');
    // The default site has no zone of its own: its times are the server's (10:30 if it is the browser's
    // America/Santiago, where it is named by nothing).
    const { timeZone } = (await (await page.request.get('/api/health')).json()) as { timeZone: string };
    const hour = new Intl.DateTimeFormat('es', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    await expect(scheduledCard).toContainText(hour.format(new Date('2031-05-04T14:30:00.000Z')));
    await expect(scheduledCard.getByRole('link', { name: 'Abrir orden' })).toHaveAttribute(
      'href',
      `/tech/sessions/${scheduled.id}/scan`,
    );

    const doneCard = page.getByRole('article', { name: `Orden #${done.id}` });
    await expect(doneCard).toContainText('Completada');
    await expect(doneCard).toContainText('1 de 1 trampas completadas');
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      doneCard.getByRole('button', { name: 'Descargar reporte PDF' }).click(),
    ]);
    expect(report.suggestedFilename()).toBe(`orden-${done.id}.pdf`);
    expect((await downloadBytes(report)).subarray(0, 4).toString()).toBe('%PDF');
  });

  test('progress made elsewhere shows without a reload, and signing out closes the realtime connection', async ({
    page,
    adminApi,
    signIn,
  }) => {
    const traps = [await adminApi.createTrap(), await adminApi.createTrap()];
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
    const frames: string[] = [];
    const socketOpened = page.waitForEvent('websocket');
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
    await signIn(tech, '/tech/sessions');
    const socket = await socketOpened;
    await expect.poll(() => frames.some((frame) => frame.startsWith('40/sessions'))).toBe(true);

    await adminApi.scan(order.id, traps[1]!.qrSlug);
    await expect.poll(() => frames.some((frame) => frame.includes('session.updated'))).toBe(true);
    const card = page.getByRole('article', { name: `Orden #${order.id}` });
    await expect(card).toContainText('1 de 2 trampas completadas', { timeout: 5_000 });
    await expect(card).toContainText('En progreso');

    const closed = socket.waitForEvent('close');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await closed;
    expect(socket.isClosed()).toBe(true);
  });

  test('without realtime the list still refreshes every 10 seconds and when the window regains focus', async ({
    page,
    adminApi,
    signIn,
  }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    // No realtime at all: a socket that never answers. Time is the page's fake clock.
    await page.routeWebSocket(/\/socket\.io\//, () => {});
    await page.clock.install();
    let listReads = 0;
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().endsWith('/api/sessions/me/active')) listReads += 1;
    });
    await signIn(tech, '/tech/sessions');
    await expect(page.getByText('No tienes órdenes asignadas por ahora.')).toBeVisible();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    const card = page.getByRole('article', { name: `Orden #${order.id}` });
    await page.clock.runFor(5_000);
    await expect(page.getByText('No tienes órdenes asignadas por ahora.')).toBeVisible();
    await page.clock.runFor(5_000);
    await expect(card).toBeVisible();

    const before = listReads;
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => listReads).toBe(before + 1);
  });

  test("completed orders come ten at a time, counted by the server; 'Ver más' brings the next ones and closes show up", async ({
    page,
    adminApi,
    signIn,
  }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    const closed: number[] = [];
    for (let index = 0; index < 12; index++) {
      const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
      await adminApi.closeOrder(order.id, true);
      closed.unshift(order.id);
    }
    const stillOpen = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    const listReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith('/api/sessions/me'))
        listReads.push(`${url.pathname}${url.search}`);
    });

    await signIn(tech, '/tech/sessions');
    const open = page.getByRole('region', { name: /Por completar/ });
    const completed = page.getByRole('region', { name: /Completadas/ });
    await expect(open.getByRole('heading', { level: 3 })).toHaveText([`Orden #${stillOpen.id}`]);
    await expect(completed.getByRole('heading', { level: 2 })).toHaveText(/Completadas\s*12/);
    await expect(completed.getByRole('heading', { level: 3 })).toHaveText(
      closed.slice(0, 10).map((id) => `Orden #${id}`),
    );
    await expect(completed.getByText('Mostrando 1–10 de 12 órdenes completadas')).toBeVisible();
    const lastCard = completed.getByRole('article', { name: `Orden #${closed[9]}` });
    await expect(lastCard).toContainText('Completada');
    await expect(lastCard.getByRole('button', { name: 'Descargar reporte PDF' })).toBeVisible();

    const more = completed.getByRole('button', { name: 'Ver más órdenes completadas' });
    const secondPage = page.waitForResponse((response) =>
      response.url().includes('/api/sessions/me?status=COMPLETED&page=2&pageSize=10'),
    );
    await more.focus();
    await page.keyboard.press('Enter');
    expect((await secondPage).ok()).toBe(true);
    await expect(completed.getByRole('heading', { level: 3 })).toHaveText(closed.map((id) => `Orden #${id}`));
    await expect(completed.getByRole('article', { name: `Orden #${closed[10]}` })).toBeFocused();
    await expect(completed.getByText('Mostrando 1–12 de 12 órdenes completadas')).toBeVisible();
    await expect(more).toHaveCount(0);

    // Closed by the administrator while the list is on screen: it moves down, and the count follows.
    await adminApi.closeOrder(stillOpen.id, true);
    await expect(completed.getByRole('heading', { level: 2 })).toHaveText(/Completadas\s*13/);
    await expect(completed.getByRole('heading', { level: 3 })).toHaveText(
      [stillOpen.id, ...closed].map((id) => `Orden #${id}`),
    );
    await expect(open.getByText('No tienes órdenes asignadas por ahora.')).toBeVisible();
    // The phone never asked for every order with its items.
    expect(listReads.filter((read) => read === '/api/sessions/me')).toEqual([]);
  });

  test('without a camera, the code printed on the label is typed; a wrong one is refused; the order closes', async ({
    page,
    adminApi,
    signIn,
  }) => {
    const traps = [await adminApi.createTrap({ area: 'Bodega sur' }), await adminApi.createTrap({ area: null })];
    const stranger = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    await storeOwnSignature(tech);
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
    await signIn(tech, `/tech/sessions/${order.id}/scan`);
    await expect(page.getByText('No se pudo acceder a la cámara')).toBeVisible();

    const field = page.getByLabel('Código impreso bajo el QR');
    const printed = (slug: string) =>
      slug
        .toUpperCase()
        .match(/.{1,4}/g)!
        .join(' ');
    const sent = page.waitForRequest((request) => request.url().endsWith(`/api/sessions/${order.id}/scan`));
    await field.fill(printed(traps[0]!.qrSlug));
    await page.getByRole('button', { name: 'Registrar código' }).click();
    expect((await sent).postDataJSON().qrSlug).toBe(traps[0]!.qrSlug);
    await expect(page.getByText('Trampa registrada correctamente.')).toBeVisible();
    await expect(field).toHaveValue('');
    const list = page.getByRole('region', { name: 'Listado de trampas' });
    await expect(list.getByRole('listitem').filter({ hasText: traps[0]!.code })).toContainText('Completada');
    await expect(page.getByText(`Orden #${order.id} · Progreso 1 de 2`)).toBeVisible();

    await field.fill(stranger.qrSlug.replace(/(.{4})/g, '$1-'));
    await field.press('Enter');
    await expect(page.getByText('No se pudo registrar el escaneo. Verifica el QR.')).toBeVisible();
    // One message, with the server's own reason (no second banner saying the same vaguer).
    await expect(
      page.getByText(new RegExp(`^${stranger.code}\\b.* es de este sitio pero no está en esta orden\\.$`)),
    ).toBeVisible();
    await expect(field).toHaveValue(stranger.qrSlug.replace(/(.{4})/g, '$1-'));
    await expect(page.getByRole('button', { name: 'Cerrar orden' })).toBeDisabled();

    await field.fill(traps[1]!.qrSlug);
    await field.press('Enter');
    await expect(page.getByText('Trampa registrada correctamente.')).toBeVisible();
    await expect(
      page.getByText('No se pudo registrar el escaneo. Verifica que el QR pertenezca a esta sesión.'),
    ).toHaveCount(0);
    await expect(list.getByRole('listitem').filter({ hasText: traps[1]!.code })).toContainText('Sin ubicación');
    await expect(page.getByText('Progreso actual: 2 de 2 trampas')).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar orden' }).click();
    // Both scanned, neither with a finding (their sheets were left): «Sin novedad» for both, in the close.
    await page
      .getByRole('dialog', { name: 'Faltan hallazgos' })
      .getByRole('button', { name: 'Registrar Sin novedad en 2 escaneados' })
      .click();
    // Nobody there to sign: the certificate says so and why (certificate.spec.ts draws a signature).
    const signature = page.getByRole('dialog', { name: 'Firma del cliente' });
    await signature.getByRole('checkbox', { name: 'Cliente ausente (nadie firma)' }).check();
    await signature.getByRole('radio', { name: 'Nadie del cliente en planta' }).check();
    await signature.getByRole('button', { name: 'Cerrar y emitir certificado' }).click();
    await expect(page.getByText('Orden cerrada correctamente.')).toBeVisible();
    await expect(page.getByText('Orden cerrada. No es necesario registrar más trampas.')).toBeVisible();
    expect((await adminApi.session(order.id)).status).toBe('COMPLETED');
    // Back on the list, the order just closed heads the completed ones.
    await page.getByRole('button', { name: '← Volver a órdenes' }).click();
    await expect(page.getByRole('region', { name: /Completadas/ }).getByRole('heading', { level: 3 })).toHaveText([
      `Orden #${order.id}`,
    ]);
    await expect(page.getByRole('region', { name: /Por completar/ }).getByRole('article')).toHaveCount(0);
  });

  test('on a phone, an order of many areas fits the screen and names client, site, address and zone', async ({
    page,
    adminApi,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const site = await adminApi.createSite({
      name: unique('Planta Norte'),
      client: 'Alimentos del Sur S.A.',
      address: 'Camino a Melipilla 12.345, bodega 7, Maipú',
      timeZone: 'Asia/Tokyo',
    });
    try {
      // Seven areas with long names: the list of them used to widen every card to ~700 px.
      const areas = [
        'Bodega de materias primas',
        'Sala de envasado norte',
        'Andén de despacho',
        'Casino',
        'Baños',
        'Patio',
        'Oficinas',
      ];
      const traps = [];
      for (const area of areas) traps.push(await adminApi.createTrap({ area: unique(area), siteId: site.id }));
      const tech = await adminApi.createTechnician();
      const order = await adminApi.createOrder({
        technicianId: tech.id,
        trapIds: traps.map((trap) => trap.id),
        scheduledAt: '2031-05-04T14:30:00.000Z',
      });
      await signIn(tech, '/tech/sessions');
      const card = page.getByRole('article', { name: `Orden #${order.id}` });
      await expect(card).toContainText(`Alimentos del Sur S.A. · ${site.name}`);
      await expect(card).toContainText('Camino a Melipilla 12.345, bodega 7, Maipú');
      await expect(card).toContainText('+4 más');
      // 14:30 UTC is 23:30 in Tokyo; the phone is in Santiago, so the zone is named.
      await expect(card).toContainText('23:30 (hora de Tokyo)');

      const open = card.getByRole('link', { name: 'Abrir orden' });
      await expect(open).toBeInViewport({ ratio: 1 });
      const overflow = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        card: Math.max(
          ...[...document.querySelectorAll('article')].map((article) => article.scrollWidth - article.clientWidth),
        ),
      }));
      expect(overflow).toEqual({ page: 0, card: 0 });
      expect((await card.boundingBox())!.width).toBeLessThanOrEqual(390);
    } finally {
      await adminApi.keepOneActiveSite();
    }
  });

  test('on a phone, overdue orders are flagged and come first, before the coming and the undated ones', async ({
    page,
    adminApi,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician();
    const undated = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    const coming = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [trap.id],
      scheduledAt: '2031-05-04T14:30:00.000Z',
    });
    const late = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [trap.id],
      scheduledAt: '2020-05-04T14:30:00.000Z',
    });
    await signIn(tech, '/tech/sessions');
    const open = page.getByRole('region', { name: /Por completar/ });
    await expect(open.getByRole('heading', { level: 3 })).toHaveText(
      [late, coming, undated].map((order) => `Orden #${order.id}`),
    );
    await expect(open.getByRole('article', { name: `Orden #${late.id}` })).toContainText('Vencida');
    await expect(open.getByText('Vencida', { exact: true })).toHaveCount(1);
  });

  test('offline, the list counts the scans waiting on the phone, as the scan screen does', async ({
    page,
    context,
    adminApi,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const traps = [];
    for (let index = 0; index < 5; index += 1) traps.push(await adminApi.createTrap());
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
    await adminApi.scan(order.id, traps[0]!.qrSlug);
    await signIn(tech, '/tech/sessions');
    const card = page.getByRole('article', { name: `Orden #${order.id}` });
    await expect(card).toContainText('1 de 5 trampas completadas');

    await card.getByRole('link', { name: 'Abrir orden' }).click();
    await expect(page.getByText(`Orden #${order.id} · Progreso 1 de 5`)).toBeVisible();
    await context.setOffline(true);
    await page.getByLabel('Código impreso bajo el QR').fill(traps[1]!.qrSlug);
    await page.getByLabel('Código impreso bajo el QR').press('Enter');
    await expect(
      page.getByText('Sin conexión: escaneo guardado en este dispositivo. Se enviará solo al volver la conexión.'),
    ).toBeVisible();
    await expect(page.getByText(`Orden #${order.id} · Progreso 2 de 5`)).toBeVisible();

    await page.getByRole('button', { name: '← Volver a órdenes' }).click();
    await expect(card).toContainText('2 de 5 trampas completadas · 1 por enviar');
    await expect(card).toContainText('40 %');

    // Back online the scan is sent: the server's count now says the same, with nothing waiting.
    await context.setOffline(false);
    await expect(card).toContainText('2 de 5 trampas completadas', { timeout: 30_000 });
    await expect(card).not.toContainText('por enviar', { timeout: 30_000 });
    expect((await adminApi.session(order.id)).completedCount).toBe(2);
  });

  test('a device out of reach is recorded with two taps on preset reasons, no note typed', async ({
    page,
    adminApi,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const trap = await adminApi.createTrap({ area: unique('Cámara de frío') });
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    await signIn(tech, `/tech/sessions/${order.id}/scan`);
    await page.getByRole('button', { name: `No encontrada o inaccesible: ${trap.code}` }).click();
    const dialog = page.getByRole('dialog', { name: `${trap.code}: no encontrada o inaccesible` });
    await expect(dialog.getByRole('textbox', { name: 'Nota' })).toHaveCount(0);
    await dialog.getByRole('radio', { name: 'Inaccesible' }).check();
    await dialog.getByRole('radio', { name: 'Área cerrada' }).check();
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await expect(dialog).toHaveCount(0);
    const row = page
      .getByRole('region', { name: 'Listado de trampas' })
      .getByRole('listitem')
      .filter({ hasText: trap.code });
    await expect(row).toContainText('Inaccesible: Área cerrada');
    await expect
      .poll(async () => (await adminApi.session(order.id)).items[0]!.exception)
      .toEqual({ reason: 'INACCESIBLE', reasonDetail: 'AREA_CERRADA', note: null });
  });

  test("another technician's order, or a bad order number, is not opened", async ({ page, adminApi, signIn }) => {
    const trap = await adminApi.createTrap();
    const owner = await adminApi.createTechnician();
    const other = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: owner.id, trapIds: [trap.id] });
    await signIn(other, `/tech/sessions/${order.id}/scan`);
    await expect(page.getByRole('alert')).toContainText('No se pudo cargar la orden.');
    await page.goto('/tech/sessions/no-es-numero/scan');
    await expect(page).toHaveURL(/\/tech\/sessions$/);
  });
});
