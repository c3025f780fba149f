import type { CertificateSummary } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A closed order's certificate: folio, revision, hash and verification address (its PDF is the order's report). */
export function getCertificate(sessionId: number): Promise<CertificateSummary> {
  return apiRequest<CertificateSummary>(`/sessions/${sessionId}/certificate`);
}

/** Asked only once the order is closed; a 404 (closed before certificates existed) is an answer, not retried. */
export function useCertificate(sessionId: number, closed: boolean) {
  return useQuery({
    queryKey: queryKeys.certificate(sessionId),
    queryFn: () => getCertificate(sessionId),
    enabled: closed,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** The order was closed before Rondín issued certificates: it has a report but no folio. */
export function isWithoutCertificate(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
