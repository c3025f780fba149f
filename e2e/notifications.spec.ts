import type { Page } from '@playwright/test';
import { request } from '@playwright/test';
import { unique } from './support/accounts';
import { baseURL } from './support/api';
import { expect, storeSignIn, test } from './support/fixtures';

const SIZES = [
  { label: '390', width: 390, height: 844 },
  { label: '1366', width: 1366, height: 768 },
];
const SHOTS = 'test-results/screenshots';

/**
 * The bell in realtime ([W] 32): the plant's QA manager has her portal open and the office its dashboard; the
 * office records a sighting phoned in, which opens a corrective action, and both bells count it and list it
 * without a reload, well before their minute's poll. The admin's top bar, full at 1366 px, keeps every item in
 * view with the bell's count on it.
 */
test.describe('the bell', () => {
  test.afterEach(async ({ adminApi }) => adminApi.keepOneActiveSite());

  for (const size of SIZES) {
    test(`an action the office opens reaches both bells without a reload (${size.label})`, async ({
      page,
      browser,
      adminApi,
      asAdmin,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const site = await adminApi.createSite({ name: unique('Planta Campana'), client: unique('Lácteos del Sur') });
      await adminApi.createTrap({ area: 'Envasado', siteId: site.id });
      const email = `${unique('calidad').toLowerCase()}@planta.test`;
      const password = 'Campana sin ratones 7';
      const issued = await adminApi.invitePortalAccount(site.clientId!, { email, fullName: unique('Marta Calidad') });
      const http = await request.newContext({ baseURL: baseURL() });
      try {
        const token = new URL(issued.invitationUrl).pathname.split('/').at(-1)!;
        expect((await http.post(`/api/invitations/${token}`, { data: { password } })).status()).toBe(200);
      } finally {
        await http.dispose();
      }

      await asAdmin('/admin');
      const officeBell = page.getByRole('button', { name: /^Notificaciones:/ });
      await expect(officeBell).toBeVisible();
      const officeBefore = await unreadOf(officeBell);

      const plant = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      try {
        const her = await plant.newPage();
        await storeSignIn(her, { email, password });
        await her.goto('/cliente');
        await expect(her.getByRole('heading', { level: 1, name: 'Mis sitios' })).toBeVisible();
        const herBell = her.getByRole('button', { name: /^Notificaciones:/ });
        await expect(herBell).toHaveAccessibleName('Notificaciones: sin notificaciones nuevas');
        await markNotReloaded(page);
        await markNotReloaded(her);

        // The office records a sighting phoned in: its action opens, and the office and the plant are told.
        const description = unique('Ratón junto a la envasadora');
        const office = await request.newContext({
          baseURL: baseURL(),
          extraHTTPHeaders: { authorization: `Bearer ${adminApi.auth.accessToken}` },
        });
        try {
          const reported = await office.post(`/api/sites/${site.id}/sightings`, {
            multipart: {
              area: 'Envasado',
              description,
              seenAt: new Date().toISOString(),
              reporterName: 'Turno de noche',
            },
          });
          expect(reported.status(), await reported.text()).toBe(201);
        } finally {
          await office.dispose();
        }

        // Both bells, within seconds (the poll is a minute away), without a reload.
        await expect(herBell).toHaveAccessibleName('Notificaciones: 1 notificación sin leer', { timeout: 15_000 });
        await expect.poll(() => unreadOf(officeBell), { timeout: 15_000 }).toBeGreaterThan(officeBefore);
        expect(await stillSamePage(her)).toBe(true);
        expect(await stillSamePage(page)).toBe(true);

        await herBell.click();
        const panel = her.getByRole('region', { name: 'Notificaciones' });
        await expect(panel.getByRole('listitem').first()).toContainText(site.name);
        await her.screenshot({ path: `${SHOTS}/bell-portal-${size.label}.png` });
        expect(await her.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

        await officeBell.click();
        await expect(page.getByRole('region', { name: 'Notificaciones' }).getByRole('listitem').first()).toContainText(
          site.name,
        );
        await page.keyboard.press('Escape');
        await page.screenshot({ path: `${SHOTS}/bell-admin-topbar-${size.label}.png` });
        // Nothing of the top bar clipped or pushed out: every control inside the bar and the window.
        const clipped = await page.getByRole('banner').evaluate((banner) => {
          const bar = banner.getBoundingClientRect();
          return [...banner.querySelectorAll('a, button')]
            .filter((element) => (element as HTMLElement).offsetParent !== null)
            .filter((element) => {
              const box = element.getBoundingClientRect();
              const clippedBySelf = element.scrollWidth > element.clientWidth + 1;
              return (
                box.left < bar.left - 0.5 || box.right > Math.min(bar.right, window.innerWidth) + 0.5 || clippedBySelf
              );
            })
            .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim());
        });
        expect(clipped).toEqual([]);
      } finally {
        await plant.close();
      }
    });
  }
});

/** The unread count the bell's name says (0 for «sin notificaciones nuevas»). */
async function unreadOf(bell: ReturnType<Page['getByRole']>): Promise<number> {
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) notificaci/.exec(name)?.[1] ?? 0);
}

/** A mark a reload would lose. */
const markNotReloaded = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
