import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from '@playwright/test';
import { unique } from './support/accounts';
import { baseURL } from './support/api';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const SIZES = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'laptop', width: 1366, height: 768 },
];

/** A receiver for the webhook on a random local port: it counts what it got and answers 200. */
async function startReceiver() {
  const got: string[] = [];
  const server = http.createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    incoming.on('end', () => {
      got.push(body);
      response.writeHead(200, { 'content-type': 'text/plain' }).end('recibido');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    got,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rondin`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Integrations ([X] 33): from Configuración the administrator opens «Integraciones», creates an API token (shown
 * once), sees another system's use of it as its last use, revokes it; then subscribes a webhook to a receiver,
 * copies its secret once, and «Probar» says what the receiver answered.
 */
test.describe('integrations', () => {
  for (const size of SIZES) {
    test(`an API token and a webhook, from Configuración (${size.label})`, async ({ page, asAdmin }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      const receiver = await startReceiver();
      try {
        await asAdmin('/admin/settings');
        await page.getByRole('link', { name: 'Integraciones: tokens de API y webhooks' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Integraciones' })).toBeVisible();

        const name = unique('ERP');
        await page.getByRole('button', { name: 'Crear token' }).click();
        const form = page.getByRole('dialog', { name: 'Nuevo token de API' });
        await form.getByLabel('Nombre').fill(name);
        await form.getByRole('button', { name: 'Crear token' }).click();
        const shown = page.getByRole('dialog', { name: `Token «${name}» creado` });
        await expect(shown).toContainText('es la única vez que se muestra');
        const token = await shown.getByLabel('Token').inputValue();
        expect(token).toMatch(/^rdn_/);
        await page.screenshot({ path: `test-results/screenshots/integrations-token-${size.label}.png` });
        await shown.getByRole('button', { name: 'Listo, ya lo guardé' }).click();

        // Another system uses it: the list shows that use once read again.
        const other = await request.newContext({
          baseURL: baseURL(),
          extraHTTPHeaders: { authorization: `Bearer ${token}` },
        });
        expect((await other.get('/api/sites')).status()).toBe(200);
        expect((await other.post('/api/sites', { data: { name: 'No' } })).status()).toBe(403);
        await page.reload();
        const row = page.getByRole('row').filter({ hasText: name });
        await expect(row).toContainText('Solo lectura');
        await expect(row).not.toContainText('Nunca');

        await row.getByRole('button', { name: `Revocar ${name}` }).click();
        await page
          .getByRole('dialog', { name: `¿Revocar el token «${name}»?` })
          .getByRole('button', { name: 'Revocar' })
          .click();
        await expect(page.getByText(`Token «${name}» revocado.`)).toBeVisible();
        await expect(row).toContainText('Revocado el');
        expect((await other.get('/api/sites')).status()).toBe(401);
        await other.dispose();

        await page.getByRole('button', { name: 'Crear webhook' }).click();
        const hookForm = page.getByRole('dialog', { name: 'Nuevo webhook' });
        await hookForm.getByLabel('Dirección (URL)').fill(receiver.url);
        await hookForm.getByLabel('Orden cerrada').check();
        await hookForm.getByLabel('Certificado emitido').check();
        await page.screenshot({ path: `test-results/screenshots/integrations-webhook-form-${size.label}.png` });
        await hookForm.getByRole('button', { name: 'Crear webhook' }).click();
        const secret = page.getByRole('dialog', { name: 'Webhook creado: su secreto' });
        await expect(secret.getByLabel('Secreto de firma')).toHaveValue(/^whsec_/);
        await secret.getByRole('button', { name: 'Listo, ya lo guardé' }).click();

        const card = page.getByRole('listitem').filter({ hasText: receiver.url });
        await card.getByRole('button', { name: 'Probar' }).click();
        await expect(card.getByText('Prueba entregada: respondió 200.')).toBeVisible();
        expect(receiver.got.some((body) => body.includes('"webhook.test"'))).toBe(true);
        await card.getByRole('button', { name: 'Ver entregas' }).click();
        await expect(card.getByRole('row').filter({ hasText: 'Entregado' })).toContainText('200 · recibido');
        await page.screenshot({ path: `test-results/screenshots/integrations-${size.label}.png`, fullPage: true });
        await expectNoSeriousA11yViolations(page);

        // What is left for the next size: no hook pointing at a receiver that is about to stop.
        await card.getByRole('button', { name: 'Eliminar' }).click();
        await page
          .getByRole('dialog', { name: '¿Eliminar el webhook?' })
          .getByRole('button', { name: 'Eliminar' })
          .click();
        await expect(page.getByText('Webhook eliminado.')).toBeVisible();
      } finally {
        await receiver.close();
      }
    });
  }
});
