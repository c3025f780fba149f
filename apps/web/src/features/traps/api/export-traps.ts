import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';

export type ExportFormat = 'csv' | 'xlsx';

/** The whole inventory in the columns the import reads. */
export function exportTraps(format: ExportFormat): Promise<Blob> {
  return apiBlob(`/traps/export?format=${format}`);
}

export function useExportTraps() {
  return useMutation({ mutationFn: exportTraps });
}
