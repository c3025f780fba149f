import type { NotificationsPage, NotificationsUnread } from '@rondin/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * How often the bell asks again while the page is open, should a realtime event be missed (the connection
 * down): new notifications arrive by `notification.created` at once.
 */
const REFRESH_MS = 60_000;

/** A page of the account's notifications, newest first: the first, or those before the id `before`. */
export function getNotifications(before?: number, signal?: AbortSignal): Promise<NotificationsPage> {
  return apiRequest<NotificationsPage>(before === undefined ? '/notifications' : `/notifications?before=${before}`, {
    signal,
  });
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal, pageParam }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });

/**
 * The account's notifications, 20 a page («Ver más» adds the next), and the unread count (the first page's).
 * Refreshed when a realtime event says there are new ones, every minute and on focus: every page loaded is read
 * again from the first, so a new one on top never leaves a gap between pages.
 */
export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
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
      queryClient.setQueryData<InfiniteData<NotificationsPage, number | undefined>>(queryKeys.notifications, (data) => {
        if (!data) return data;
        const newlyRead = data.pages
          .flatMap((page) => page.items)
          .filter((item) => ids.includes(item.id) && item.readAt === null).length;
        return {
          ...data,
          pages: data.pages.map((page, index) => ({
            ...page,
            unread: index === 0 ? Math.max(0, page.unread - newlyRead) : page.unread,
            items: page.items.map((item) =>
              ids.includes(item.id) && item.readAt === null ? { ...item, readAt: now } : item,
            ),
          })),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
