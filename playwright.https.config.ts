import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/browser';

/**
 * Production's shape on this machine (e2e/https/global-setup.ts): Caddy with `tls internal` in front of two
 * Rondín processes on PostgreSQL and Redis. Needs `npm run build`, Debian's caddy and libnss3-tools, and the
 * machine's PostgreSQL and Redis (E2E_DATABASE_URL, E2E_REDIS_URL to point elsewhere).
 */
export default defineConfig({
  testDir: 'e2e/https',
  globalSetup: './e2e/https/global-setup.ts',
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/https',
  use: {
    headless: true,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: { width: 390, height: 844 },
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
