import type { MAX_LABELS_PER_SHEET } from '@rondin/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';

/**
 * How many chosen labels one sheet may hold. Typed as the server's limit, so the compiler holds the two equal;
 * the value is written here so the contracts' zod stays out of the bundle.
 */
export const MAX_SELECTED_LABELS: typeof MAX_LABELS_PER_SHEET = 5000;

/**
 * An A4 sheet with the labels of the given traps, or of every active trap when none are given. A choice travels
 * in the body: 5,000 ids would not fit in an address.
 */
export function getLabelsSheet(ids?: readonly number[]): Promise<Blob> {
  return ids ? apiBlob('/traps/labels', { method: 'POST', body: { ids } }) : apiBlob('/traps/labels');
}

export function useLabelsSheet() {
  return useMutation({ mutationFn: (ids?: readonly number[]) => getLabelsSheet(ids) });
}
