import { request } from '@playwright/test';
import type { CertificateSummary } from '@rondin/contracts';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { unique } from './support/accounts';
import { type AdminApi, baseURL } from './support/api';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { pdfText } from './support/pdf';

const SIZES = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'laptop', width: 1366, height: 768 },
];

/** The office's view of an order's certificate: its folio and the SHA-256 of the PDF as issued. */
async function officeCertificate(adminApi: AdminApi, orderId: number): Promise<CertificateSummary> {
  const http = await request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { authorization: `Bearer ${adminApi.auth.accessToken}` },
  });
  try {
    const response = await http.get(`/api/sessions/${orderId}/certificate`);
    expect(response.status()).toBe(200);
    return (await response.json()) as CertificateSummary;
  } finally {
    await http.dispose();
  }
}

/** Accepts the invitation as the link's page does: she chooses her password. */
async function acceptInvitation(invitationUrl: string, password: string): Promise<void> {
  const http = await request.newContext({ baseURL: baseURL() });
  try {
    const token = new URL(invitationUrl).pathname.split('/').at(-1)!;
    const response = await http.post(`/api/invitations/${token}`, { data: { password } });
    expect(response.status()).toBe(200);
  } finally {
    await http.dispose();
  }
}

/**
 * The plant's portal ([W] 32): the QA manager opens her site's visits, downloads a visit's certificate (the very
 * PDF the office issued: its folio, its hash) and reads what was found at the devices. The database is shared
 * with the specs that follow, which expect a single active site: every test leaves one.
 */
test.describe('plant portal: visits and findings', () => {
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  for (const size of SIZES) {
    test(`the QA manager downloads a visit's certificate and reads its findings (${size.label})`, async ({
      page,
      adminApi,
      signIn,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      const site = await adminApi.createSite({ name: unique('Planta Visitas'), client: unique('Conservas Visita') });
      const tech = await adminApi.createTechnician();
      const busy = await adminApi.createTrap({ siteId: site.id, area: 'Muelle de carga' });
      const quiet = await adminApi.createTrap({ siteId: site.id, area: 'Bodega' });
      const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [busy.id, quiet.id] });
      const { item } = await adminApi.scan(order.id, busy.qrSlug);
      await adminApi.recordFinding(order.id, item.id, { deviceStatus: 'OK', baitConsumption: 75 });
      const second = await adminApi.scan(order.id, quiet.qrSlug);
      await adminApi.recordFinding(order.id, second.item.id, { deviceStatus: 'OK' });
      await adminApi.closeOrder(order.id);
      const certificate = await officeCertificate(adminApi, order.id);
      // The next visit, already planned.
      const next = await adminApi.createOrder({
        technicianId: tech.id,
        trapIds: [busy.id],
        scheduledAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      });

      const email = `${unique('calidad').toLowerCase()}@planta.test`;
      const { invitationUrl } = await adminApi.invitePortalAccount(site.clientId, {
        email,
        fullName: unique('Carla Calidad'),
      });
      const password = 'Silo 3 sin hormigas';
      await acceptInvitation(invitationUrl, password);

      await signIn({ email, password }, `/cliente/sites/${site.id}`);
      await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
      await page.getByRole('link', { name: 'Visitas y certificados' }).click();
      const visits = page.getByRole('list', { name: 'Visitas del sitio' });
      const closed = visits.getByRole('listitem').filter({ hasText: `Visita nº ${order.id}` });
      await expect(closed).toContainText(`Certificado ${certificate.folio}`);
      await expect(closed).toContainText('Cerrada');
      await expect(closed).toContainText(tech.fullName);
      await expect(closed).toContainText('2 de 2 dispositivos inspeccionados');
      const planned = visits.getByRole('listitem').filter({ hasText: `Visita nº ${next.id}` });
      await expect(planned).toContainText('Programada');
      await expect(planned).toContainText('El certificado se emite al cerrar la visita.');
      await expect(planned.getByRole('button')).toHaveCount(0);
      // Newest first.
      await expect(visits.getByRole('listitem').first()).toContainText(`Visita nº ${next.id}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await expectNoSeriousA11yViolations(page);
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: `test-results/screenshots/portal-visits-${size.label}.png`, fullPage: true });
      }

      // The certificate downloads, and it is that visit's: its folio, the very bytes the office issued.
      const downloading = page.waitForEvent('download');
      await closed.getByRole('button', { name: `Descargar certificado (PDF) de la visita nº ${order.id}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`certificado-${certificate.folio}.pdf`);
      const pdf = await readFile((await download.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(pdf).digest('hex')).toBe(certificate.sha256);
      const text = await pdfText(pdf);
      expect(text).toContain(certificate.folio);
      expect(text).toContain(site.name);

      // What was found: the device with activity by default, every device on request.
      await page.getByRole('link', { name: 'Hallazgos' }).click();
      const findings = page.getByRole('list', { name: 'Hallazgos del sitio' });
      // One row a device (a finding's own lists are inside its row).
      const rows = findings.locator(':scope > li');
      await expect(rows).toHaveCount(1);
      await expect(findings).toContainText(busy.code);
      await expect(findings).toContainText('Muelle de carga');
      await expect(findings).toContainText(`Visita nº ${order.id}`);
      await page.getByRole('radio', { name: 'Todos los dispositivos' }).check();
      await expect(rows).toHaveCount(2);
      await expect(findings).toContainText(quiet.code);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await expectNoSeriousA11yViolations(page);
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: `test-results/screenshots/portal-findings-${size.label}.png`, fullPage: true });
      }
    });
  }
});
