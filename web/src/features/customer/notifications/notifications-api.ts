import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import type { NotificationPageJson } from '@desk/services/notifications/notification-json';
import type { PreferencesJson } from '@desk/services/notifications/notifications.routes';
import { useLivePolling } from '../../../lib/live-updates';

/**
 * The customer's notifications and SMS choice, typed off the server's routes. The list's key sits
 * under 'orders': the live stream's order events invalidate 'orders', and with it the bell.
 */
export const notificationKeys = {
  list: ['orders', 'notifications'] as const,
  preferences: ['user', 'notification-preferences'] as const,
};

const LIST_HASH = JSON.stringify(notificationKeys.list);

/** Typed with the server's own answer types (its zod schemas), as declared beside the routes. */
export const notificationsApi = {
  list: (cursor?: string) => callApi<NotificationPageJson>('GET', '/api/user/notifications', { query: { cursor } }),
  markAllRead: () => callApi<{ unread: number; message: string }>('POST', '/api/user/notifications/read', { json: {} }),
  markRead: (ids: string[]) => callApi<{ unread: number; message: string }>('POST', '/api/user/notifications/read', { json: { ids } }),
  preferences: () => callApi<PreferencesJson>('GET', '/api/user/notification-preferences'),
  setPreferences: (optionalSms: boolean) =>
    callApi<PreferencesJson & { message: string }>('PUT', '/api/user/notification-preferences', { json: { optionalSms } }),
};

export type CustomerNotification = NotificationPageJson['items'][number];

/** While the live stream is down, the bell asks this often; while it is up, only as its fallback (LIVE_POLL_MS). */
export const BELL_FALLBACK_POLL_MS = 30_000;
/**
 * The notifications projection may commit a moment after the orders projection whose change the
 * stream announced: the bell asks once more after this long, so that change is not missed until the next one.
 */
export const AFTER_CHANGE_MS = 1_500;

export function useNotifications() {
  const poll = useLivePolling();
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // When something (the live stream's order event) invalidates the list, it is fetched at once, and once more a moment later.
    const stop = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'invalidate' || event.query.queryHash !== LIST_HASH) return;
      clearTimeout(timer);
      timer = setTimeout(() => void client.refetchQueries({ queryKey: notificationKeys.list, exact: true }), AFTER_CHANGE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [client]);
  return useQuery({ queryKey: notificationKeys.list, queryFn: () => notificationsApi.list(), refetchInterval: poll(BELL_FALLBACK_POLL_MS) });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | 'all') => (ids === 'all' ? notificationsApi.markAllRead() : notificationsApi.markRead(ids)),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.list, exact: true }),
  });
}
