import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { ADMIN } from './accounts';
import { AdminApi, baseURL, loginThroughApi } from './api';

interface Fixtures {
  /** An API client signed in as the administrator, for arranging data. */
  adminApi: AdminApi;
  /** Signs the page in without the form (the form has its own tests) and opens `path`. */
  signIn: (account: { email: string; password: string }, path: string) => Promise<void>;
  /** Signs the page in as the administrator and opens `path`. */
  asAdmin: (path: string) => Promise<void>;
}

/**
 * Stores a real token where the app keeps it (`rondin.auth`), as a sign-in through the form would. It is written
 * on a page of the origin that runs no app code (the health check): on /login, an app already signed in as
 * someone else re-reads its profile and could write that user back over the new sign-in.
 */
export async function storeSignIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const auth = await loginThroughApi(account.email, account.password);
  await page.goto('/api/health');
  await page.evaluate(
    (value) => localStorage.setItem('rondin.auth', value),
    JSON.stringify({ accessToken: auth.accessToken, user: auth.technician }),
  );
}

export const test = base.extend<Fixtures>({
  // The server's port is chosen in global-setup, after this config was read.
  baseURL: async ({}, use) => use(baseURL()),
  adminApi: async ({}, use) => {
    const api = await AdminApi.open();
    await use(api);
    await api.dispose();
  },
  signIn: async ({ page }, use) => {
    await use(async (account, path) => {
      await storeSignIn(page, account);
      await page.goto(path);
    });
  },
  asAdmin: async ({ signIn }, use) => {
    await use((path) => signIn(ADMIN, path));
  },
});

export { expect };

/** axe-core on the page as it is: no serious or critical violation is allowed. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).join('\n  ')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
}

/** Reads a download fully into memory. */
export async function downloadBytes(download: import('@playwright/test').Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
