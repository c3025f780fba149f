import type { Assessment, CreateAssessmentInput } from '@rondin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';
import { randomUuid } from '../../../lib/uuid';

/**
 * POST /api/sites/{id}/assessments: opens a draft (a quarterly review with its quarter's figures; a correction
 * with `revisionOf`). The id the device gives it makes a retried request answer the draft already opened.
 */
export function createAssessment({ siteId, ...body }: CreateAssessmentInput & { siteId: number }): Promise<Assessment> {
  return apiRequest<Assessment>(`/sites/${siteId}/assessments`, {
    method: 'POST',
    body: { clientAssessmentId: randomUuid(), ...body },
  });
}

export function useCreateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssessment,
    onSuccess: (assessment) => {
      queryClient.setQueryData(queryKeys.assessment(assessment.id), assessment);
      return queryClient.invalidateQueries({ queryKey: queryKeys.assessments });
    },
  });
}

/** POST /api/assessments/{id}/sign: the signed-in technical manager signs with their stored signature. */
export function useSignAssessment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Assessment>(`/assessments/${id}/sign`, { method: 'POST', body: {} }),
    onSuccess: (assessment) => {
      queryClient.setQueryData(queryKeys.assessment(id), assessment);
      // Each recommendation became a client's corrective action.
      void queryClient.invalidateQueries({ queryKey: queryKeys.actions });
      return queryClient.invalidateQueries({ queryKey: queryKeys.assessments });
    },
  });
}

/** GET /api/assessments/{id}/report.pdf, saved as a file. */
export function useDownloadAssessmentReport(id: number) {
  return useMutation({
    mutationFn: async () => saveBlob(await apiBlob(`/assessments/${id}/report.pdf`), `evaluacion-${id}.pdf`),
  });
}
