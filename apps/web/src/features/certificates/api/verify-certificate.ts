import type { Verification } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, readErrorMessage, REQUEST_TIMEOUT_MS } from '../../../lib/api-client';

/** Why a verification could not be shown: no such code, too many lookups (and for how long), no connection. */
export type VerifyProblem =
  | { kind: 'not-found' }
  | { kind: 'too-many'; retryAfterSeconds: number | null; message: string | undefined }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string | undefined };

export class VerifyError extends Error {
  constructor(readonly problem: VerifyProblem) {
    super(problem.kind);
    this.name = 'VerifyError';
  }
}

/**
 * GET /verify/{code}, public: no sign-in is sent (a visitor has none, and a signed-in user's token would add
 * nothing). The rate limit's Retry-After is read, so the page can say how long to wait.
 */
export async function verifyCertificate(code: string, signal?: AbortSignal): Promise<Verification> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/verify/${encodeURIComponent(code)}`, {
      headers: { accept: 'application/json' },
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
        : AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new VerifyError({ kind: 'offline' });
  }
  if (response.ok) return (await response.json()) as Verification;
  const message = readErrorMessage(await response.json().catch(() => undefined));
  if (response.status === 404 || response.status === 400) throw new VerifyError({ kind: 'not-found' });
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    throw new VerifyError({
      kind: 'too-many',
      retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null,
      message,
    });
  }
  throw new VerifyError({ kind: 'failed', message });
}

export function useVerification(code: string) {
  return useQuery({
    queryKey: ['verify', code],
    queryFn: ({ signal }) => verifyCertificate(code, signal),
    // Each lookup counts against the limit: one answer per visit, asked again only on 'Reintentar'.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
