import { request } from '@playwright/test';
import { unique } from './support/accounts';
import { baseURL } from './support/api';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { cameraPhoto } from './support/photo-image';
import { floorPlanPng } from './support/plan-image';

const SIZES = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'laptop', width: 1366, height: 768 },
];

/**
 * The plant's portal ([W] 32): the office invites a client's QA manager from the client's page, she opens the
 * single-use link (once only), chooses her password under the app's policy and lands on her portal; the office
 * sees that she entered. Then a recommendation: she acknowledges it and says what the plant did with a photo taken
 * on the spot, and the office reads both on the action. The database is shared with the specs that follow, which expect a single active site:
 * every test leaves one.
 */
test.describe('plant portal', () => {
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  for (const size of SIZES) {
    test(`invitation → first sign-in → her portal (${size.label})`, async ({ page, browser, adminApi, asAdmin }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const clientName = unique('Conservas del Norte');
      const person = unique('Carla Calidad');
      const email = `${unique('carla').toLowerCase()}@planta.test`;
      const site = await adminApi.createSite({ name: unique('Planta Norte'), client: clientName });
      const planName = unique('Bodega');
      const http = await request.newContext({
        baseURL: baseURL(),
        extraHTTPHeaders: { authorization: `Bearer ${adminApi.auth.accessToken}` },
      });
      const uploaded = await http.post(`/api/sites/${site.id}/plans`, {
        multipart: { name: planName, file: { name: 'plano.png', mimeType: 'image/png', buffer: floorPlanPng() } },
      });
      expect(uploaded.status()).toBe(201);
      await http.dispose();

      // The office invites her from the client's page and copies the single-use link.
      await asAdmin(`/admin/clients/${site.clientId}`);
      const access = page.getByRole('region', { name: /^Acceso al portal/ });
      await expect(access).toContainText('Nadie del cliente tiene acceso al portal todavía.');
      await access.getByRole('button', { name: '+ Invitar a una persona' }).click();
      const invite = page.getByRole('dialog', { name: 'Invitar al portal' });
      await invite.getByLabel(/^Nombre completo/).fill(person);
      await invite.getByLabel(/^Correo/).fill(email);
      await invite.getByRole('button', { name: 'Crear invitación' }).click();
      const linkDialog = page.getByRole('dialog', { name: `Enlace de invitación de ${person}` });
      const link = await linkDialog.getByLabel('Enlace de invitación').inputValue();
      expect(link).toMatch(/\/invitacion\/[A-Za-z0-9_-]{43}$/);
      await linkDialog.getByRole('button', { name: 'Listo' }).click();
      await expect(access.getByRole('listitem').filter({ hasText: person })).toContainText('Invitada');

      // She opens it on her own device: who she is and which client, then her password.
      const plant = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      try {
        const her = await plant.newPage();
        await her.goto(new URL(link).pathname);
        await expect(her.getByText(`Te invitaron al portal de ${clientName}.`)).toBeVisible();
        await expect(her.getByText(email)).toBeVisible();
        await her.getByLabel('Contraseña', { exact: true }).fill('contraseña');
        await her.getByLabel('Repite la contraseña').fill('contraseña');
        await her.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
        await expect(her.getByRole('alert')).toContainText('elige otra');
        await her.getByLabel('Contraseña', { exact: true }).fill('Silo 3 sin hormigas');
        await her.getByLabel('Repite la contraseña').fill('Silo 3 sin hormigas');
        await her.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();

        // Signed in, on her portal.
        await expect(her).toHaveURL(/\/cliente$/);
        await expect(her.getByRole('banner').getByText('Portal del cliente', { exact: true })).toBeVisible();
        await expect(her.getByRole('heading', { level: 1, name: 'Mis sitios' })).toBeVisible();
        expect(await her.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        await expectNoSeriousA11yViolations(her);
        // Her site's plan and its heat map, as the office sees it, from the portal's own routes.
        await her.getByText('Ver sitio', { exact: true }).click();
        await her.getByRole('link', { name: 'Plano y mapa de calor' }).click();
        await expect(her.getByRole('heading', { level: 3, name: planName })).toBeVisible();
        await expect(her.getByText('Este plano no tiene dispositivos ubicados.', { exact: false })).toBeVisible();
        await her.getByRole('link', { name: 'Tendencias' }).click();
        await expect(her.getByRole('heading', { name: 'Tendencias', level: 2 })).toBeVisible();
        // The link was single-use: opened again, it says so and offers the sign-in.
        await her.goto(new URL(link).pathname);
        await expect(her.getByRole('alert')).toContainText('Esta invitación ya se usó');
        await expect(her.getByRole('link', { name: 'Ir a iniciar sesión' })).toBeVisible();
      } finally {
        await plant.close();
      }

      // The office sees that she entered.
      await page.reload();
      await expect(access.getByRole('listitem').filter({ hasText: person })).toContainText('Activa');
    });
  }

  for (const size of SIZES) {
    test(`a recommendation acknowledged and answered with a photo, seen by the office (${size.label})`, async ({
      page,
      browser,
      adminApi,
      asAdmin,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const clientName = unique('Conservas del Sur');
      const person = unique('Carla Calidad');
      const email = `${unique('carla').toLowerCase()}@planta.test`;
      const site = await adminApi.createSite({ name: unique('Planta Sur'), client: clientName });
      const description = unique('Sellar la puerta del muelle 2');
      const action = await adminApi.createAction({
        siteId: site.id,
        origin: 'RECOMENDACION',
        description,
        responsible: 'CLIENTE',
        dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      });
      const { invitationUrl } = await adminApi.invitePortalAccount(site.clientId, { email, fullName: person });

      const plant = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      try {
        const her = await plant.newPage();
        await her.goto(new URL(invitationUrl).pathname);
        await her.getByLabel('Contraseña', { exact: true }).fill('Silo 3 sin hormigas');
        await her.getByLabel('Repite la contraseña').fill('Silo 3 sin hormigas');
        await her.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
        const card = her.getByRole('article', { name: site.name });
        await expect(card).toContainText('1 recomendación espera tu respuesta');
        await card.getByRole('link', { name: `Ver ${site.name}` }).click();
        await expect(her.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
        const recommendation = her.getByRole('article', { name: description });
        await expect(recommendation).toContainText('Espera tu respuesta');
        await recommendation.getByLabel('Nota (opcional)').fill('Lo vemos con mantenimiento.');
        await recommendation.getByRole('button', { name: `Reconocer: ${description}` }).click();
        await expect(recommendation).toContainText(`Reconocida por ${person} el`);

        await recommendation.getByRole('button', { name: 'Contar qué hizo la planta' }).click();
        await recommendation
          .getByLabel('Qué hizo la planta', { exact: true })
          .fill('Cambiamos el burlete de la puerta.');
        const photo = await cameraPhoto(her, 3000, 2000, 'Muelle 2, teléfono de Carla');
        await recommendation
          .getByLabel('Añadir foto')
          .setInputFiles({ name: 'muelle.jpg', mimeType: 'image/jpeg', buffer: photo });
        await expect(recommendation.getByRole('img', { name: 'Foto 1 de la respuesta' })).toBeVisible();
        await expectNoSeriousA11yViolations(her);
        await recommendation.getByRole('button', { name: 'Enviar respuesta' }).click();
        await expect(recommendation).toContainText('Respuesta enviada. La empresa la verificará.');
        await expect(recommendation).toContainText('Cambiamos el burlete de la puerta.');
        expect(await her.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        if (process.env.SCREENSHOTS) {
          await her.screenshot({
            path: `test-results/screenshots/portal-recommendation-${size.label}.png`,
            fullPage: true,
          });
        }
      } finally {
        await plant.close();
      }

      await asAdmin(`/admin/actions/${action.id}`);
      const answers = page.getByRole('region', { name: 'Respuesta de la planta' });
      await expect(answers).toContainText(`Reconocida por ${person} el`);
      await expect(answers).toContainText('Cambiamos el burlete de la puerta.');
      await answers.getByRole('button', { name: /^Ver foto 1 de 1/ }).click();
      await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
      if (process.env.SCREENSHOTS) {
        await page.keyboard.press('Escape');
        await answers.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/screenshots/portal-office-action-${size.label}.png` });
      }
    });
  }
});
