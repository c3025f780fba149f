import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';

/** An A4 sheet with the labels of every active trap. */
export function getLabelsSheet(): Promise<Blob> {
  return apiBlob('/traps/labels');
}

export function useLabelsSheet() {
  return useMutation({ mutationFn: getLabelsSheet });
}
