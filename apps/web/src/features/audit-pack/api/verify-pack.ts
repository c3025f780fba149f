import type { PackVerification } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, readErrorMessage } from '../../../lib/api-client';

/** A pack's verification draws the whole pack's records again: longer than an ordinary request may take. */
const VERIFY_TIMEOUT_MS = 120_000;

/** Why a pack's verification could not be shown. */
export type PackVerifyProblem = 'not-found' | 'too-many' | 'offline' | 'failed';

export class PackVerifyError extends Error {
  constructor(
    readonly problem: PackVerifyProblem,
    readonly detail?: string,
  ) {
    super(problem);
    this.name = 'PackVerifyError';
  }
}

/** GET /verify/packs/{code}, public: no sign-in is sent. */
async function verifyPack(code: string, signal: AbortSignal): Promise<PackVerification> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/verify/packs/${encodeURIComponent(code)}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(VERIFY_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new PackVerifyError('offline');
  }
  if (response.ok) return (await response.json()) as PackVerification;
  const detail = readErrorMessage(await response.json().catch(() => undefined));
  if (response.status === 404 || response.status === 400) throw new PackVerifyError('not-found');
  throw new PackVerifyError(response.status === 429 ? 'too-many' : 'failed', detail);
}

export function usePackVerification(code: string) {
  return useQuery({
    queryKey: ['verify-pack', code],
    queryFn: ({ signal }) => verifyPack(code, signal),
    // Each lookup counts against the limit and recomputes the pack: once per visit, again only on 'Reintentar'.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
