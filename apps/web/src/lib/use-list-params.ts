import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type ListParams<K extends string> = Record<K, string> & { page: number };

export interface ListParamsControls<K extends string> {
  params: ListParams<K>;
  /** New filter values: the results start again at page 1. The address is replaced, not pushed. */
  setFilters: (changes: Partial<Record<K, string>>) => void;
  /** Another page of the same results: pushed, so the back button returns to the page before. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  clearFilters: () => void;
}

/**
 * A list's filters and page kept in the address (`?q=trp&page=2`), so that a reload, a shared link or the back
 * button shows the same results. Empty values and page 1 are left out of the address.
 */
export function useListParams<K extends string>(
  /** A constant list (module level), so the callbacks keep their identity. */
  keys: readonly K[],
): ListParamsControls<K> {
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(keys.map((key) => [key, search.get(key)?.trim() ?? ''])) as Record<K, string>;
  const requested = Number(search.get('page'));
  const page = Number.isInteger(requested) && requested > 1 ? requested : 1;

  // What the address holds or is about to: two changes before the next render (a search box's pause ending as a
  // filter is picked) both stay, where the router's own `current` would hand the second the first one's start.
  const latest = useRef(search);
  latest.current = search;
  const update = useCallback(
    (changes: Record<string, string>, replace: boolean) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      latest.current = next;
      setSearch(next, { replace });
    },
    [setSearch],
  );

  const setFilters = useCallback(
    (changes: Partial<Record<K, string>>) => update({ ...(changes as Record<string, string>), page: '' }, true),
    [update],
  );
  const setPage = useCallback(
    (next: number, { replace = false }: { replace?: boolean } = {}) =>
      update({ page: next > 1 ? String(next) : '' }, replace),
    [update],
  );
  const clearFilters = useCallback(
    () => update(Object.fromEntries([...keys, 'page'].map((key) => [key, ''])), true),
    [update, keys],
  );

  return { params: { ...filters, page }, setFilters, setPage, clearFilters };
}
