import { unique } from './support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const SIZES = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'laptop', width: 1366, height: 768 },
];

/**
 * The plant's portal ([W] 32): the office invites a client's QA manager from the client's page, she opens the
 * single-use link (once only), chooses her password under the app's policy and lands on her portal; the office
 * sees that she entered. The database is shared with the specs that follow, which expect a single active site:
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
        await expect(her.getByText('Portal del cliente')).toBeVisible();
        await expect(her.getByRole('heading', { level: 1, name: 'Mis sitios' })).toBeVisible();
        expect(await her.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        await expectNoSeriousA11yViolations(her);
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
});
