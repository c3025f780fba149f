import type { Site } from '@rondin/contracts';

/**
 * The sites a screen offers to choose from: the active ones, and only when there are several. With a single
 * active site no screen asks for it or names it, and the screens look as they did before sites existed.
 */
export function sitesToChoose(sites: readonly Site[] | undefined): Site[] {
  const active = (sites ?? []).filter((site) => site.isActive);
  return active.length > 1 ? active : [];
}

/** Each site's name by its id, for lists that name a row's site. */
export function siteNames(sites: readonly Site[] | undefined): ReadonlyMap<number, string> {
  return new Map((sites ?? []).map((site) => [site.id, site.name]));
}
