import { type Browser, type Page, request } from '@playwright/test';
import type { CertificateSummary, Session } from '@rondin/contracts';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unique } from './support/accounts';
import { AdminApi, baseURL, loginThroughApi, storeOwnSignature } from './support/api';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { SCREENSHOT_SIZES } from './support/screenshot-sizes';

/**
 * The client signs on the phone at the end of the visit: a signature drawn with a finger (touch pointer events)
 * travels with the close, ends up in the certificate the close issues, and the public verification page shows
 * that certificate's folio and the SHA-256 of the very bytes downloaded.
 */

test.afterAll(async () => {
  // Each order here is at a site of its own; the specs that follow expect a single active site.
  const api = await AdminApi.open();
  try {
    await api.keepOneActiveSite();
  } finally {
    await api.dispose();
  }
});

/**
 * An order of two devices, both inspected with nothing found, assigned to a new technician whose own signature is
 * stored (close-order.spec.ts asks for it the first time).
 */
async function finishedOrder(adminApi: AdminApi) {
  const site = await adminApi.createSite({ name: unique('Planta certificado'), client: 'Conservas del Norte' });
  const traps = [await adminApi.createTrap({ siteId: site.id }), await adminApi.createTrap({ siteId: site.id })];
  const tech = await adminApi.createTechnician();
  await storeOwnSignature(tech);
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: traps.map((trap) => trap.id) });
  for (const trap of traps) {
    const { item } = await adminApi.scan(order.id, trap.qrSlug);
    await adminApi.recordFinding(order.id, item.id, { deviceStatus: 'OK' });
  }
  return { site, tech, order };
}

/** The API as one user, to read what the screens produced. */
async function apiAs(account: { email: string; password: string }) {
  const auth = await loginThroughApi(account.email, account.password);
  return request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { authorization: `Bearer ${auth.accessToken}` },
  });
}

/** A signature-like zigzag drawn with a real touch (Chromium turns it into pointer events of type 'touch'). */
async function drawWithFinger(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const cdp = await page.context().newCDPSession(page);
  const points = Array.from({ length: 24 }, (_, index) => ({
    x: box.x + 20 + (index * (box.width - 40)) / 23,
    y: box.y + box.height / 2 + (index % 2 === 0 ? -1 : 1) * (box.height / 4) * Math.sin(index / 3),
  }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]!] });
  for (const point of points.slice(1))
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function drawWithMouse(page: Page, box: { x: number; y: number; width: number; height: number }) {
  await page.mouse.move(box.x + 30, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let step = 1; step <= 20; step++) {
    await page.mouse.move(box.x + 30 + step * ((box.width - 60) / 20), box.y + box.height * (step % 2 ? 0.3 : 0.7));
  }
  await page.mouse.up();
}

/** The size of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** `pdfimages -list`: one row per image (width and height), masks included. */
function pdfImages(pdf: Buffer): { type: string; width: number; height: number }[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'certificado-'));
  const file = path.join(folder, 'certificado.pdf');
  writeFileSync(file, pdf);
  const rows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2);
  return rows
    .map((row) => row.trim().split(/\s+/))
    .filter((cells) => cells.length > 5)
    .map((cells) => ({ type: cells[2]!, width: Number(cells[3]), height: Number(cells[4]) }));
}

function pdfText(pdf: Buffer): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'certificado-'));
  const file = path.join(folder, 'certificado.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function verificationPage(browser: Browser, size: { width: number; height: number }) {
  // A visitor: no sign-in stored, no service worker from the technician's visit.
  const context = await browser.newContext({ viewport: size, baseURL: baseURL(), serviceWorkers: 'block' });
  return { context, page: await context.newPage() };
}

for (const size of SCREENSHOT_SIZES) {
  test.describe(`at ${size.name} size (${size.width}×${size.height})`, () => {
    const phone = size.name === 'phone';
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: phone });

    test(`the client's ${phone ? 'finger' : 'mouse'} signature reaches the certificate, and /verificar shows its folio and hash`, async ({
      page,
      browser,
      adminApi,
      signIn,
    }) => {
      test.setTimeout(120_000);
      const { site, tech, order } = await finishedOrder(adminApi);
      const signer = unique('Ana Pérez');
      await signIn(tech, `/tech/sessions/${order.id}/scan`);
      await page.getByRole('button', { name: 'Cerrar orden' }).click();
      const dialog = page.getByRole('dialog', { name: 'Firma del cliente' });
      await expect(dialog).toBeVisible();

      // Nothing goes without a name and a signature.
      await dialog.getByRole('button', { name: 'Cerrar y emitir certificado' }).click();
      await expect(dialog.getByText('Falta el nombre de quien firma por el cliente.')).toBeVisible();
      await dialog.getByLabel('Nombre').fill(signer);
      await dialog.getByLabel(/Cargo/).fill('Jefa de calidad');

      const pointerTypes: string[] = [];
      await page.exposeFunction('notePointer', (type: string) => pointerTypes.push(type));
      const canvas = dialog.locator('canvas');
      await expect(canvas).toHaveAccessibleName('Recuadro de firma: sin firmar');
      // A finger draws there instead of scrolling the page.
      expect(await canvas.evaluate((element) => getComputedStyle(element).touchAction)).toBe('none');
      await canvas.evaluate((element) =>
        element.addEventListener('pointerdown', (event) => {
          (window as unknown as { notePointer: (type: string) => void }).notePointer(
            (event as PointerEvent).pointerType,
          );
        }),
      );
      await canvas.scrollIntoViewIfNeeded();
      const box = await canvas.boundingBox();
      if (!box) throw new Error('the signature box is not on screen');
      if (phone) await drawWithFinger(page, box);
      else await drawWithMouse(page, box);
      await expect(dialog.getByRole('img', { name: 'Recuadro de firma: firmado' })).toBeVisible();
      expect(pointerTypes).toEqual([phone ? 'touch' : 'mouse']);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screenshots/certificate-dialog-${size.name}.png`, fullPage: true });

      const closeRequest = page.waitForRequest(
        (request) => request.method() === 'POST' && request.url().endsWith(`/api/sessions/${order.id}/close`),
      );
      await dialog.getByRole('button', { name: 'Cerrar y emitir certificado' }).click();
      const sent = (await closeRequest).postDataJSON() as {
        clientSignature: { name: string; role: string; imagePng: string };
      };
      expect(sent.clientSignature.name).toBe(signer);
      expect(sent.clientSignature.role).toBe('Jefa de calidad');
      const png = Buffer.from(sent.clientSignature.imagePng, 'base64');
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.length).toBeLessThan(100 * 1024);

      const closed = page.getByRole('region', { name: 'Orden cerrada' });
      await expect(closed.getByText(/^Certificado \d{4}-\d{6}$/)).toBeVisible();
      await expect(closed.getByText(`Firma del cliente: ${signer}`)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screenshots/certificate-closed-${size.name}.png`, fullPage: true });

      // The certificate as the technician downloads it: the client's name and the drawn image are in it.
      const api = await apiAs(tech);
      const summary = (await (await api.get(`/api/sessions/${order.id}/certificate`)).json()) as CertificateSummary;
      const pdf = Buffer.from(await (await api.get(`/api/sessions/${order.id}/report`)).body());
      await api.dispose();
      expect(summary.clientName).toBe(signer);
      expect(summary.clientAbsent).toBe(false);
      await expect(closed.getByText(`Certificado ${summary.folio}`)).toBeVisible();
      const sha256 = createHash('sha256').update(pdf).digest('hex');
      expect(summary.sha256).toBe(sha256);
      expect(pdfText(pdf)).toContain(signer);
      const { width, height } = pngSize(png);
      expect(pdfImages(pdf).filter((image) => image.width === width && image.height === height).length).toBeGreaterThan(
        0,
      );

      // The office sees the same certificate on the order.
      const office = await adminApi.session(order.id);
      expect((office as Session).status).toBe('COMPLETED');

      // Anyone holding the certificate: the public page, with no sign-in.
      const code = new URL(summary.verifyUrl).pathname.split('/').pop()!;
      expect(new URL(summary.verifyUrl).pathname).toBe(`/verificar/${code}`);
      const visitor = await verificationPage(browser, size);
      await visitor.page.goto(`/verificar/${code}`);
      await expect(visitor.page.getByRole('heading', { name: 'Verificación de certificado' })).toBeVisible();
      await expect(visitor.page.getByText(summary.folio, { exact: false }).first()).toBeVisible();
      await expect(visitor.page.getByText(site.name)).toBeVisible();
      await expect(visitor.page.getByTestId('verify-sha256')).toHaveText(sha256);
      // What the certificate says, as it prints it, to hold a paper copy against: the service's date and times,
      // the technician, the devices and (none here) the products.
      const printed = pdfText(pdf).replace(/\s+/g, ' ');
      // «29-11-2026, de 10:02 a 10:04», or «29-11-2026 a las 10:02» for a visit within one minute.
      const serviceDate = /\d{2}-\d{2}-\d{4}(?:, de \d{2}:\d{2} a \d{2}:\d{2}| a las \d{2}:\d{2})/.exec(printed)![0];
      const content = visitor.page.getByRole('region', { name: 'Lo que dice el certificado' });
      await expect(content.getByText(serviceDate, { exact: true })).toBeVisible();
      await expect(content.getByText(tech.fullName, { exact: false })).toBeVisible();
      await expect(content.getByText('Previstos').locator('..')).toHaveText('Previstos2');
      await expect(content.getByText('Sin aplicación de biocidas en esta visita.')).toBeVisible();
      expect(printed).toContain('Sin aplicación de biocidas en esta visita.');
      expect(printed).toContain('Previstos 2 · inspeccionados 2');
      // Nothing but what the certificate holder needs: not the client's name.
      await expect(visitor.page.getByText(signer)).toHaveCount(0);
      await visitor.page.getByLabel('Elige el PDF del certificado').setInputFiles({
        name: `orden-${order.id}.pdf`,
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await expect(visitor.page.getByText('Coincide: el PDF es el certificado emitido, sin cambios.')).toBeVisible();
      await expectNoSeriousA11yViolations(visitor.page);
      await visitor.page.screenshot({
        path: `test-results/screenshots/certificate-verify-${size.name}.png`,
        fullPage: true,
      });
      const altered = Buffer.concat([pdf, Buffer.from('\n% cambiado\n')]);
      await visitor.page.getByLabel('Elige el PDF del certificado').setInputFiles({
        name: 'otro.pdf',
        mimeType: 'application/pdf',
        buffer: altered,
      });
      await expect(
        visitor.page.getByText('No coincide: ese PDF no es el certificado emitido o fue modificado.'),
      ).toBeVisible();

      await visitor.page.goto('/verificar/noexisteestecodigo0');
      await expect(visitor.page.getByText('Ningún certificado tiene ese código de verificación.')).toBeVisible();
      await visitor.context.close();
    });
  });
}

test('the office sees the folio, the signer, the verification link and the hash of a closed order', async ({
  page,
  adminApi,
  asAdmin,
}) => {
  const { order } = await finishedOrder(adminApi);
  await adminApi.closeOrder(order.id);
  await page.setViewportSize({ width: 1366, height: 768 });
  await asAdmin(`/admin/sessions/${order.id}`);
  const section = page.getByRole('region', { name: /^Certificado \d{4}-\d{6}$/ });
  await expect(section).toBeVisible();
  // The office closed it without the client's signature: the client is recorded absent, and why.
  await expect(section.getByText('Cliente ausente: Cierre desde la oficina')).toBeVisible();
  await expect(section.getByRole('link', { name: 'Abrir página de verificación' })).toHaveAttribute(
    'href',
    /\/verificar\/[a-z0-9]+$/,
  );
  await expect(section.getByRole('button', { name: 'Copiar' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/certificate-office-desktop.png', fullPage: true });

  // Configuración says where the certificates' QR codes open (PUBLIC_URL is set for these tests).
  await asAdmin('/admin/settings');
  await expect(page.getByText(`El QR de cada certificado abre ${baseURL()}/verificar/…`)).toBeVisible();
});

test("'Mi firma': a technician draws, saves, sees and deletes their own signature", async ({
  page,
  adminApi,
  signIn,
}) => {
  const tech = await adminApi.createTechnician();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(tech, '/tech/sessions');
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('button', { name: 'Mi firma' }).click();
  await expect(page).toHaveURL(/\/tech\/signature$/);
  await expect(page.getByText('Aún no tienes una firma guardada.')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar firma' }).click();
  await expect(page.getByText('Firma en el recuadro antes de guardar.')).toBeVisible();
  const box = await page.getByRole('img', { name: 'Mi firma: sin firmar' }).boundingBox();
  if (!box) throw new Error('the signature box is not on screen');
  await drawWithMouse(page, box);
  await page.getByRole('button', { name: 'Guardar firma' }).click();
  await expect(page.getByText('Firma guardada.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Tu firma guardada' })).toBeVisible();
  const api = await apiAs(tech);
  const saved = await api.get('/api/technicians/me/signature');
  expect(saved.status()).toBe(200);
  expect(saved.headers()['content-type']).toContain('image/png');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/certificate-own-signature-phone.png', fullPage: true });

  await page.getByRole('button', { name: 'Borrar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Borrar' }).click();
  await expect(page.getByText('Firma borrada.')).toBeVisible();
  await expect(page.getByText('Aún no tienes una firma guardada.')).toBeVisible();
  expect((await api.get('/api/technicians/me/signature')).status()).toBe(404);
  await api.dispose();
});
