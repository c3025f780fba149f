import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

export type ExportFormat = 'pdf' | 'excel';

/** Spec section 7: saved as 'reporte-operativo' with .pdf or .xlsx. */
export const EXPORT_FILE_NAMES: Record<ExportFormat, string> = {
  pdf: 'reporte-operativo.pdf',
  excel: 'reporte-operativo.xlsx',
};

export function exportReport(format: ExportFormat): Promise<Blob> {
  return apiBlob(`/reports/export?format=${format}`);
}

export function useExportReport() {
  return useMutation({
    mutationFn: async (format: ExportFormat) => saveBlob(await exportReport(format), EXPORT_FILE_NAMES[format]),
  });
}
