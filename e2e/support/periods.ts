import type { Page } from '@playwright/test';

/**
 * This month as the dashboard's default period means it: from the first midnight of the month to the next
 * month's, in the browser's zone (the config's America/Santiago), as ISO instants.
 */
export function browserThisMonth(page: Page): Promise<{ from: string; to: string }> {
  return page.evaluate(() => {
    const now = new Date();
    return {
      from: new Date(now.getFullYear(), now.getMonth(), 1).toISOString(),
      to: new Date(now.getFullYear(), now.getMonth() + 1, 1).toISOString(),
    };
  });
}
