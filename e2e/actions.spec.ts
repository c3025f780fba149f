import { type Page, request } from '@playwright/test';
import type { Pest, Session, Technician, Trap } from '@rondin/contracts';
import { randomUUID } from 'node:crypto';
import { unique } from './support/accounts';
import { AdminApi, baseURL, loginThroughApi } from './support/api';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = 'test-results/screenshots';

/**
 * A breach goes from the phone to the office: a technician records two mice in a snap trap inside the plant
 * (over the shipped ACCION limit of one rodent) through the API as the phone sends it; the dashboard counts the
 * open action and links to the list, where it shows, and its detail takes it through its states to closed.
 */
let tech: Technician & { password: string };
let snap: Trap;
let order: Session;

async function ok(response: Promise<import('@playwright/test').APIResponse>) {
  const answered = await response;
  if (!answered.ok()) throw new Error(`${answered.url()}: ${answered.status()} ${await answered.text()}`);
  return answered.json();
}

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    await api.keepOneActiveSite();
    snap = await api.createTrap({ code: unique('CAP'), area: unique('Envasado'), type: 'CAPTURA' });
    tech = await api.createTechnician({ fullName: unique('Marta Díaz') });
    order = await api.createOrder({ technicianId: tech.id, trapIds: [snap.id] });
  } finally {
    await api.dispose();
  }
  const auth = await loginThroughApi(tech.email, tech.password);
  const phone = await request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { authorization: `Bearer ${auth.accessToken}` },
  });
  try {
    const pests = (await ok(phone.get('/api/pests'))) as Pest[];
    const mouse = pests.find((pest) => pest.name === 'Ratón doméstico')!;
    await ok(
      phone.post(`/api/sessions/${order.id}/scan`, { data: { qrSlug: snap.qrSlug, clientScanId: randomUUID() } }),
    );
    const finding = {
      clientFindingId: randomUUID(),
      recordedAt: new Date().toISOString(),
      deviceStatus: 'OK',
      captures: [{ pestId: mouse.id, count: 2 }],
    };
    const url = `/api/sessions/${order.id}/items/${order.items[0]!.id}/finding`;
    await ok(phone.put(url, { data: finding }));
    // The phone's queue sends it again (a lost answer): still one action, one occurrence.
    await ok(phone.put(url, { data: finding }));
  } finally {
    await phone.dispose();
  }
});

const cardOf = (page: Page) =>
  page.getByRole('list', { name: 'Acciones correctivas' }).getByRole('listitem').filter({ hasText: snap.code });

test('the breach shows as an open action on the dashboard and in the list, and a person closes it', async ({
  page,
  asAdmin,
}) => {
  await page.setViewportSize(LAPTOP);
  await asAdmin('/admin/dashboard');
  const summary = page.getByRole('region', { name: 'Acciones correctivas' });
  const open = summary.getByRole('link', { name: /^\d+ Abiertas$/ });
  await expect(open).toBeVisible();
  await expect(open).not.toHaveAccessibleName('0 Abiertas');
  await expect(summary.getByRole('link', { name: /^\d+ Vencidas$/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/actions-dashboard-1366.png`, fullPage: true });
  await open.click();
  await expect(page).toHaveURL(/\/admin\/actions\?status=ABIERTA$/);
  await expect(page.getByLabel('Estado')).toHaveValue('ABIERTA');
  await expect(page.getByRole('heading', { level: 1, name: 'Acciones correctivas' })).toBeVisible();
  await expect(cardOf(page)).toHaveCount(1);
  await expect(cardOf(page)).toContainText('Abierta');
  await expect(cardOf(page)).toContainText('Umbral superado');
  await expect(cardOf(page)).toContainText(`Umbral de acción superado en ${snap.code}`);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/actions-list-1366.png`, fullPage: true });

  // The filters live in the address; closed ones only: not this one.
  await page.getByLabel('Estado').selectOption({ label: 'Cerrada' });
  await expect(page).toHaveURL(/status=CERRADA/);
  await expect(cardOf(page)).toHaveCount(0);
  await page.getByLabel('Estado').selectOption({ label: 'Abierta' });
  await page.getByLabel('Responsable').selectOption({ label: 'Empresa' });
  await expect(cardOf(page)).toHaveCount(1);

  // The detail, by keyboard: the card's link, then its state changes.
  await cardOf(page).getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Acción correctiva \d+/ })).toBeVisible();
  const occurrences = page.getByRole('region', { name: 'Ocurrencias' });
  // One occurrence (the replay added none), at the ACCION level, with what was seen against the limit.
  await expect(occurrences.getByRole('link', { name: `Orden ${order.id}` })).toHaveCount(1);
  await expect(occurrences.getByText('Acción: Capturas por inspección: 2 (límite 1)', { exact: true })).toBeVisible();
  await expect(page.getByText(/Se sugerirá cerrar cuando el dispositivo pase 2 inspecciones/)).toBeVisible();
  await page.getByLabel('Nuevo estado').selectOption({ label: 'En curso' });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Estado actualizado.' })).toBeVisible();
  await expect(page.getByLabel('Nuevo estado')).toHaveValue('CERRADA');
  await page.getByLabel('Cómo se verificó (obligatorio)').fill('Dos revisiones sin capturas.');
  await page.getByLabel('Verificada por (obligatorio)').fill('Jefa de calidad');
  await page.getByLabel('Nota de cierre (opcional)').fill('Se selló el acceso bajo la puerta del andén.');
  await page.getByRole('button', { name: 'Guardar' }).click();
  const history = page.getByRole('region', { name: 'Historial' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history).toContainText('En curso → Cerrada');
  await expect(history).toContainText('Se selló el acceso bajo la puerta del andén.');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/action-detail-1366.png`, fullPage: true });
});

test('on a phone the list, the dashboard and the thresholds fit the screen', async ({ page, asAdmin }) => {
  await page.setViewportSize(PHONE);
  await asAdmin('/admin/actions');
  await expect(cardOf(page)).toHaveCount(1);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/actions-list-390.png`, fullPage: true });
  await cardOf(page).getByRole('link').click();
  await expect(page.getByRole('region', { name: 'Historial' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/action-detail-390.png`, fullPage: true });
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('region', { name: 'Acciones correctivas' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/actions-dashboard-390.png`, fullPage: true });
  await page.goto('/admin/settings');
  const thresholds = page.getByRole('region', { name: 'Umbrales', exact: true });
  await expect(thresholds.getByText('Valores de fábrica, sin cambios.')).toBeVisible();
  await expect(
    thresholds.getByRole('spinbutton', {
      name: 'Valor de Trampa mecánica o de captura viva, Interior, Cualquiera, Capturas por inspección, Roedores, Acción',
    }),
  ).toHaveValue('1');
  await page.screenshot({ path: `${SHOTS}/thresholds-390.png`, fullPage: true });
  await page.setViewportSize(LAPTOP);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/thresholds-1366.png`, fullPage: true });
});

test("a site's own threshold is added and saved from the site's page", async ({ page, asAdmin, adminApi }) => {
  await page.setViewportSize(LAPTOP);
  const site = (await adminApi.sites()).find((each) => each.id === snap.siteId)!;
  await asAdmin(`/admin/sites/${site.id}`);
  const section = page.getByRole('region', { name: 'Umbrales del sitio' });
  await expect(section.getByText('El sitio no tiene umbrales propios.')).toBeVisible();
  const adding = section.getByRole('group', { name: 'Agregar umbral' });
  await adding.getByLabel('Tipo').selectOption({ label: 'Lámpara UV atrapa insectos' });
  await adding.getByLabel('Métrica').selectOption({ label: 'Capturas por inspección' });
  await adding.getByLabel('Grupo de plagas').selectOption({ label: 'Insectos voladores' });
  await adding.getByLabel('Valor (≥)').fill('40');
  await adding.getByRole('button', { name: 'Agregar umbral' }).click();
  await section.getByRole('button', { name: 'Guardar umbrales' }).click();
  await expect(section.getByRole('status')).toHaveText('Umbrales guardados: rigen desde ahora.');
  await expect(section.getByText(/Versión vigente desde/)).toBeVisible();
  await expect(section.getByRole('spinbutton', { name: /Valor de Lámpara UV atrapa insectos/ })).toHaveValue('40');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/site-thresholds-1366.png`, fullPage: true });
  // Back to none: the site follows the global thresholds again.
  await section.getByRole('button', { name: /Quitar Lámpara UV/ }).click();
  await section.getByRole('button', { name: 'Guardar umbrales' }).click();
  await expect(section.getByText('El sitio no tiene umbrales propios.')).toBeVisible();
});

test('a recommendation to the client is opened by hand, owned by the client', async ({ page, asAdmin }) => {
  await page.setViewportSize(LAPTOP);
  await asAdmin('/admin/actions');
  await page.getByRole('button', { name: 'Nueva acción' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva acción' });
  await dialog.getByLabel('Origen').selectOption({ label: 'Recomendación al cliente' });
  const text = unique('Sellar el hueco bajo la puerta del andén');
  await dialog.getByLabel('Descripción').fill(text);
  await dialog.getByLabel('Área').fill('Andén 3');
  await dialog.getByLabel('Nombre del responsable').fill('Jefe de mantención');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/action-new-1366.png` });
  await dialog.getByRole('button', { name: 'Crear acción' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Acción correctiva \d+/ })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByText('Cliente · Jefe de mantención')).toBeVisible();
  await expect(page.getByText('Recomendación al cliente')).toBeVisible();
  await page.getByRole('link', { name: 'Volver a las acciones' }).click();
  await page.getByLabel('Responsable').selectOption({ label: 'Cliente' });
  await expect(
    page.getByRole('list', { name: 'Acciones correctivas' }).getByRole('listitem').filter({ hasText: text }),
  ).toHaveCount(1);
});
