import type { Product } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The active products, what an application can name (GET /api/products), kept on the phone like the pests. */
export const activeProductsQuery = {
  queryKey: queryKeys.activeProducts,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<Product[]>('/products', { signal }),
  staleTime: 60 * 60 * 1000,
};

export function useActiveProducts() {
  return useQuery(activeProductsQuery);
}

/** The whole catalogue, inactive products too (administrators). */
export function useAllProducts() {
  return useQuery({
    queryKey: [...queryKeys.products, 'all'],
    queryFn: ({ signal }) => apiRequest<Product[]>('/products?all=true', { signal }),
  });
}
