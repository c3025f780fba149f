import type { VerifyAddress } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Where the certificates' QR codes point (PUBLIC_URL, or the address the app is reached at), and whether it is public. */
export function useVerifyAddress() {
  return useQuery({
    queryKey: ['settings', 'verify-address'] as const,
    queryFn: () => apiRequest<VerifyAddress>('/settings/verify-address'),
  });
}
