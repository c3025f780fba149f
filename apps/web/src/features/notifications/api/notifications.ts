import type { NotificationsPage, NotificationsUnread } from '@rondin/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How often the bell asks again while the page is open: a minute is soon enough for what it announces. */
const REFRESH_MS = 60_000;

export function getNotifications(signal?: AbortSignal): Promise<NotificationsPage> {
  return apiRequest<NotificationsPage>('/notifications', { signal });
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });

/** The first page of the account's notifications and its unread count, refreshed every minute and on focus. */
export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

export function markNotificationsRead(ids: number[]): Promise<NotificationsUnread> {
  return apiRequest<NotificationsUnread>('/notifications/read', { method: 'POST', body: { ids } });
}

/** Marks notifications read; the bell shows them read at once, and asks again once the server answers. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications });
      const now = new Date().toISOString();
      queryClient.setQueryData<NotificationsPage>(queryKeys.notifications, (page) => {
        if (!page) return page;
        const newlyRead = page.items.filter((item) => ids.includes(item.id) && item.readAt === null).length;
        return {
          ...page,
          unread: Math.max(0, page.unread - newlyRead),
          items: page.items.map((item) =>
            ids.includes(item.id) && item.readAt === null ? { ...item, readAt: now } : item,
          ),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
