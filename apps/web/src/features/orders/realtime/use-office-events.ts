import type { SessionServerEvents } from '@rondin/contracts/realtime';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { refetchAfterChange } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { realtimeUrl } from '../../../lib/realtime-url';

/**
 * How often at most the office's screens read again what events named: a national operator's technicians
 * send several scans a second, and each would otherwise reload the lists on every administrator's screen.
 */
export const OFFICE_REFRESH_MS = 2000;

/** What a finding changes on the office's screens besides its order: the lists that show findings. */
const FINDING_VIEWS: QueryKey[] = [
  queryKeys.inspections,
  queryKeys.trapHistories,
  queryKeys.actions,
  queryKeys.compliance,
  queryKeys.trends,
];

/**
 * Keeps the office's screens live while `token` is set (the admin layout passes it for a signed-in ADMIN): an
 * order created, scanned, closed or reassigned refreshes the orders, the calendar and the dashboard; a finding
 * refreshes its order and the lists that show findings and corrective actions; an action opened, the actions; a
 * sighting reported, the sightings; new notifications for the account, the bell (at once, not gathered). Refreshes are gathered and sent at most every OFFICE_REFRESH_MS; only the queries on screen are read again (the rest are marked stale).
 */
export function useOfficeEvents(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const socket: Socket<SessionServerEvents> = io(realtimeUrl(), { transports: ['websocket'], auth: { token } });
    const pending = new Map<string, QueryKey>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastFlush = Number.NEGATIVE_INFINITY;
    const flush = () => {
      timer = undefined;
      lastFlush = Date.now();
      const keys = [...pending.values()];
      pending.clear();
      for (const queryKey of keys) void refetchAfterChange(queryClient, queryKey);
    };
    // The first event is shown at once; the ones after it wait for the next window, gathered.
    const refresh = (...keys: QueryKey[]) => {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      timer ??= setTimeout(flush, Math.max(0, lastFlush + OFFICE_REFRESH_MS - Date.now()));
    };
    let connectedBefore = false;
    socket.on('connect', () => {
      // Events sent while the connection was down are lost: catch up once it is back.
      if (connectedBefore) {
        refresh(
          queryKeys.sessions,
          queryKeys.labelReprints,
          queryKeys.sightings,
          queryKeys.notifications,
          ...FINDING_VIEWS,
        );
      }
      connectedBefore = true;
    });
    socket.on('session.created', () => refresh(queryKeys.sessions, queryKeys.compliance));
    // An item recorded by its typed code queues its label's reprint: the office's «Reimpresión» list follows.
    socket.on('session.updated', () => refresh(queryKeys.sessions, queryKeys.compliance, queryKeys.labelReprints));
    socket.on('finding.recorded', ({ sessionId }) => refresh(queryKeys.session(sessionId), ...FINDING_VIEWS));
    socket.on('action.opened', () => refresh(queryKeys.actions));
    // A sighting reported by the plant's staff: the dashboard's open sightings and the site's list.
    socket.on('sighting.created', () => refresh(queryKeys.sightings, queryKeys.actions));
    // New notifications for this account: the bell reads them at once, not at its next minute's poll.
    socket.on('notification.created', () => void refetchAfterChange(queryClient, queryKeys.notifications));
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      socket.disconnect();
    };
  }, [token, queryClient]);
}
