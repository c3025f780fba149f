import type { Locator, Page } from '@playwright/test';
import { unique } from './support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const SHOTS = 'test-results/screenshots';

/** The cells of a trends table, row by row (header cell first), and its column headers. */
async function readTable(page: Page, name: string) {
  const table = page.getByRole('region', { name: 'Tendencias de los últimos 12 meses' }).getByRole('table', { name });
  const headers = await table.locator('thead th').allTextContents();
  const rows = await table
    .locator('tbody tr, tfoot tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
  return { table, headers, rows };
}

/** The chart's x-axis labels, left to right, as drawn: each one clear of the next. */
async function expectAxisLabelsApart(chart: Locator) {
  const boxes = await chart.locator('.trends__axis--x').evaluateAll((texts) =>
    texts.map((text) => {
      const box = text.getBoundingClientRect();
      return { text: text.textContent, left: box.left, right: box.right };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const [index, box] of boxes.entries())
    if (index > 0) expect(box.left, `${boxes[index - 1]!.text} | ${box.text}`).toBeGreaterThan(boxes[index - 1]!.right);
}

// The server is shared with the files its worker runs next, which expect a single active site, as sites.spec.ts says.
test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

test('the site page charts its trends against its own limits, and the chart and its table agree', async ({
  page,
  adminApi,
  asAdmin,
}) => {
  const site = await adminApi.createSite({ name: unique('Planta tendencias') });
  const trap = await adminApi.createTrap({ siteId: site.id, area: unique('Cámara'), type: 'CEBADERO' });
  // The site's own bait limits for its inside stations (a device without a zone is judged as inside).
  const limit = (level: 'ALERTA' | 'ACCION', value: number) => ({
    trapType: 'CEBADERO' as const,
    zone: 'INTERIOR' as const,
    riskLevel: null,
    metric: 'CONSUMO_CEBO' as const,
    pestGroup: null,
    level,
    value,
  });
  await adminApi.putSiteThresholds(site.id, [limit('ALERTA', 10), limit('ACCION', 20)]);
  const tech = await adminApi.createTechnician();
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
  const scanned = await adminApi.scan(order.id, trap.qrSlug);
  await adminApi.recordFinding(order.id, scanned.item.id, { deviceStatus: 'OK', baitConsumption: 50 });

  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await asAdmin(`/admin/sites/${site.id}`);
    const trends = page.getByRole('region', { name: 'Tendencias de los últimos 12 meses' });
    await trends.getByLabel('Indicador', { exact: true }).selectOption({ label: 'Consumo medio de cebo (%)' });
    const chart = trends.getByRole('img', { name: /^Gráfico de barras de consumo medio de cebo \(%\)/ });
    await expect(chart).toHaveAccessibleName(/Las líneas discontinuas son los umbrales de alerta y de acción/);
    // The site's limits, not the shipped 25 % and 50 %: dashed lines labelled on the chart, and in the table.
    await expect(chart.getByText('Acción 20', { exact: true })).toBeVisible();
    await expect(chart.getByText('Alerta 10', { exact: true })).toBeVisible();
    await expectAxisLabelsApart(chart);
    const { rows } = await readTable(page, 'Consumo medio de cebo (%)');
    expect(rows.at(-3)?.[1]).toBe('50');
    expect(rows.slice(-2)).toEqual([
      ['Umbral de acción', '20'],
      ['Umbral de alerta', '10'],
    ]);
    await page.screenshot({ path: `${SHOTS}/site-trends-${viewport.width}.png`, fullPage: true });
  }

  // Saving the site's limits on the same page redraws the lines (the form steps bait limits by 25 from 1).
  const trends = page.getByRole('region', { name: 'Tendencias de los últimos 12 meses' });
  await page.getByLabel(/^Valor de .*Alerta$/).fill('26');
  await page.getByLabel(/^Valor de .*Acción$/).fill('51');
  await page.getByRole('button', { name: 'Guardar umbrales' }).click();
  // Over all the site's devices the inner perimeter's shipped 25 % is still the strictest ACCION.
  await expect(trends.getByRole('img').getByText('Alerta 26', { exact: true })).toBeVisible();
  await expect(trends.getByRole('img').getByText('Acción 25', { exact: true })).toBeVisible();

  // By week and compared with the year before: every bar's value (its title) is the table's cell.
  const compared = page.waitForResponse((response) => response.url().includes('compare=prevYear'));
  await trends.getByLabel('Intervalo', { exact: true }).selectOption({ label: 'Por semana' });
  await trends.getByLabel('Comparar con el año anterior').check();
  await compared;
  await trends.getByLabel('Series', { exact: true }).selectOption({ label: 'Por área' });
  await expect(page.getByRole('columnheader', { name: trap.area! })).toBeVisible();
  await expectAxisLabelsApart(trends.getByRole('img'));
  const { headers, rows } = await readTable(page, 'Consumo medio de cebo (%)');
  const cell = (series: string, period: string) => rows.find((row) => row[0] === period)?.[headers.indexOf(series)];
  const bars = await trends.locator('svg rect title').allTextContents();
  expect(bars.length).toBeGreaterThan(0);
  for (const bar of bars) {
    const [, series, period, value] = /^(.*), (.*): (.*)$/.exec(bar)!;
    const inTable = cell(series!, period!);
    expect(inTable === '—' ? '0' : inTable, bar).toBe(value);
  }
  await expectNoSeriousA11yViolations(page);
});

test('the remote monitoring is a series of its own, beside the inspections it does not change', async ({
  page,
  adminApi,
  asAdmin,
}) => {
  const site = await adminApi.createSite({ name: unique('Planta remota') });
  const board = await adminApi.createTrap({ siteId: site.id, type: 'LAMINA' });
  const snap = await adminApi.createTrap({ siteId: site.id, type: 'CAPTURA' });
  const tech = await adminApi.createTechnician();
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [board.id] });
  const scanned = await adminApi.scan(order.id, board.qrSlug);
  await adminApi.recordFinding(order.id, scanned.item.id, { deviceStatus: 'OK', activity: 'BAJA' });
  const metric = 'Dispositivos con actividad (%)';
  const open = async () => {
    await asAdmin(`/admin/sites/${site.id}`);
    const trends = page.getByRole('region', { name: 'Tendencias de los últimos 12 meses' });
    await trends.getByLabel('Indicador', { exact: true }).selectOption({ label: metric });
    await expect(trends.getByRole('img')).toBeVisible();
    return trends;
  };
  await open();
  const before = await readTable(page, metric);
  expect(before.headers).toEqual(['Período', 'Todos los dispositivos']);

  await adminApi.sendRemoteEvent({ deviceCode: snap.code, siteId: site.id, type: 'CAPTURA', count: 2 });
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    const trends = await open();
    const chart = trends.getByRole('img');
    await expect(chart).toHaveAccessibleName(/La serie Remoto, con borde discontinuo, es la monitorización remota/);
    await expect(trends.locator('.trends__legend')).toContainText('Remoto: monitorización remota, no son inspecciones');
    const { headers, rows } = await readTable(page, metric);
    expect(headers).toEqual(['Período', 'Todos los dispositivos', 'Remoto']);
    // The inspections' column is what it was; the remote device's activity is its own 100 %.
    expect(rows.map((row) => row.slice(0, 2))).toEqual(before.rows);
    expect(rows.filter((row) => row[2] !== '—').map((row) => row[2])).toEqual(['100']);
    // Every bar's value (its title) is the table's cell; the remote bars drawn outlined, apart.
    const bars = await chart.locator('rect title').allTextContents();
    for (const bar of bars) {
      const [, series, period, value] = /^(.*), (.*): (.*)$/.exec(bar)!;
      const inTable = rows.find((row) => row[0] === period)?.[headers.indexOf(series!)];
      expect(inTable === '—' ? '0' : inTable, bar).toBe(value);
    }
    expect(await chart.locator('rect.trends__bar--remote').count()).toBe(rows.length);
    await page.screenshot({ path: `${SHOTS}/site-trends-remote-${viewport.width}.png`, fullPage: true });
  }
  await expectNoSeriousA11yViolations(page);
});
