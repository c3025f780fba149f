import type { TrapImportResult } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, FILE_TIMEOUT_MS } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The media types the server reads (TRAP_FILE_TYPES in the contracts), chosen by the file's name. */
export const IMPORT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The largest file the server reads (MAX_IMPORT_BYTES): checked here so a large file is not sent for nothing. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export function importTypeOf(file: File): string | null {
  const extension = file.name.toLowerCase().split('.').pop();
  return extension === 'csv' ? IMPORT_TYPES.csv : extension === 'xlsx' ? IMPORT_TYPES.xlsx : null;
}

export interface ImportRequest {
  file: File;
  type: string;
  dryRun: boolean;
  /** Every row is this site's (importing from the site's page). */
  siteId?: number | undefined;
}

/** Sends the file itself as the body: the preview (dryRun) writes nothing; the import writes every row or none. */
export function importTraps({ file, type, dryRun, siteId }: ImportRequest): Promise<TrapImportResult> {
  const query = new URLSearchParams({
    ...(dryRun ? { dryRun: 'true' } : {}),
    ...(siteId === undefined ? {} : { siteId: String(siteId) }),
  }).toString();
  return apiRequest<TrapImportResult>(`/traps/import${query ? `?${query}` : ''}`, {
    method: 'POST',
    body: new Blob([file], { type }),
    timeoutMs: FILE_TIMEOUT_MS,
  });
}

export function useImportTraps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTraps,
    onSuccess: (_result, request) => {
      if (request.dryRun) return;
      // The devices, and the sites' counts of them.
      void queryClient.invalidateQueries({ queryKey: queryKeys.traps });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sites });
    },
  });
}
