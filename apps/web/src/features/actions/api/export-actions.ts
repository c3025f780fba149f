import type { ExportFormat } from '@rondin/contracts';
import { apiBlob } from '../../../lib/api-client';
import type { ActionFilters } from './get-actions';

/** Every action the list's filters keep (all pages), in the list's order, as CSV or Excel: GET /actions/export. */
export function exportActions(filters: ActionFilters, format: ExportFormat): Promise<Blob> {
  const search = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  search.set('format', format);
  return apiBlob(`/actions/export?${search}`);
}
