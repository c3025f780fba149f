import { unique } from './support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const SIZES = [
  { label: 'laptop', width: 1366, height: 768 },
  { label: 'phone', width: 390, height: 844 },
];

/**
 * Clients as records ([T] 29): the office creates a client, adds a contact and gives it a site, and the client's
 * page shows both; the site's page links back to its client. The database is shared with the specs that follow,
 * which expect a single active site: every test leaves one.
 */
test.describe('clients', () => {
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  for (const size of SIZES) {
    test(`creates a client with a contact and a site, and sees them on its page (${size.label})`, async ({
      page,
      asAdmin,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const client = unique('Conservas Ribera');
      const contact = unique('Lucía Ferrer');
      const site = unique('Planta Ribera');

      await asAdmin('/admin/clients');
      await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
      await page.getByRole('button', { name: '+ Nuevo cliente' }).click();
      const clientForm = page.getByRole('dialog', { name: 'Nuevo cliente' });
      await clientForm.getByRole('button', { name: 'Crear cliente' }).click();
      await expect(clientForm.getByRole('alert')).toHaveText('El nombre del cliente es obligatorio.');
      await clientForm.getByLabel(/^Nombre/).fill(client);
      await clientForm.getByLabel('NIF').fill('A46000001');
      await clientForm.getByLabel('Dirección').fill('Calle Mayor 1, Valencia');
      await clientForm.getByRole('button', { name: 'Crear cliente' }).click();
      // Saved, the new client opens: its page is where its contacts and sites are seen.
      await expect(page.getByRole('heading', { level: 1, name: client })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/clients\/\d+$/);
      const clientUrl = page.url();
      await expect(page.getByText('Calle Mayor 1, Valencia')).toBeVisible();
      // Every section of the office fits the top bar: nothing scrolls sideways, on a laptop or a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

      // A contact who is sent the certificates: sending anything needs an email.
      const contacts = page.getByRole('region', { name: /^Contactos/ });
      await expect(contacts).toContainText('Sin contactos');
      await contacts.getByRole('button', { name: '+ Añadir contacto' }).click();
      const contactForm = page.getByRole('dialog', { name: 'Nuevo contacto' });
      await contactForm.getByLabel(/^Nombre/).fill(contact);
      await contactForm.getByLabel(/^Cargo/).fill('Jefa de calidad');
      await contactForm.getByLabel('Teléfono').fill('+34 961 23 45 67');
      await contactForm.getByRole('checkbox', { name: 'Certificados de servicio' }).check();
      await contactForm.getByRole('button', { name: 'Añadir contacto' }).click();
      await expect(contactForm.getByRole('alert')).toHaveText(
        'Para enviarle certificados, acciones o revisiones, el contacto necesita un correo.',
      );
      await contactForm.getByLabel('Correo').fill('lucia@ribera.test');
      await contactForm.getByRole('button', { name: 'Añadir contacto' }).click();
      await expect(contactForm).toBeHidden();
      await expect(contacts.getByRole('listitem')).toHaveCount(1);
      const entry = contacts.getByRole('listitem').first();
      await expect(entry).toContainText(`${contact} · Jefa de calidad`);
      await expect(entry).toContainText('lucia@ribera.test · +34 961 23 45 67');
      await expect(entry).toContainText('Sitios que atiende: Todos los sitios del cliente');
      await expect(entry).toContainText('Qué se le envía: Certificados de servicio');

      // A site of the client, chosen from the records in the site form.
      await page.goto('/admin/sites');
      await page.getByRole('button', { name: '+ Crear sitio' }).click();
      const siteForm = page.getByRole('dialog', { name: 'Nuevo sitio' });
      await siteForm.getByLabel(/^Nombre \(/).fill(site);
      if (process.env.SCREENSHOTS) {
        await siteForm.getByRole('combobox', { name: /^Cliente/ }).selectOption({ label: '+ Nuevo cliente…' });
        await page.screenshot({ path: `test-results/screenshots/site-form-new-client-${size.label}.png` });
      }
      await siteForm.getByRole('combobox', { name: /^Cliente/ }).selectOption({ label: client });
      await siteForm.getByRole('button', { name: 'Crear sitio' }).click();
      await expect(page.getByRole('heading', { level: 1, name: site })).toBeVisible();
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: `test-results/screenshots/site-client-link-${size.label}.png` });
      }
      // The site's page leads to its client.
      await page.getByRole('link', { name: client }).click();
      await expect(page.getByRole('heading', { level: 1, name: client })).toBeVisible();
      expect(page.url()).toBe(clientUrl);

      const sites = page.getByRole('region', { name: /^Sitios/ });
      await expect(sites.getByRole('link', { name: site })).toHaveAttribute('href', /\/admin\/sites\/\d+$/);
      await expect(page.getByRole('region', { name: /^Acciones correctivas abiertas/ })).toContainText(
        'Ninguna acción correctiva abierta.',
      );
      await expect(page.getByRole('region', { name: /^Próximas visitas/ })).toContainText(
        'Ninguna orden pendiente en sus sitios.',
      );

      // The contact limited to that site.
      await contacts.getByRole('button', { name: `Editar ${contact}` }).click();
      const editForm = page.getByRole('dialog', { name: `Editar ${contact}` });
      await editForm.getByRole('checkbox', { name: 'Todos los sitios del cliente' }).uncheck();
      await expect(editForm.getByRole('checkbox', { name: site })).toBeChecked();
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: `test-results/screenshots/contact-form-${size.label}.png` });
      }
      await editForm.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(editForm).toBeHidden();
      await expect(entry).toContainText(`Sitios que atiende: ${site}`);
      await expectNoSeriousA11yViolations(page);
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: `test-results/screenshots/client-${size.label}.png`, fullPage: true });
      }

      // The list finds it by part of its name, without accents or case.
      await page.getByRole('link', { name: '← Clientes' }).click();
      await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill(client.toUpperCase());
      await expect(page.getByRole('row', { name: /Sitio principal/ })).toHaveCount(0);
      await expect(page.getByRole('row', { name: new RegExp(client) })).toContainText('A46000001');
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: `test-results/screenshots/clients-${size.label}.png`, fullPage: true });
      }
    });
  }

  test('shows the open corrective actions and the next visits of the client’s sites', async ({
    page,
    asAdmin,
    adminApi,
  }) => {
    const client = unique('Harinas Levante');
    const site = await adminApi.createSite({ name: unique('Molino'), client, timeZone: 'Europe/Madrid' });
    const trap = await adminApi.createTrap({ siteId: site.id, area: 'Silo' });
    const tech = await adminApi.createTechnician({ fullName: unique('Ana Técnica') });
    const order = await adminApi.createOrder({
      technicianId: tech.id,
      trapIds: [trap.id],
      scheduledAt: '2040-03-01T06:30:00.000Z',
    });
    const action = await adminApi.createAction({
      siteId: site.id,
      description: 'Sellar la puerta del silo',
      dueDate: '2040-02-01',
    });

    await asAdmin(`/admin/clients/${site.clientId}`);
    await expect(page.getByRole('heading', { level: 1, name: client })).toBeVisible();
    const actions = page.getByRole('region', { name: 'Acciones correctivas abiertas (1)' });
    await expect(actions.getByRole('link', { name: 'Sellar la puerta del silo' })).toHaveAttribute(
      'href',
      `/admin/actions/${action.id}`,
    );
    await expect(actions).toContainText(`${site.name} · Vence el 01/02/2040`);
    const visits = page.getByRole('region', { name: 'Próximas visitas (1)' });
    // At the site's hour, named since the browser (Santiago) is elsewhere.
    const visit = visits.getByRole('link', { name: /7:30.*\(hora de Madrid\)/ });
    await expect(visit).toHaveAttribute('href', `/admin/sessions/${order.id}`);
    await expect(visits).toContainText(`${site.name} · ${tech.fullName} · Orden #${order.id}`);
    if (process.env.SCREENSHOTS) {
      await page.screenshot({ path: 'test-results/screenshots/client-actions-visits.png', fullPage: true });
    }
  });
});
