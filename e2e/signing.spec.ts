import type { Page } from '@playwright/test';
import type { Site } from '@rondin/contracts';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unique } from './support/accounts';
import { AdminApi } from './support/api';
import { downloadBytes, expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

/**
 * The company's digital signature (issue 30): an administrator uploads the company's PKCS#12 certificate in
 * Configuración; the audit pack then downloads signed over its whole length (poppler's pdfsig says so), and its
 * cover's verification address opens a public page that finds the pack's records unchanged.
 */
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = 'test-results/screenshots';
const PASSWORD = 'clave-de-la-empresa';
const COMMON_NAME = 'PLAGAS DEL NORTE SL - B12345678';

/**
 * A self-signed certificate and its key in a PKCS#12 file, made by OpenSSL as a company's own tools export one
 * (OpenSSL 3's defaults: AES-256 and a SHA-256 MAC), not by the library the server reads it with.
 */
function companyPkcs12(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'p12-'));
  const [key, certificate, p12] = ['clave.pem', 'certificado.pem', 'empresa.p12'].map((name) => path.join(dir, name));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key!,
      '-out',
      certificate!,
      '-days',
      '365',
      '-subj',
      `/C=ES/O=Plagas del Norte S.L./CN=${COMMON_NAME}`,
    ],
    { stdio: 'ignore' },
  );
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-inkey', key!, '-in', certificate!, '-out', p12!, '-passout', `pass:${PASSWORD}`],
    { stdio: 'ignore' },
  );
  return readFileSync(p12!);
}

function savedPdf(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'signed-')), 'dossier.pdf');
  writeFileSync(file, bytes);
  return file;
}

let site: Site;

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    site = await api.createSite({ name: unique('Planta firmada'), client: 'Harinas del Sur S.A.' });
    await api.createTrap({ code: unique('CEB'), area: 'Muelle', siteId: site.id, type: 'CEBADERO' });
  } finally {
    await api.dispose();
  }
});

test.afterEach(({ adminApi }) => adminApi.keepOneActiveSite());

const signingSection = (page: Page) => page.getByRole('region', { name: 'Firma digital' });

test('the company certificate signs the audit pack, and the pack checks out at its verification address', async ({
  page,
  asAdmin,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(LAPTOP);
  await asAdmin('/admin/settings');
  const section = signingSection(page);
  await expect(section.getByText('Sin certificado: los documentos salen sin firma digital.')).toBeVisible();

  const file = { name: 'empresa.p12', mimeType: 'application/x-pkcs12', buffer: companyPkcs12() };
  await section.getByLabel('Archivo del certificado (.p12 o .pfx)').setInputFiles(file);
  await section.getByLabel('Contraseña del certificado').fill('otra-clave');
  await section.getByRole('button', { name: 'Subir certificado' }).click();
  // The server's refusal, in Spanish, and nothing stored.
  await expect(section.getByRole('alert')).toContainText(/contraseña/i);
  await expect(section.getByText('Sin certificado: los documentos salen sin firma digital.')).toBeVisible();

  await section.getByLabel('Contraseña del certificado').fill(PASSWORD);
  await section.getByRole('button', { name: 'Subir certificado' }).click();
  await expect(page.getByText('Certificado de firma guardado.')).toBeVisible();
  await expect(section.getByText(COMMON_NAME).first()).toBeVisible();
  await expect(section.getByText('Vigente: firma cada certificado y dossier que se emite.')).toBeVisible();
  await expect(section.getByLabel('Contraseña del certificado')).toHaveValue('');
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/signing-settings-1366.png` });

  // The site's pack, downloaded as an office does: signed over every byte.
  await page.goto(`/admin/sites/${site.id}`);
  const panel = page.getByRole('region', { name: 'Dossier de auditoría' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Descargar dossier (PDF)' }).click(),
  ]);
  const pdf = savedPdf(await downloadBytes(download));
  const signatures = spawnSync('pdfsig', [pdf], { encoding: 'utf8' }).stdout;
  expect(signatures).toContain(`Signer Certificate Common Name: ${COMMON_NAME}`);
  expect(signatures).toContain('Total document signed');
  expect(signatures).toContain('Signature Validation: Signature is Valid.');

  // Its cover prints the public address that checks it, and its QR holds the same; a phone opens it.
  const cover = execFileSync('pdftotext', ['-l', '1', pdf, '-'], { encoding: 'utf8' });
  const printed = /\S+\/verificar\/dossier\/\S+/.exec(cover)?.[0];
  expect(printed, 'the cover prints the verification address').toBeTruthy();
  execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-png', pdf, path.join(path.dirname(pdf), 'cover')]);
  const image = readdirSync(path.dirname(pdf)).find((name) => name.startsWith('cover'))!;
  const qr = execFileSync('zbarimg', ['-q', '--raw', path.join(path.dirname(pdf), image)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  expect(qr.trim()).toBe(printed);
  const address = new URL(printed!).pathname;
  await page.context().clearCookies();
  await page.setViewportSize(PHONE);
  await page.goto(address);
  await expect(
    page.getByText('Coincide: los registros del dossier no han cambiado desde que se emitió.'),
  ).toBeVisible();
  await expect(page.getByText(site.name).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/verify-pack-390.png`, fullPage: true });

  // Taken away, documents go out unsigned again.
  await page.setViewportSize(LAPTOP);
  await asAdmin('/admin/settings');
  await signingSection(page).getByRole('button', { name: 'Quitar certificado' }).click();
  await page
    .getByRole('dialog', { name: '¿Quitar el certificado de firma?' })
    .getByRole('button', { name: 'Quitar certificado' })
    .click();
  await expect(
    page.getByText('Certificado de firma quitado: los documentos salen desde ahora sin firma.'),
  ).toBeVisible();
  await expect(
    signingSection(page).getByText('Sin certificado: los documentos salen sin firma digital.'),
  ).toBeVisible();
});
