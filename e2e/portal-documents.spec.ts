import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, request } from '@playwright/test';
import { unique } from './support/accounts';
import { baseURL, loginThroughApi, storeOwnSignature } from './support/api';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const SIZES = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'laptop', width: 1366, height: 768 },
];

/** A one-page PDF as small as one can be and still parse: the label the office uploads. */
const labelPdf = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

async function api(token: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The plant's documents in its portal ([W] 32): the QA manager opens «Documentos» on her site, downloads a
 * product's label and a signed assessment's report with her session, and accepts the assessment with a note;
 * the office then reads on the assessment who accepted it, when, and what she wrote. One active site is left.
 */
test.describe('plant portal documents', () => {
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  for (const size of SIZES) {
    test(`a label downloaded and a signed assessment accepted, seen by the office (${size.label})`, async ({
      page,
      browser,
      adminApi,
      asAdmin,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      const clientName = unique('Lácteos del Valle');
      const person = unique('Carla Calidad');
      const email = `${unique('carla').toLowerCase()}@planta.test`;
      const site = await adminApi.createSite({ name: unique('Planta Valle'), client: clientName });
      const office = await api(adminApi.auth.accessToken);
      try {
        // A product with its label, applied in a closed visit of the site.
        const product = await ok<{ id: number; name: string }>(
          await office.post('/api/products', {
            data: {
              name: unique('Brodifacoum Bloque'),
              activeIngredients: 'Brodifacoum 0,0025 %',
              registrationNumber: 'ES/RM-2020-14-00123',
              type: 'TP14',
              authorisationExpiresAt: '2099-12-31',
              userCategory: 'PROFESIONAL',
              foodIndustryAllowed: true,
              safetyIntervalHours: 12,
              anticoagulant: true,
            },
          }),
          'product',
        );
        await ok(
          await office.put(`/api/products/${product.id}/documents/label`, {
            multipart: {
              issuedOn: '2026-01-10',
              file: { name: 'etiqueta.pdf', mimeType: 'application/pdf', buffer: labelPdf },
            },
          }),
          'label',
        );
        const tech = await adminApi.createTechnician({ fullName: unique('Ana Aplicadora') });
        const trap = await adminApi.createTrap({ siteId: site.id, area: 'Muelle' });
        const order = await adminApi.createOrder({ technicianId: tech.id, trapIds: [trap.id] });
        await ok(
          await office.put(`/api/sessions/${order.id}/applications/${randomUUID()}`, {
            data: {
              productId: product.id,
              batch: 'L-2291',
              quantity: 120,
              unit: 'g',
              method: 'Cebo en portacebos',
              area: 'Muelle',
              dose: '20 g por estación',
            },
          }),
          'application',
        );
        await adminApi.closeOrder(order.id, true);

        // A diagnosis signed by a technical manager.
        const manager = await adminApi.createTechnician({ fullName: unique('Marta Responsable') });
        await adminApi.setQualification(manager.id, 'RESPONSABLE_TECNICO');
        await storeOwnSignature(manager);
        const draft = await ok<{ id: number }>(
          await office.post(`/api/sites/${site.id}/assessments`, {
            data: {
              kind: 'DIAGNOSTICO',
              areas: [{ area: 'Muelle', pressure: 'BAJA', conditions: ['ENTORNO'] }],
              conclusions: 'Presión baja en el muelle.',
            },
          }),
          'assessment',
        );
        const signer = await api((await loginThroughApi(manager.email, manager.password)).accessToken);
        try {
          await ok(await signer.post(`/api/assessments/${draft.id}/sign`), 'sign');
        } finally {
          await signer.dispose();
        }
        const { invitationUrl } = await adminApi.invitePortalAccount(site.clientId, { email, fullName: person });

        const plant = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          acceptDownloads: true,
        });
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
          await her.getByRole('link', { name: 'Documentos' }).click();
          const documents = her.getByRole('region', { name: 'Documentos' });
          await expect(documents.getByRole('heading', { name: 'Programa de control' })).toBeVisible();
          await expect(documents).toContainText('Ningún programa de control aprobado está en vigor en este sitio.');
          await expect(documents).toContainText(tech.fullName);
          await expect(documents).toContainText(product.name);

          // The label, with her session, as the office keeps it.
          const labelDownload = her.waitForEvent('download');
          await documents.getByRole('button', { name: new RegExp(`^Etiqueta de ${product.name}`) }).click();
          const label = await labelDownload;
          expect(label.suggestedFilename()).toBe(`etiqueta-${product.name}.pdf`);
          expect((await readFile((await label.path())!)).equals(labelPdf)).toBe(true);

          // The signed report, then her acceptance with a note.
          const assessment = documents.getByRole('article', { name: `Diagnóstico de situación N.º ${draft.id}` });
          await expect(assessment).toContainText('Espera tu aceptación');
          const reportDownload = her.waitForEvent('download');
          await assessment.getByRole('button', { name: /^Descargar el informe/ }).click();
          const report = await reportDownload;
          expect(report.suggestedFilename()).toBe(`evaluacion-${draft.id}.pdf`);
          expect((await readFile((await report.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
          await expectNoSeriousA11yViolations(her);
          await assessment.getByLabel('Nota (opcional)').fill('Revisada con el equipo de calidad.');
          if (process.env.SCREENSHOTS) {
            await her.screenshot({
              path: `test-results/screenshots/portal-documents-waiting-${size.label}.png`,
              fullPage: true,
            });
          }
          await assessment.getByRole('button', { name: /^Aceptar Diagnóstico/ }).click();
          await expect(assessment).toContainText(`Aceptada por ${person} el`);
          await expect(assessment).toContainText('«Revisada con el equipo de calidad.»');
          await expect(assessment.getByRole('button', { name: /^Aceptar/ })).toHaveCount(0);
          expect(await her.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
          if (process.env.SCREENSHOTS) {
            await her.screenshot({
              path: `test-results/screenshots/portal-documents-${size.label}.png`,
              fullPage: true,
            });
          }
        } finally {
          await plant.close();
        }

        // The office reads who accepted it, when, and her note.
        await asAdmin(`/admin/assessments/${draft.id}`);
        await expect(page.getByText(`Aceptada por ${person} (cliente) el`)).toBeVisible();
        await expect(page.getByText('Nota del cliente: «Revisada con el equipo de calidad.»')).toBeVisible();
        if (process.env.SCREENSHOTS) {
          await page.screenshot({ path: `test-results/screenshots/portal-office-assessment-${size.label}.png` });
        }
      } finally {
        await office.dispose();
      }
    });
  }
});
