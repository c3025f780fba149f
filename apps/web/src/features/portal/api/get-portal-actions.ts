import type { ActionResponse, CorrectiveAction, PortalAcknowledgement } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A recommendation as the portal shows it: the action, her acknowledgement and the plant's responses. */
export type Recommendation = Pick<
  CorrectiveAction,
  'id' | 'description' | 'status' | 'overdue' | 'dueDate' | 'area' | 'severity' | 'detectedAt' | 'closedAt'
> & {
  acknowledgement: PortalAcknowledgement | null;
  responses: ActionResponse[];
};

/** The site's corrective actions as the portal lists them, each with her acknowledgement and the responses. */
export interface PortalActions {
  items: (Recommendation & { responsible: 'EMPRESA' | 'CLIENTE' })[];
}

/** GET /portal/sites/{id}/actions: the site's corrective actions and recommendations, with her answers. */
export function getPortalActions(siteId: number, signal?: AbortSignal): Promise<PortalActions> {
  return apiRequest<PortalActions>(`/portal/sites/${siteId}/actions`, { signal });
}

export function usePortalActions(siteId: number) {
  return useQuery({
    queryKey: queryKeys.portalSite(siteId, 'actions'),
    queryFn: ({ signal }) => getPortalActions(siteId, signal),
  });
}
