import type { PublicSightingPage, PublicSightingReceipt } from '@rondin/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { API_BASE, FILE_TIMEOUT_MS, readErrorMessage, REQUEST_TIMEOUT_MS } from '../../../lib/api-client';

/**
 * Why the public page could not open or send: the link is unknown or was rotated (404), too many reports from this
 * address (429), no answer, the server's refusal of what was typed (400, in its words), or anything else.
 */
export type PublicSightingProblem =
  | { kind: 'link-gone' }
  | { kind: 'too-many'; message: string | undefined }
  | { kind: 'offline' }
  | { kind: 'refused'; message: string | undefined }
  | { kind: 'failed'; message: string | undefined };

export class PublicSightingError extends Error {
  constructor(readonly problem: PublicSightingProblem) {
    super(problem.kind);
    this.name = 'PublicSightingError';
  }
}

const path = (token: string) => `${API_BASE}/public/sightings/${encodeURIComponent(token)}`;

/**
 * The public routes are called with fetch itself, never with the app's client: no sign-in is sent (plant staff
 * have none, and an office user's token opening a poster must not make the report theirs), and a refusal must not
 * end a stored sign-in as a 401 would.
 */
async function call<T>(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<T> {
  const limit = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, limit]) : limit,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PublicSightingError({ kind: 'offline' });
  }
  if (response.ok) return (await response.json()) as T;
  const message = readErrorMessage(await response.json().catch(() => undefined));
  if (response.status === 404) throw new PublicSightingError({ kind: 'link-gone' });
  if (response.status === 429) throw new PublicSightingError({ kind: 'too-many', message });
  if (response.status === 400 || response.status === 413 || response.status === 415) {
    throw new PublicSightingError({ kind: 'refused', message });
  }
  throw new PublicSightingError({ kind: 'failed', message });
}

/** GET /public/sightings/{token}: the site's name and areas, nothing else of the site. */
export function getPublicSightingPage(token: string, signal?: AbortSignal): Promise<PublicSightingPage> {
  return call<PublicSightingPage>(path(token), {}, REQUEST_TIMEOUT_MS, signal);
}

export function usePublicSightingPage(token: string) {
  return useQuery({
    queryKey: ['public-sighting', token],
    queryFn: ({ signal }) => getPublicSightingPage(token, signal),
    // Each open counts against the address's limit: one answer per visit, asked again only on «Reintentar».
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /public/sightings/{token}: the form as multipart, its photos in `file`. */
export function sendPublicSighting(token: string, form: FormData): Promise<PublicSightingReceipt> {
  return call<PublicSightingReceipt>(path(token), { method: 'POST', body: form }, FILE_TIMEOUT_MS);
}

export function useSendPublicSighting(token: string) {
  return useMutation({ mutationFn: (form: FormData) => sendPublicSighting(token, form) });
}
