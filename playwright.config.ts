import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/browser';

/**
 * Browser tests (e2e/) against the built app served by the real server (see e2e/global-setup.ts).
 *
 * Runner: @playwright/test rather than playwright-core under vitest, for its web-first assertions
 * (`expect(locator).toHaveText()` retries until the page shows it), so no test needs a fixed sleep, and for
 * its download, dialog and trace handling. It never downloads a browser: it drives Debian's Chromium.
 */
export default defineConfig({
  testDir: 'e2e',
  // Screenshots for design review are taken on request only: SCREENSHOTS=1 npx playwright test screenshots
  // (screenshots.spec.ts for the admin screens, tech-screenshots.spec.ts for the technician's).
  // e2e/https runs on its own (playwright.https.config.ts): Caddy and two processes on PostgreSQL.
  testIgnore: ['**/https/**', ...(process.env.SCREENSHOTS ? [] : ['**/*screenshots.spec.ts'])],
  globalSetup: './e2e/global-setup.ts',
  // One server with one embedded database, on a 2-core machine: files run one after another.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    headless: true,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: { width: 1366, height: 768 },
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
