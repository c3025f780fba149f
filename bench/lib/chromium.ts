/** Debian's Chromium as the browser tests launch it (e2e/support/browser.ts); CHROME_PATH points elsewhere. */
export { CHROMIUM_ARGS } from '../../e2e/support/browser.js';
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
