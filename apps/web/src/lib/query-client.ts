import { QueryClient, type QueryKey } from '@tanstack/react-query';

/** Spec section 9: queries do not refetch on window focus and retry once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
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
