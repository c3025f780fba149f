/** The sizes every design-review screenshot is taken at: a common phone and a common laptop. */
export const SCREENSHOT_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;
