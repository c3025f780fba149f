import type { Browser } from '@playwright/test';
import { loginThroughApi } from './api';

/**
 * A technician's phone in a browser context of its own (390×844), signed in and on their order list; its clock
 * in `timezoneId` (the suite's zone unless a test is about another).
 */
export async function techPhone(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
  timezoneId = 'America/Santiago',
) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'es-CL',
    timezoneId,
  });
  const phone = await context.newPage();
  const auth = await loginThroughApi(account.email, account.password);
  await phone.goto('/login');
  await phone.evaluate(
    (value) => localStorage.setItem('rondin.auth', value),
    JSON.stringify({ accessToken: auth.accessToken, user: auth.technician }),
  );
  await phone.goto('/tech/sessions');
  return { phone, close: () => context.close() };
}
