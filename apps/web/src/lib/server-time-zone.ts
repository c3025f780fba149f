import type { Health } from '@rondin/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

const SERVER_TIME_ZONE_STALE_MS = 60 * 60 * 1000;

function getServerTimeZone(signal?: AbortSignal): Promise<string> {
  return apiRequest<Health>('/health', { signal }).then((health) => health.timeZone);
}

/**
 * The server's TIME_ZONE (GET /api/health): the zone of every site that has none of its own. It changes only
 * with a restart of the server, so it is read again at most hourly, and kept on the phone with the orders
 * (features/offline) so a saved order's times stay right without signal. Null until known.
 */
export function useServerTimeZone(): string | null {
  const { data } = useQuery({
    queryKey: queryKeys.serverTimeZone,
    queryFn: ({ signal }) => getServerTimeZone(signal),
    staleTime: SERVER_TIME_ZONE_STALE_MS,
  });
  return data ?? null;
}

/** The zone a site's times are shown in: its own, else the server's; null while neither is known. */
export function useSiteTimeZone(site: { timeZone: string | null } | undefined): string | null {
  const serverTimeZone = useServerTimeZone();
  return site?.timeZone ?? serverTimeZone;
}
