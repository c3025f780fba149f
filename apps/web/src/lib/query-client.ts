import { QueryClient } from '@tanstack/react-query';

/** Spec section 9: queries do not refetch on window focus and retry once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  });
}
