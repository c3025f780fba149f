import type { Application } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ApplicationToSend } from '../../offline/scan-queue';

/** GET /api/sessions/{id}/applications. */
export function useOrderApplications(sessionId: number) {
  return useQuery({
    queryKey: queryKeys.orderApplications(sessionId),
    queryFn: ({ signal }) => apiRequest<Application[]>(`/sessions/${sessionId}/applications`, { signal }),
  });
}

/** The request a queued application becomes; the server answers a replayed id with what it stored. */
export function putApplication(record: Pick<ApplicationToSend, 'sessionId' | 'body'>): Promise<Application> {
  const { clientApplicationId, ...body } = record.body;
  return apiRequest<Application>(`/sessions/${record.sessionId}/applications/${clientApplicationId}`, {
    method: 'PUT',
    body,
  });
}
