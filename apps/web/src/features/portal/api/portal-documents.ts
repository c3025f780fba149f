import type { AssessmentSummary, PortalDocuments, ProductDocumentKind } from '@rondin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';

/** GET /portal/sites/{id}/documents: the programme in force, signed assessments, registry, qualifications, products. */
export function getPortalDocuments(siteId: number, signal?: AbortSignal): Promise<PortalDocuments> {
  return apiRequest<PortalDocuments>(`/portal/sites/${siteId}/documents`, { signal });
}

export function usePortalDocuments(siteId: number) {
  return useQuery({
    queryKey: queryKeys.portalSite(siteId, 'documents'),
    queryFn: ({ signal }) => getPortalDocuments(siteId, signal),
  });
}

/** A file the portal serves, saved under the name the server gives it. */
export interface PortalFile {
  path: string;
  fileName: string;
}

export const assessmentReportFile = (id: number): PortalFile => ({
  path: `/portal/assessments/${id}/report.pdf`,
  fileName: `evaluacion-${id}.pdf`,
});

export const productDocumentFile = (
  siteId: number,
  product: { id: number; name: string },
  kind: ProductDocumentKind,
): PortalFile => ({
  path: `/portal/sites/${siteId}/products/${product.id}/documents/${kind}`,
  fileName: `${kind === 'sds' ? 'fds' : 'etiqueta'}-${product.name}.pdf`,
});

/** Fetches a file with her session and hands it to the browser as a download. */
export function useDownloadPortalFile() {
  return useMutation({
    mutationFn: async (file: PortalFile) => saveBlob(await apiBlob(file.path), file.fileName),
  });
}

/** POST /portal/assessments/{id}/acknowledge: the plant accepts a signed assessment (who and when are recorded). */
export function useAcknowledgeAssessment(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      apiRequest<AssessmentSummary>(`/portal/assessments/${id}/acknowledge`, {
        method: 'POST',
        body: note.trim() ? { note: note.trim() } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.portalSite(siteId, 'documents') }),
  });
}
