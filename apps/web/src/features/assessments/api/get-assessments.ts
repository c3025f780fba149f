import type { Assessment, AssessmentDueList, ProgrammeCoverage, SiteAssessments } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/sites/{id}/assessments: the site's assessments, newest first, and what it owes. */
export function useSiteAssessments(siteId: number) {
  return useQuery({
    queryKey: queryKeys.siteAssessments(siteId),
    queryFn: ({ signal }) => apiRequest<SiteAssessments>(`/sites/${siteId}/assessments`, { signal }),
  });
}

/** GET /api/assessments/{id}: one assessment whole (areas, figures, photos). */
export function useAssessment(id: number) {
  return useQuery({
    queryKey: queryKeys.assessment(id),
    queryFn: ({ signal }) => apiRequest<Assessment>(`/assessments/${id}`, { signal }),
  });
}

/** GET /api/assessments/due: what every site owes, late first. */
export function useAssessmentsDue() {
  return useQuery({
    queryKey: queryKeys.assessmentsDue,
    queryFn: ({ signal }) => apiRequest<AssessmentDueList>('/assessments/due', { signal }),
  });
}

/**
 * GET /api/sites/{id}/programme/coverage: the quarter's visits and inspections against the frequency contracted
 * in the site's control programme (the office's; read live, not kept with the review).
 */
export function useContractedCoverage(siteId: number, from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.contractedCoverage(siteId, from, to),
    queryFn: ({ signal }) =>
      apiRequest<ProgrammeCoverage>(`/sites/${siteId}/programme/coverage?${new URLSearchParams({ from, to })}`, {
        signal,
      }),
  });
}
