import type { Browser, Page } from '@playwright/test';
import type { Site, Technician, Trap } from '@rondin/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unique } from './support/accounts';
import { AdminApi } from './support/api';
import { downloadBytes, expect, expectNoSeriousA11yViolations, storeSignIn, test } from './support/fixtures';
import { cameraPhoto } from './support/photo-image';

/**
 * Issue [W]'s sighting, end to end: the office prints a poster for an area; a plant worker scans its QR with a
 * phone (the QR read from the PDF itself, as a phone's camera would) and reports a mouse with a photo, with no
 * account; the office's dashboard, open all along, shows it without a reload; the technician's next order at
 * the site shows it; the office closes its action and it leaves both; the audit pack lists it.
 */
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = 'test-results/screenshots';

let site: Site;
let dock: Trap;
let tech: Technician & { password: string };

test.beforeAll(async () => {
  const api = await AdminApi.open();
  try {
    site = await api.createSite({ name: unique('Planta avistamientos'), client: 'Conservas del Norte S.A.' });
    dock = await api.createTrap({ code: unique('CEB'), area: 'Muelle de carga', siteId: site.id, type: 'CEBADERO' });
    await api.createTrap({ code: unique('LAM'), area: 'Envasado', siteId: site.id, type: 'LAMINA' });
    tech = await api.createTechnician({ fullName: unique('Nerea Gil') });
  } finally {
    await api.dispose();
  }
});

// Spec files share one database per worker: the site made above must not leave a second active site behind for
// the files after this one that create devices without naming a site (tech-orders.spec.ts failed so in CI).
test.afterAll(async () => {
  const api = await AdminApi.open();
  try {
    await api.keepOneActiveSite();
  } finally {
    await api.dispose();
  }
});

/** A folder of its own for the files a step writes (the poster, its page as an image). */
const scratch = () => mkdtempSync(path.join(tmpdir(), 'avistamiento-'));

/** The address a poster's QR holds, read from its first page rendered as a phone camera would see it. */
function posterQr(pdf: Buffer): { url: string; photo: string } {
  const folder = scratch();
  const file = path.join(folder, 'cartel.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-png', file, path.join(folder, 'page')]);
  // The same page as a JPEG: the photo the worker takes (a real camera file for the page to shrink).
  execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '1', '-jpeg', file, path.join(folder, 'foto')]);
  const image = readdirSync(folder).find((name) => name.startsWith('page'))!;
  const photo = readdirSync(folder).find((name) => name.startsWith('foto'))!;
  const url = execFileSync('zbarimg', ['-q', '--raw', path.join(folder, image)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  return { url, photo: path.join(folder, photo) };
}

function pdfText(bytes: Buffer): string {
  const file = path.join(scratch(), 'dossier.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The page at the laptop's and the phone's size, back at `size` afterwards. */
async function shootBoth(page: Page, name: string, size: { width: number; height: number }): Promise<void> {
  for (const [label, viewport] of [
    ['390', PHONE],
    ['1366', LAPTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  return context.newPage();
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test("a poster's QR on a phone reaches the open dashboard, the technician's order, and the pack once closed", async ({
  browser,
  page,
  asAdmin,
  adminApi,
}) => {
  test.setTimeout(240_000);
  const description = unique('Un ratón junto a la puerta');

  // The office prints the dock's poster from the site's page.
  await page.setViewportSize(LAPTOP);
  await asAdmin(`/admin/sites/${site.id}`);
  const section = page.getByRole('region', { name: 'Avistamientos', exact: true });
  await expect(section.getByRole('textbox', { name: 'Enlace de avisos' })).toHaveValue(/\/avistamiento\/[\w-]{16,}$/);
  await expect(section.getByText('Sin avistamientos en este sitio.')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Cartel de Muelle de carga (PDF)' }).click(),
  ]);
  const poster = await downloadBytes(download);
  expect(poster.subarray(0, 5).toString()).toBe('%PDF-');
  const { url: qr, photo } = posterQr(poster);
  expect(new URL(qr).pathname).toMatch(/^\/avistamiento\/[\w-]{16,}$/);
  expect(new URL(qr).searchParams.get('area')).toBe('Muelle de carga');
  for (const [label, viewport] of [
    ['390', PHONE],
    ['1366', LAPTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/sightings-site-${label}.png` });
  }

  // The office's dashboard stays open from here on; a flag in the page proves it is never reloaded.
  await page.goto('/admin/dashboard');
  const open = page.getByRole('region', { name: 'Avistamientos abiertos' });
  await expect(open).toBeVisible();
  await expect(open.getByText(site.name, { exact: false })).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  // A plant worker's phone, with no account, opens what the QR holds.
  const phone = await phonePage(browser);
  try {
    const started = Date.now();
    await phone.goto(qr);
    await expect(phone.getByRole('heading', { name: 'Avisar de un avistamiento' })).toBeVisible();
    await expect(phone.getByText(site.name, { exact: true })).toBeVisible();
    // Only the site's name: not its client, its address or its devices.
    await expect(phone.getByText('Conservas del Norte')).toHaveCount(0);
    await expect(phone.getByText(dock.code)).toHaveCount(0);
    // The poster's QR names its area: the page opens with it chosen.
    await expect(phone.getByRole('radio', { name: 'Muelle de carga' })).toBeChecked();
    await phone.getByRole('radio', { name: 'Roedores' }).check();
    await phone.getByLabel('Detalles (opcional)').fill(description);
    await phone.getByLabel('Hacer una foto').setInputFiles(photo);
    await expect(phone.getByRole('img', { name: 'Foto 1' })).toBeVisible();
    await phone.getByLabel('Tu nombre').fill('Lucía Gómez');
    await expectNoSeriousA11yViolations(phone);
    await shootBoth(phone, 'sighting-form', PHONE);
    await phone.getByRole('button', { name: 'Enviar aviso' }).click();
    await expect(phone.getByRole('heading', { name: /Aviso recibido/ })).toBeVisible();
    await expect(phone.getByText(/Número de aviso: \d+/)).toBeVisible();
    // Well under the 30 seconds a person has; what a person types is the rest.
    expect(Date.now() - started).toBeLessThan(30_000);
    await shootBoth(phone, 'sighting-sent', PHONE);
  } finally {
    await phone.context().close();
  }

  // The office hears it on the same page.
  const card = open.getByRole('article').filter({ hasText: description });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText(`${site.name} · Muelle de carga`);
  await expect(card).toContainText('Lucía Gómez');
  await expect(card).toContainText('1 foto');
  await expect(card.getByRole('img', { name: /Foto 1 del avistamiento/ })).toBeVisible();
  expect(await notReloaded(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await open.scrollIntoViewIfNeeded();
  await shootBoth(page, 'sightings-dashboard', LAPTOP);

  // The technician's next order at the site shows it, above the camera.
  const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [dock.id] });
  const techPhone = await phonePage(browser);
  try {
    await storeSignIn(techPhone, tech);
    await techPhone.goto(`/tech/sessions/${order.id}/scan`);
    const panel = techPhone.getByRole('region', { name: 'Avistamiento abierto en este sitio' });
    await expect(panel).toContainText(`Avistamiento: Roedores — ${description}`);
    await expect(panel).toContainText('Área:Muelle de carga');
    await expect(panel).toContainText('Avisó:Lucía Gómez');
    await expectNoSeriousA11yViolations(techPhone);
    await shootBoth(techPhone, 'sightings-order', PHONE);

    // The office closes the sighting's action from the dashboard's card.
    const actionLink = card.getByRole('link', { name: /^Acción #\d+$/ });
    await actionLink.click();
    await expect(page.getByRole('heading', { level: 1, name: /Acción correctiva \d+/ })).toBeVisible();
    await page.getByLabel('Nuevo estado').selectOption({ label: 'Cerrada' });
    await page
      .getByLabel('Cómo se verificó (obligatorio)')
      .fill('Puerta del muelle sellada; sin rastros a los 7 días.');
    await page.getByLabel('Verificada por (obligatorio)').fill('Responsable de calidad');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('region', { name: 'Historial' })).toContainText('Abierta → Cerrada');

    // It leaves the dashboard's open ones and the technician's order.
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('region', { name: 'Avistamientos abiertos' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Avistamientos abiertos' }).getByText(description, { exact: false }),
    ).toHaveCount(0);
    await techPhone.reload();
    await expect(techPhone.getByRole('region', { name: 'Cámara y registro' })).toBeVisible();
    await expect(techPhone.getByText(description, { exact: false })).toHaveCount(0);
  } finally {
    await techPhone.context().close();
  }

  // The site's list says it was attended, and the audit pack lists it with its action.
  await page.goto(`/admin/sites/${site.id}`);
  const attended = page
    .getByRole('region', { name: 'Avistamientos', exact: true })
    .getByRole('article')
    .filter({ hasText: description });
  await expect(attended).toContainText('Atendido');
  const pack = page.getByRole('region', { name: 'Dossier de auditoría' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    pack.getByRole('button', { name: 'Descargar dossier (PDF)' }).click(),
  ]);
  const text = pdfText(await downloadBytes(file)).replace(/\s+/g, ' ');
  expect(text).toContain('Avistamientos');
  expect(text).toContain(description);
  expect(text).toContain('Lucía Gómez');
});

test('a rotated link stops working on the phone, and the new one opens the form', async ({
  browser,
  page,
  asAdmin,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  await asAdmin(`/admin/sites/${site.id}`);
  const section = page.getByRole('region', { name: 'Avistamientos', exact: true });
  const field = section.getByRole('textbox', { name: 'Enlace de avisos' });
  await expect(field).toHaveValue(/\/avistamiento\//);
  const old = await field.inputValue();
  await section.getByRole('button', { name: 'Cambiar enlace' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cambiar el enlace de avisos?' });
  await expect(dialog).toContainText('Los carteles impresos con el enlace actual dejarán de funcionar');
  await dialog.getByRole('button', { name: 'Cambiar enlace' }).click();
  await expect(section.getByText('Enlace cambiado: imprime y coloca los carteles nuevos.')).toBeVisible();
  await expect(field).not.toHaveValue(old);
  const fresh = await field.inputValue();

  const phone = await phonePage(browser);
  try {
    await phone.goto(old);
    await expect(phone.getByText('Este enlace de avistamientos ya no está en uso.')).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Enviar aviso' })).toHaveCount(0);
    await shootBoth(phone, 'sighting-link-gone', PHONE);
    await phone.goto(fresh);
    await expect(phone.getByRole('button', { name: 'Enviar aviso' })).toBeVisible();
  } finally {
    await phone.context().close();
  }
});

for (const [label, viewport] of [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const) {
  test(`the QA manager reports a sighting with a photo from the portal, and the office's list shows it (${label})`, async ({
    browser,
    page,
    asAdmin,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    const person = unique('Carla Calidad');
    const description = unique('Excrementos junto a la línea 2');
    const { invitationUrl } = await adminApi.invitePortalAccount(site.clientId, {
      email: `${unique('carla').toLowerCase()}@planta.test`,
      fullName: person,
      siteIds: [site.id],
    });
    const plant = await browser.newContext({ viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
    try {
      const her = await plant.newPage();
      await her.goto(new URL(invitationUrl).pathname);
      await her.getByLabel('Contraseña', { exact: true }).fill('Silo 3 sin hormigas');
      await her.getByLabel('Repite la contraseña').fill('Silo 3 sin hormigas');
      await her.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
      await her
        .getByRole('article', { name: site.name })
        .getByRole('link', { name: `Ver ${site.name}` })
        .click();
      await her.getByRole('link', { name: 'Avistamientos', exact: true }).click();
      await expect(her).toHaveURL(/\?seccion=avistamientos$/);
      const section = her.getByRole('region', { name: 'Avistamientos', exact: true });
      await expect(section.getByRole('heading', { level: 3, name: 'Avisos del sitio' })).toBeVisible();

      await section.getByRole('button', { name: 'Avisar de un avistamiento' }).click();
      // The site's areas, from the portal: its devices'.
      await expect(section.getByRole('radio', { name: 'Envasado' })).toBeVisible();
      await section.getByRole('radio', { name: 'Muelle de carga' }).check();
      await section.getByRole('radio', { name: 'Roedores' }).check();
      await section.getByLabel('Detalles (opcional)').fill(description);
      await section.getByLabel('Hacer una foto').setInputFiles({
        name: 'linea.jpg',
        mimeType: 'image/jpeg',
        buffer: await cameraPhoto(her, 3000, 2000, 'Línea 2, teléfono de Carla'),
      });
      await expect(section.getByRole('img', { name: 'Foto 1', exact: true })).toBeVisible();
      // She is signed in: no name is asked.
      await expect(section.getByLabel('Tu nombre')).toHaveCount(0);
      await expectNoSeriousA11yViolations(her);
      await shootBoth(her, `portal-sighting-form-${label}`, viewport);
      await section.getByRole('button', { name: 'Enviar aviso' }).click();
      await expect(section.getByText(/Número de aviso: \d+/)).toBeVisible();

      // Her list shows it at once, open, with its photo and the action the office has to attend.
      const mine = section.getByRole('article').filter({ hasText: description });
      await expect(mine).toContainText('Abierto');
      await expect(mine).toContainText(`Avisó:${person}`);
      await expect(mine).toContainText(/Acción:#\d+, la empresa la atiende antes del \d\d\/\d\d\/\d{4}/);
      await expect(mine.getByRole('img', { name: /Foto 1 del avistamiento/ })).toBeVisible();
      await section.getByRole('button', { name: 'Cerrar el formulario' }).click();
      expect(await her.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoSeriousA11yViolations(her);
      await shootBoth(her, `portal-sightings-${label}`, viewport);
    } finally {
      await plant.close();
    }

    // The office's list of the site shows it, with who reported it and its photo.
    await page.setViewportSize(LAPTOP);
    await asAdmin(`/admin/sites/${site.id}`);
    const office = page
      .getByRole('region', { name: 'Avistamientos', exact: true })
      .getByRole('article')
      .filter({ hasText: description });
    await expect(office).toContainText('Abierto');
    await expect(office).toContainText(`Avisó:${person}`);
    await expect(office).toContainText('Área:Muelle de carga');
    await expect(office.getByRole('img', { name: /Foto 1 del avistamiento/ })).toBeVisible();
  });
}
