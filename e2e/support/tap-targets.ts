import type { Locator } from '@playwright/test';

/**
 * Every visible control inside `scope` shorter than a thumb (44 px), named, for an `expect(…).toEqual([])` that
 * says which one failed. A checkbox is measured by its label, which is what a finger hits.
 */
export function shortTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const controls = root.querySelectorAll<HTMLElement>(
      'a[href], button, select, input:not([type="checkbox"]):not([type="radio"]), label:has(input[type="checkbox"])',
    );
    return [...controls]
      .filter((control) => control.offsetParent !== null)
      .map((control) => ({ control, height: control.getBoundingClientRect().height }))
      .filter(({ height }) => height < 44)
      .map(({ control, height }) => {
        const name = control.textContent?.trim() || control.getAttribute('aria-label') || '';
        return `${control.tagName} "${name}" ${height}px`;
      });
  });
}
