import type { Technician, Trap } from '@rondin/contracts';
import { test as base, expect, request } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unique } from '../support/accounts';
import { AdminApi } from '../support/api';
import { CHROMIUM_PATH, fakeCameraArgs } from '../support/browser';
import { writeLabelVideo } from '../support/fake-camera';
import { waitForServiceWorker } from '../support/offline';

/**
 * The technician's day in production: Rondín on HTTPS behind Caddy, two processes sharing PostgreSQL and
 * Redis (e2e/https/global-setup.ts). The phone here is Chromium trusting Caddy's root certificate in its
 * own NSS database; it resolves the site's name to this machine. Over HTTPS the page is a secure context,
 * so the camera, the service worker and the offline queue all work; an order created through either
 * process reaches the phone live whichever process holds its socket.
 */
const VIDEO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/.fake-camera/https.y4m');
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through playwright.https.config.ts`);
  return value;
};

const test = base.extend({
  baseURL: async ({}, use) => use(env('E2E_HTTPS_URL')),
});
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...fakeCameraArgs(VIDEO), `--host-resolver-rules=MAP ${env('E2E_HTTPS_SITE')} 127.0.0.1`],
    env: { ...process.env, HOME: env('E2E_BROWSER_HOME') },
  },
});

let traps: Trap[] = [];
let tech: Technician & { password: string };

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    const area = unique('Andén');
    traps = [await api.createTrap({ area }), await api.createTrap({ area })];
    tech = await api.createTechnician({ fullName: unique('Rocío Vargas') });
    await writeLabelVideo(VIDEO, [await api.label(traps[0]!.id), await api.label(traps[1]!.id)], 2);
  } finally {
    await api.dispose();
  }
});

/** An order created through one of the two processes directly, as the office's request may land on either. */
async function createOrderThrough(processUrl: string, token: string, trapIds: number[]): Promise<number> {
  const api = await request.newContext({ baseURL: processUrl, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  try {
    const response = await api.post('/api/sessions', { data: { technicianId: tech.id, trapIds } });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  } finally {
    await api.dispose();
  }
}

test('over HTTPS through Caddy, two processes serve the camera, realtime and the offline queue', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const [first, second] = env('E2E_PROCESS_URLS').split(' ') as [string, string];

  // Signing in through the form, on the site's HTTPS address: a secure page, certificate trusted.
  const response = await page.goto('/login');
  expect(response?.url()).toBe(`${env('E2E_HTTPS_URL')}/login`);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
  await page.getByLabel('Correo').fill(tech.email);
  await page.getByLabel('Contraseña').fill(tech.password);
  const socketOpened = page.waitForEvent('websocket', (each) => each.url().includes('/socket.io/'));
  const frames: string[] = [];
  page.on('websocket', (each) => each.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'Órdenes asignadas' })).toBeVisible();
  await waitForServiceWorker(page);

  // An order created through each process reaches the phone live, whichever process holds its socket.
  expect((await socketOpened).url()).toMatch(/^wss:\/\//);
  await expect.poll(() => frames.some((frame) => frame.startsWith('40/sessions'))).toBe(true);
  const office = await AdminApi.open();
  const token = office.auth.accessToken;
  await office.dispose();
  const viaFirst = await createOrderThrough(first, token, [traps[0]!.id]);
  const viaSecond = await createOrderThrough(second, token, [traps[0]!.id, traps[1]!.id]);
  await expect(page.getByRole('article', { name: `Orden #${viaFirst}` })).toBeVisible({ timeout: 10_000 });
  const card = page.getByRole('article', { name: `Orden #${viaSecond}` });
  await expect(card).toBeVisible({ timeout: 10_000 });

  // The camera works on this secure page. The second label's scan finds no signal (its request fails as a
  // phone's would out of coverage) and waits on the phone; the first one reaches a process.
  const secondLabel = `**/api/sessions/${viaSecond}/scan`;
  await page.route(secondLabel, async (route) => {
    const body = route.request().postDataJSON() as { qrSlug: string };
    if (body.qrSlug === traps[1]!.qrSlug) await route.abort('internetdisconnected');
    else await route.continue();
  });
  await card.getByRole('link', { name: 'Abrir orden' }).click();
  await expect(page.getByRole('heading', { name: 'Escaneo de orden' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Listado de trampas' });
  const bar = page.getByRole('region', { name: 'Sincronización de escaneos' });
  await expect(list.getByText('Completada', { exact: true })).toHaveCount(1, { timeout: 30_000 });
  await expect(list.getByText('Hecha, por enviar', { exact: true })).toHaveCount(1, { timeout: 30_000 });
  await expect(bar.getByText('1 escaneo por enviar')).toBeVisible();

  // Fully offline, the app reloads from its service worker over HTTPS, with the scan still waiting.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Escaneo de orden' })).toBeVisible();
  await expect(bar.getByText('1 escaneo por enviar')).toBeVisible();

  // The signal returns: the waiting scan reaches a process, and the order shows both traps done.
  await page.unroute(secondLabel);
  await context.setOffline(false);
  await expect(bar.getByText(/escaneos? por enviar/)).toHaveCount(0, { timeout: 45_000 });
  await expect(list.getByText('Completada', { exact: true })).toHaveCount(2);

  // Both traps are stored once, whichever process took each scan, and the order closes.
  const api = await AdminApi.open();
  try {
    const saved = await api.session(viaSecond);
    expect(saved.completedCount).toBe(2);
  } finally {
    await api.dispose();
  }
  // The camera still sees the labels: «Ya registrada» shows under it, and with every device done it leaves the
  // phone's close bar in reach. Nothing was recorded at either device: the close asks, and «Sin novedad» is one tap.
  await expect(page.getByRole('status').filter({ hasText: 'Ya registrada' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Cerrar orden' }).click();
  await page
    .getByRole('dialog', { name: 'Faltan hallazgos' })
    .getByRole('button', { name: 'Registrar Sin novedad en 2 escaneados' })
    .click();
  // A first close asks for the technician's own signature, drawn once and kept.
  const own = page.getByRole('dialog', { name: 'Tu firma' });
  const pad = (await own.locator('canvas').boundingBox())!;
  await page.mouse.move(pad.x + 20, pad.y + pad.height * 0.7);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++)
    await page.mouse.move(pad.x + 20 + step * ((pad.width - 40) / 12), pad.y + pad.height * (step % 2 ? 0.3 : 0.7));
  await page.mouse.up();
  await own.getByRole('button', { name: 'Guardar mi firma y seguir' }).click();
  // Nobody there to sign (certificate.spec.ts draws a signature): the order closes with its certificate.
  const signature = page.getByRole('dialog', { name: 'Firma del cliente' });
  await signature.getByRole('checkbox', { name: 'Cliente ausente (nadie firma)' }).check();
  await signature.getByRole('radio', { name: 'Nadie del cliente en planta' }).check();
  await signature.getByRole('button', { name: 'Cerrar y emitir certificado' }).click();
  await expect(page.getByText('Orden cerrada correctamente.')).toBeVisible();
});
