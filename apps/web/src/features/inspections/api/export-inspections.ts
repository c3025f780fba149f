import type { ExportFormat } from '@rondin/contracts';
import { apiBlob } from '../../../lib/api-client';
import { type InspectionFilters, inspectionSearch } from '../utils/inspection-search';

/** Every inspection the list's filters keep (all pages), as CSV or Excel: GET /inspections/export. */
export function exportInspections(filters: Omit<InspectionFilters, 'page'>, format: ExportFormat): Promise<Blob> {
  const search = new URLSearchParams(inspectionSearch({ ...filters, page: 1 }));
  search.delete('page');
  search.delete('pageSize');
  search.set('format', format);
  return apiBlob(`/inspections/export?${search}`);
}
