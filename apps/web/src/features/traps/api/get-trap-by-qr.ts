import type { Trap } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The trap a label's code belongs to: how an administrator's phone opens a label read outside the app. */
export function getTrapByQr(qrSlug: string, signal?: AbortSignal): Promise<Trap> {
  return apiRequest<Trap>(`/traps/by-qr?qrSlug=${encodeURIComponent(qrSlug)}`, { signal });
}

export function useTrapByQr(qrSlug: string) {
  return useQuery({
    queryKey: ['traps', 'by-qr', qrSlug] as const,
    queryFn: ({ signal }) => getTrapByQr(qrSlug, signal),
  });
}
