import { EXPORT_FILE_NAMES } from '@rondin/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { rangeSearch, type ReportRange } from './get-compliance';

export type ExportFormat = keyof typeof EXPORT_FILE_NAMES;

export function exportReport(format: ExportFormat, range: ReportRange): Promise<Blob> {
  return apiBlob(`/reports/export?format=${format}&${rangeSearch(range)}`);
}

export function useExportReport() {
  return useMutation({
    mutationFn: async ({ format, range }: { format: ExportFormat; range: ReportRange }) =>
      saveBlob(await exportReport(format, range), EXPORT_FILE_NAMES[format]),
  });
}
