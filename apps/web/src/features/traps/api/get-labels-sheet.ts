import type { MAX_LABELS_PER_SHEET } from '@rondin/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { type TrapFilters, trapFilterSearch } from './get-traps';

/**
 * How many chosen labels one sheet may hold. Typed as the server's limit, so the compiler holds the two equal;
 * the value is written here so the contracts' zod stays out of the bundle.
 */
export const MAX_SELECTED_LABELS: typeof MAX_LABELS_PER_SHEET = 5000;

/** The traps whose labels to print: those chosen, or those the list shows with its filters. */
export type LabelsChoice = { ids: readonly number[] } | { filters: Omit<TrapFilters, 'page'> };

/**
 * An A4 sheet with the labels of the chosen traps, or of every trap the filtered list shows (all its pages;
 * without filters, every active trap). A choice travels in the body: 5,000 ids would not fit in an address.
 */
export function getLabelsSheet(choice: LabelsChoice): Promise<Blob> {
  if ('ids' in choice) return apiBlob('/traps/labels', { method: 'POST', body: { ids: choice.ids } });
  const search = trapFilterSearch(choice.filters).toString();
  return apiBlob(search ? `/traps/labels?${search}` : '/traps/labels');
}

export function useLabelsSheet() {
  return useMutation({ mutationFn: getLabelsSheet });
}
