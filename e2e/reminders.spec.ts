import { unique } from './support/accounts';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const SHOTS = 'test-results/screenshots';

/** A calendar day `days` from now, YYYY-MM-DD (UTC: the test keeps clear of the 30-day edge). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the dashboard reminds of a licence about to expire and an expired product, each linking to its screen', async ({
  page,
  adminApi,
  asAdmin,
}) => {
  const auth = { authorization: `Bearer ${adminApi.auth.accessToken}` };
  const tech = await adminApi.createTechnician({ fullName: unique('Marta Licencia') });
  const patched = await page.request.patch(`/api/technicians/${tech.id}`, {
    headers: auth,
    data: { licenceNumber: 'ROESB-123', licenceExpiresAt: inDays(10) },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const product = unique('Cipermetrina');
  const created = await page.request.post('/api/products', {
    headers: auth,
    data: {
      name: product,
      activeIngredients: 'Cipermetrina 10 %',
      registrationNumber: 'ES/RM-2019-18-00777',
      type: 'TP18',
      authorisationExpiresAt: '2020-01-31',
      userCategory: 'PROFESIONAL',
      foodIndustryAllowed: true,
      safetyIntervalHours: 12,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await asAdmin('/admin/dashboard');
    const panel = page.getByRole('region', { name: 'Pendientes' });
    const licence = panel.getByRole('listitem').filter({ hasText: `Licencia de ${tech.fullName} (ROESB-123)` });
    await expect(licence).toContainText(/vence en (9|10|11) días \(/);
    const authorisation = panel.getByRole('listitem').filter({ hasText: `Autorización de ${product}` });
    await expect(authorisation).toContainText('venció hace');
    await expect(authorisation).toContainText('(31 de enero de 2020)');
    await licence.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/reminders-${size.width}.png` });
  }
  await expectNoSeriousA11yViolations(page);

  const panel = page.getByRole('region', { name: 'Pendientes' });
  await panel.getByRole('link', { name: `Licencia de ${tech.fullName} (ROESB-123)` }).click();
  await expect(page).toHaveURL(/\/admin\/technicians$/);
  await page.goBack();
  await panel.getByRole('link', { name: `Autorización de ${product} (ES/RM-2019-18-00777)` }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
});
