/** Debian's Chromium, as every browser test launches it; camera tests add their fake-device flags. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

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
