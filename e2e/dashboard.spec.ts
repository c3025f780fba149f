import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { unique } from './support/accounts';
import { downloadBytes, expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { browserThisMonth } from './support/periods';

// The app's service worker: this file's tests work offline or check what it caches.
test.use({ serviceWorkers: 'allow' });

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

const metric = (page: Page, label: string) => page.locator('.metric', { hasText: label }).locator('.metric__value');

/** A `YYYY-MM-DD` day's first instant in the browser's zone, as the dashboard sends it. */
const browserMidnight = (page: Page, day: string) =>
  page.evaluate((value) => {
    const [year, month, date] = value.split('-').map(Number);
    return new Date(year!, month! - 1, date).toISOString();
  }, day);

const isReport = (format: string) => (url: URL) =>
  url.pathname === '/api/reports/export' && url.searchParams.get('format') === format;

/** Waits for the figures of the period starting at `from` (an ISO instant) to be asked for. */
const complianceRead = (page: Page, from: string) =>
  page.waitForResponse(
    (response) =>
      response.url().includes('/api/reports/compliance?') &&
      new URL(response.url()).searchParams.get('from') === from &&
      response.ok(),
  );

test.describe('compliance panel by period', () => {
  for (const [index, size] of SIZES.entries()) {
    test(`a period's figures, its overdue alert with a plural that agrees and its link, on ${size.name}`, async ({
      page,
      adminApi,
      asAdmin,
    }) => {
      await page.setViewportSize(size);
      // A month of 2015 no other test uses (one per size): the figures are this test's orders alone.
      const month = `2015-0${3 + index}`;
      const trap = await adminApi.createTrap();
      const tech = await adminApi.createTechnician({ fullName: unique('Rocío Díaz') });
      await adminApi.createOrder({
        technicianId: tech.id,
        trapIds: [trap.id],
        scheduledAt: `${month}-10T15:00:00.000Z`,
      });
      const done = await adminApi.createOrder({
        technicianId: tech.id,
        trapIds: [trap.id],
        scheduledAt: `${month}-11T15:00:00.000Z`,
      });
      await adminApi.scan(done.id, trap.qrSlug);
      await adminApi.closeOrder(done.id);

      await asAdmin('/admin/dashboard');
      const thisMonth = await adminApi.compliance(await browserThisMonth(page));
      await expect(page.getByLabel('Período')).toHaveValue('this-month');
      await expect(metric(page, 'Órdenes programadas')).toHaveText(String(thisMonth.totalSessions));

      // "Personalizado" offers two labelled dates, filled with the period on screen.
      await page.getByLabel('Período').selectOption({ label: 'Personalizado' });
      await expect(page.getByLabel('Desde')).not.toHaveValue('');
      const marchRead = complianceRead(page, await browserMidnight(page, `${month}-01`));
      await page.getByLabel('Desde').fill(`${month}-01`);
      await page.getByLabel('Hasta').fill(`${month}-28`);
      await marchRead;
      await expect(metric(page, 'Órdenes programadas')).toHaveText('2');
      await expect(metric(page, 'Órdenes completadas')).toHaveText('1');
      await expect(metric(page, 'Cumplimiento')).toHaveText('50 %');
      await expect(page.getByRole('link', { name: '1 orden vencida sin completar' })).toBeVisible();
      await expect(page.getByText(/\(s\)/)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screenshots/dashboard-period-${size.name}.png`, fullPage: true });

      // A second overdue order in the period: changing the period reads the figures again.
      await adminApi.createOrder({
        technicianId: tech.id,
        trapIds: [trap.id],
        scheduledAt: `${month}-12T15:00:00.000Z`,
      });
      await page.getByLabel('Hasta').fill(`${month}-27`);
      const alert = page.getByRole('link', { name: '2 órdenes vencidas sin completar' });
      await expect(alert).toBeVisible();
      await expect(metric(page, 'Órdenes programadas')).toHaveText('3');
      await expect(metric(page, 'Cumplimiento')).toHaveText('33,3 %');
      expect((await alert.boundingBox())!.height).toBeGreaterThanOrEqual(44);

      // The alert opens the order list filtered to the period's overdue orders.
      await alert.click();
      await expect(page).toHaveURL(new RegExp(`/admin/sessions\\?overdue=true&from=${month}-01&to=${month}-27$`));
      await page.goBack();
      await expect(page.getByLabel('Período')).toHaveValue('custom');
      await expect(page.getByLabel('Hasta')).toHaveValue(`${month}-27`);
    });
  }

  test('"Mes anterior" asks for last month in the browser\'s zone, and the figures follow', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    await asAdmin('/admin/dashboard');
    await expect(metric(page, 'Cumplimiento')).toBeVisible();
    const lastMonth = await page.evaluate(() => {
      const now = new Date();
      return {
        from: new Date(now.getFullYear(), now.getMonth() - 1, 1).toISOString(),
        to: new Date(now.getFullYear(), now.getMonth(), 1).toISOString(),
      };
    });
    const read = complianceRead(page, lastMonth.from);
    await page.getByLabel('Período').selectOption({ label: 'Mes anterior' });
    const response = await read;
    expect(new URL(response.url()).searchParams.get('to')).toBe(lastMonth.to);
    const figures = await adminApi.compliance(lastMonth);
    await expect(metric(page, 'Órdenes programadas')).toHaveText(String(figures.totalSessions));
    await expect(page).toHaveURL(/\?period=last-month$/);
  });

  test('a custom period that ends before it starts is refused on the spot, in Spanish', async ({ page, asAdmin }) => {
    await asAdmin('/admin/dashboard?period=custom&from=2026-05-10&to=2026-05-01');
    await expect(
      page.getByText('La fecha de inicio del período no puede ser posterior a la de término.'),
    ).toBeVisible();
    await expect(page.getByLabel('Desde')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Elige las fechas de inicio y de término del período.')).toBeVisible();
  });

  test('says the figures could not be read, and reads them again on "Reintentar"', async ({ page, asAdmin }) => {
    let fail = true;
    await page.route(
      (url) => url.pathname === '/api/reports/compliance',
      (route) => (fail ? route.fulfill({ status: 500, json: { message: 'Error interno' } }) : route.fallback()),
    );
    await asAdmin('/admin/dashboard');
    await expect(page.getByText('No se pudieron cargar los indicadores.')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(metric(page, 'Cumplimiento')).toBeVisible();
  });

  test('offline: a new period waits for the connection and says so, then loads', async ({ page, asAdmin }) => {
    await asAdmin('/admin/dashboard');
    await expect(metric(page, 'Cumplimiento')).toBeVisible();
    await page.context().setOffline(true);
    await page.getByLabel('Período').selectOption({ label: 'Este año' });
    await expect(page.getByText(/^Sin conexión con el servidor\. Los indicadores se cargarán/)).toBeVisible();
    await expect(page.getByText('Cargando indicadores...')).toHaveCount(0);
    await page.context().setOffline(false);
    await expect(metric(page, 'Cumplimiento')).toBeVisible();
  });

  test('downloads the PDF and the Excel of the chosen period', async ({ page, adminApi, asAdmin }) => {
    const trap = await adminApi.createTrap();
    const tech = await adminApi.createTechnician({ fullName: unique('Elena Soto') });
    const order = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [trap.id],
      scheduledAt: '2015-07-08T15:00:00.000Z',
    });
    await asAdmin('/admin/dashboard?period=custom&from=2015-07-01&to=2015-07-31');
    await expect(metric(page, 'Órdenes programadas')).toHaveText('1');

    // Hold the PDF answer until the button has been seen busy, so 'Generando…' is observed, not assumed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isReport('pdf'), async (route) => {
      await held;
      await route.fallback();
    });
    const pdfDownload = page.waitForEvent('download');
    const pdfRequest = page.waitForRequest((request) => request.url().includes('/api/reports/export?format=pdf'));
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    await expect(page.getByRole('button', { name: 'Generando…' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Descargar Excel' })).toBeDisabled();
    expect(new URL((await pdfRequest).url()).searchParams.get('from')).toBe(await browserMidnight(page, '2015-07-01'));
    release();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('reporte-operativo.pdf');
    expect((await downloadBytes(pdf)).subarray(0, 4).toString()).toBe('%PDF');
    await expect(page.getByRole('button', { name: 'Descargar PDF' })).toBeEnabled();

    const [excel] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar Excel' }).click(),
    ]);
    expect(excel.suggestedFilename()).toBe('reporte-operativo.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadBytes(excel)) as unknown as ArrayBuffer);
    const ids = (workbook.getWorksheet('Órdenes')!.getSheetValues().slice(2) as ExcelJS.CellValue[][]).map(
      (row) => row[1],
    );
    expect(ids).toEqual([order.id]);
    const summary = workbook.getWorksheet('Resumen')!;
    let rate: ExcelJS.Cell | undefined;
    summary.eachRow((row) => {
      if (row.getCell(1).value === 'Cumplimiento') rate = row.getCell(2);
    });
    expect(rate!.value).toBe(0);
    expect(rate!.numFmt).toBe('0.0 %');
  });

  test('a failed download shows the spec message', async ({ page, asAdmin }) => {
    await page.route(isReport('excel'), (route) => route.fulfill({ status: 500, body: '' }));
    await asAdmin('/admin/dashboard');
    await page.getByRole('button', { name: 'Descargar Excel' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'No se pudo descargar el reporte. Inténtalo nuevamente en unos segundos.',
    );
  });

  test('with no overdue orders the alerts panel congratulates', async ({ page, asAdmin }) => {
    // A period before any order: nothing due, nothing late.
    await asAdmin('/admin/dashboard?period=custom&from=2001-01-01&to=2001-01-31');
    await expect(page.getByText('Sin alertas por el momento. ¡Buen trabajo!')).toBeVisible();
    await expect(metric(page, 'Cumplimiento')).toHaveText('0 %');
  });
});

test.describe('trends', () => {
  test('the chart and its table show the same numbers, and a finding recorded now shows in this month', async ({
    page,
    adminApi,
    asAdmin,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const trap = await adminApi.createTrap({ area: unique('Bodega tendencias'), type: 'CEBADERO' });
    const tech = await adminApi.createTechnician();
    const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
    const scanned = await adminApi.scan(order.id, trap.qrSlug);
    await adminApi.recordFinding(order.id, scanned.item.id, { deviceStatus: 'OK', baitConsumption: 50 });

    await asAdmin('/admin/dashboard');
    const trends = page.getByRole('region', { name: 'Tendencias de los últimos 12 meses' });
    await trends.getByLabel('Series', { exact: true }).selectOption({ label: 'Por área' });
    const table = trends.getByRole('table', { name: 'Dispositivos con actividad (%)' });
    await expect(table.getByRole('columnheader', { name: trap.area! })).toBeVisible();
    await expect(
      trends.getByRole('img', { name: /^Gráfico de barras de dispositivos con actividad \(%\), \d+ intervalos/ }),
    ).toBeVisible();

    // Every bar's value (its title, "series, period: value") against the table's cell for that period and series.
    const headers = await table.locator('thead th').allTextContents();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
    const cell = (series: string, period: string) => rows.find((row) => row[0] === period)?.[headers.indexOf(series)];
    const bars = await trends.locator('svg rect title').allTextContents();
    expect(bars.length).toBeGreaterThan(0);
    for (const bar of bars) {
      const [, series, period, value] = /^(.*), (.*): (.*)$/.exec(bar)!;
      const inTable = cell(series!, period!);
      expect(inTable === '—' ? '0' : inTable, bar).toBe(value);
    }
    // This device: half its bait eaten is activity, so its area is at 100 % in the last period.
    const lastRow = rows[rows.length - 1]!;
    expect(lastRow[headers.indexOf(trap.area!)]).toBe('100');
    await expectNoSeriousA11yViolations(page);
  });
});
