import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, UnreachableError } from './api-client';

/**
 * Spec section 9: a failed read is tried once more, unless trying again cannot help: the server refused it (4xx)
 * or it already waited the whole time allowed for an answer.
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (error instanceof ApiError) return error.status >= 500;
  return !(error instanceof UnreachableError && error.reason === 'timeout');
}

/**
 * Spec section 9: queries do not refetch on window focus and retry once. Requests run whatever the browser says
 * of the network ('always'): by default TanStack Query pauses them while `navigator.onLine` is false, which left
 * 'Cargando órdenes...' and 'Guardando…' on screen for ever, with nothing to say what failed. Each request
 * fails on its own instead (api-client.ts: no network, no answer in time), and the screens say so.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: retryOnce, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * Reads queries again after the server reported a change (a realtime event, a saved scan delivered). A read
 * already on its way may have been answered before that change, and invalidating alone would join a first load
 * still in flight (TanStack Query cancels only fetches of queries that hold data), leaving the old answer on
 * screen until the next poll: cancel those reads, then read again.
 */
export async function refetchAfterChange(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
