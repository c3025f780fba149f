import { defineConfig } from '@playwright/test';
import { E2E_WORKERS } from './e2e/global-setup';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/browser';

/**
 * Files whose figures are the machine's pace (a camera video that moves on by itself, a time a phone must keep):
 * they run once every other file is done, alone on the machine.
 */
const PACED = ['**/findings-round.spec.ts', '**/findings.spec.ts'];
// e2e/https runs on its own (playwright.https.config.ts): Caddy and two processes on PostgreSQL. Screenshots for
// design review are taken on request only (SCREENSHOTS=1).
const IGNORED = ['**/https/**', ...(process.env.SCREENSHOTS ? [] : ['**/*screenshots.spec.ts'])];

/**
 * Browser tests (e2e/) against the built app served by the real server (see e2e/global-setup.ts).
 *
 * Runner: @playwright/test rather than playwright-core under vitest, for its web-first assertions
 * (`expect(locator).toHaveText()` retries until the page shows it), so no test needs a fixed sleep, and for
 * its download, dialog and trace handling. It never downloads a browser: it drives Debian's Chromium.
 */
export default defineConfig({
  testDir: 'e2e',
  // SCREENSHOTS=1 npx playwright test screenshots: screenshots.spec.ts for the admin screens,
  // tech-screenshots.spec.ts for the technician's.
  testIgnore: IGNORED,
  globalSetup: './e2e/global-setup.ts',
  // Three files at a time, each worker with a server and an embedded database of its own (E2E_WORKERS): a browser
  // test waits on the page part of its time, so three of them share a 2-core machine well. A file's tests run in
  // order, in one worker.
  workers: E2E_WORKERS,
  fullyParallel: false,
  projects: [
    // A project's testIgnore replaces the one above: it names both.
    { name: 'browser', testIgnore: [...IGNORED, ...PACED] },
    // One at a time, as well: the two paced files side by side made the camera round miss taps (CI, 23:33).
    { name: 'paced', testMatch: PACED, dependencies: ['browser'], workers: 1 },
  ],
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
    // The app's service worker precaches all of it (131 files) in every new context: only the files about offline
    // work and installing let it run (test.use there), which took an eighth off the suite's CPU.
    serviceWorkers: 'block',
    // Recording a trace of every test to keep the failing ones cost a sixth of the suite's time; a failure keeps
    // its screenshot, and E2E_TRACE=1 records traces again to look into one.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
