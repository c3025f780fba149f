import type { SessionServerEvents } from '@rondin/contracts/realtime';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { refetchAfterChange } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { realtimeUrl } from '../../../lib/realtime-url';

/**
 * Keeps a realtime connection open while `token` is set (the technician layout passes it only for a
 * signed-in TECH) and refreshes the technician's lists (open orders and completed pages share one key
 * prefix) and the order an event names, and the bell when new notifications are written for the account. A new token (another sign-in) or null (sign-out, another role)
 * closes the old connection.
 */
export function useOrderEvents(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const socket: Socket<SessionServerEvents> = io(realtimeUrl(), { transports: ['websocket'], auth: { token } });
    const refetch = (queryKey: QueryKey) => void refetchAfterChange(queryClient, queryKey);
    const refresh = ({ sessionId }: { sessionId: number }) => {
      refetch(queryKeys.mySessions);
      refetch(queryKeys.session(sessionId));
    };
    let connectedBefore = false;
    socket.on('connect', () => {
      // Events sent while the connection was down are lost: catch up once it is back.
      if (connectedBefore) {
        refetch(queryKeys.sessions);
        refetch(queryKeys.notifications);
      }
      connectedBefore = true;
    });
    socket.on('session.created', refresh);
    socket.on('session.updated', refresh);
    socket.on('notification.created', () => refetch(queryKeys.notifications));
    return () => {
      socket.disconnect();
    };
  }, [token, queryClient]);
}
