import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { baseURL } from './support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/browser';
import { waitForServiceWorker } from './support/offline';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

// The app's service worker: this file's tests work offline or check what it caches.
test.use({ serviceWorkers: 'allow' });

/** The app installs and opens without a network: manifest, service worker, the install banner (spec section 1). */

const signInForm = (page: Page) => page.getByRole('heading', { name: 'Iniciar sesión' });

test.describe('offline app shell', () => {
  test('after one visit the app opens offline, on any of its routes', async ({ page, context }) => {
    await page.goto('/login');
    await expect(signInForm(page)).toBeVisible();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect(signInForm(page)).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();

    // A deep link is a navigation the service worker answers with the app, whose router takes it from there.
    await page.goto('/tech/sessions');
    await expect(page).toHaveURL(/\/login$/);
    await expect(signInForm(page)).toBeVisible();
  });

  test('the service worker caches the app shell and the scan assets, never an API answer', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => fetch('/api/health').then((response) => response.status))).toBe(200);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached).toContain('/manifest.webmanifest');
    expect(cached.some((url) => /^\/assets\/zxing_reader-.+\.wasm$/.test(url))).toBe(true);
    expect(cached.some((url) => /^\/assets\/qr-worker-.+\.js$/.test(url))).toBe(true);
    expect(cached.some((url) => /^\/assets\/scan-.+\.js$/.test(url))).toBe(true);
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);

    // Offline, an API call fails as it should, instead of being answered with the app's page.
    await context.setOffline(true);
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
  });
});

/** Dispatches what Chromium fires when the app can be installed; `prompt()` calls are counted on window. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted'): Promise<void> {
  await page.evaluate((answer) => {
    const counter = window as unknown as { __installPrompts?: number };
    counter.__installPrompts ??= 0;
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        counter.__installPrompts! += 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

const dismissedFlag = (page: Page) => page.evaluate(() => localStorage.getItem('rondin.install.dismissed'));
const promptCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __installPrompts?: number }).__installPrompts ?? 0);

test.describe('install banner', () => {
  test("'Más tarde' hides it across reloads until the browser offers installation again", async ({ page }) => {
    await page.goto('/login');
    await expect(signInForm(page)).toBeVisible();
    const banner = page.getByRole('region', { name: 'Instala Rondín en este dispositivo' });
    await expect(banner).toHaveCount(0);

    await offerInstall(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Más tarde' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Instalar' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await banner.getByRole('button', { name: 'Más tarde' }).click();
    await expect(banner).toHaveCount(0);
    expect(await dismissedFlag(page)).not.toBeNull();

    await page.reload();
    await expect(signInForm(page)).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(await dismissedFlag(page)).not.toBeNull();

    await offerInstall(page);
    await expect(banner).toBeVisible();
    expect(await dismissedFlag(page)).toBeNull();
  });

  test("'Instalar' opens the browser's dialog; a declined install is remembered, an install clears it", async ({
    page,
  }) => {
    await page.goto('/login');
    const banner = page.getByRole('region', { name: 'Instala Rondín en este dispositivo' });

    await offerInstall(page, 'dismissed');
    await banner.getByRole('button', { name: 'Instalar' }).click();
    await expect(banner).toHaveCount(0);
    expect(await promptCalls(page)).toBe(1);
    await expect.poll(() => dismissedFlag(page)).not.toBeNull();

    await offerInstall(page, 'accepted');
    await banner.getByRole('button', { name: 'Instalar' }).click();
    await expect(banner).toHaveCount(0);
    expect(await promptCalls(page)).toBe(2);
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    expect(await dismissedFlag(page)).toBeNull();
  });
});

test.describe('installability', () => {
  test('the manifest is in Spanish with the icons browsers require', async ({ request }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Rondín — Control de trampas',
      short_name: 'Rondín',
      lang: 'es',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    });
    const sizes = (purpose: string) =>
      manifest.icons.filter((icon) => (icon.purpose ?? 'any') === purpose).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toEqual(['512x512']);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }
  });

  test("Chromium's own installability check finds nothing missing", async () => {
    // An ordinary Playwright context is incognito, where Chromium reports "in-incognito" whatever the app does.
    const userDataDir = mkdtempSync(path.join(tmpdir(), 'rondin-install-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
      headless: true,
      baseURL: baseURL(),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(url).toBe(`${baseURL()}/manifest.webmanifest`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});
