/**
 * The browser every test launches: Debian's `chromium-headless-shell`, the headless build Playwright itself uses
 * for headless runs. Beside the full `chromium` in its new headless mode it left the browser tests 150 passing and
 * needed a third less CPU (2026-11-29: 286 → 214 s on this 2-core machine, BENCHMARKS.md). E2E_CHROMIUM names
 * another binary, `/usr/bin/chromium` say, to see a failure in the full browser.
 */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

/** A camera that plays `y4mFile` (looping), granted without a prompt. */
export function fakeCameraArgs(y4mFile: string): string[] {
  return [
    ...CHROMIUM_ARGS,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${y4mFile}`,
  ];
}
