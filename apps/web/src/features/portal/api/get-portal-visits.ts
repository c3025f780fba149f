import type { PortalVisit, PortalVisitPage } from '@rondin/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';

/** Visits a page of the portal shows. */
export const PORTAL_VISITS_PAGE_SIZE = 20;

/** GET /portal/sites/{id}/visits: a page of the site's visits, newest first, each with its certificate. */
export function getPortalVisits(siteId: number, page: number, signal?: AbortSignal): Promise<PortalVisitPage> {
  return apiRequest<PortalVisitPage>(
    `/portal/sites/${siteId}/visits?page=${page}&pageSize=${PORTAL_VISITS_PAGE_SIZE}`,
    { signal },
  );
}

export function usePortalVisits(siteId: number, page: number) {
  return useQuery({
    queryKey: queryKeys.portalSite(siteId, 'visits', page),
    queryFn: ({ signal }) => getPortalVisits(siteId, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** The visit's PDF (GET /portal/visits/{id}/report.pdf), saved under its certificate's folio. */
export function useDownloadVisitReport() {
  return useMutation({
    mutationFn: async (visit: Pick<PortalVisit, 'id' | 'certificate'>) =>
      saveBlob(
        await apiBlob(`/portal/visits/${visit.id}/report.pdf`),
        visit.certificate ? `certificado-${visit.certificate.folio}.pdf` : `visita-${visit.id}.pdf`,
      ),
  });
}
