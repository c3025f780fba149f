import type { SessionServerEvents } from '@rondin/contracts/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { refetchAfterChange } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { realtimeUrl } from '../../../lib/realtime-url';

/**
 * Keeps the bell live for an account whose layout opens no realtime connection of its own (the portal's, a
 * CLIENTE's): `notification.created` reads the notifications again, and so does a connection back after a
 * drop (what was sent meanwhile is lost). The office's and the technician's connections (useOfficeEvents,
 * useOrderEvents) hear the same event, so each page keeps one connection.
 */
export function useNotificationEvents(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const socket: Socket<SessionServerEvents> = io(realtimeUrl(), { transports: ['websocket'], auth: { token } });
    const refresh = () => void refetchAfterChange(queryClient, queryKeys.notifications);
    let connectedBefore = false;
    socket.on('connect', () => {
      if (connectedBefore) refresh();
      connectedBefore = true;
    });
    socket.on('notification.created', refresh);
    return () => {
      socket.disconnect();
    };
  }, [token, queryClient]);
}
