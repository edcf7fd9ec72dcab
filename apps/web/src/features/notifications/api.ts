import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationPreference } from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { useServerEvent } from '../../lib/event-stream';
import { sortBy } from '../../lib/queries';

const calls = () => import('./calls');
const notificationListCall = lazyCall(calls, 'notificationListCall');
const notificationUnreadCall = lazyCall(calls, 'notificationUnreadCall');
const notificationReadCall = lazyCall(calls, 'notificationReadCall');
const notificationPreferencesCall = lazyCall(calls, 'notificationPreferencesCall');
const notificationPreferencesUpdateCall = lazyCall(calls, 'notificationPreferencesUpdateCall');

export type { Notification, NotificationPreference };
export const NOTIFICATIONS_QUERY = ['notifications'] as const;
/** How often the unread count is asked without a live stream (operators have none). */
const UNREAD_REFRESH_MS = 30_000;
/** The newest notifications the bell lists. */
export const BELL_SIZE = 15;

/** How many are unread: asked on a timer, and at once when the live stream says a new one arrived. */
export function useUnreadCount(live: boolean) {
  const queryClient = useQueryClient();
  useServerEvent('notification', () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY }), live);
  return useQuery({
    queryKey: [...NOTIFICATIONS_QUERY, 'unread'],
    queryFn: ({ signal }) => callApi(notificationUnreadCall, { signal }),
    refetchInterval: UNREAD_REFRESH_MS,
    staleTime: 0,
  });
}

export function useNotificationList(enabled: boolean) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_QUERY, 'list'],
    queryFn: ({ signal }) =>
      callApi(notificationListCall, { body: { page: 1, size: BELL_SIZE, sort: sortBy('createdAt', 'DESC') }, signal }),
    enabled,
    staleTime: 0,
  });
}

/** Marks some read, or all; the count and the list follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, string[] | 'ALL'>({
    mutationKey: [...NOTIFICATIONS_QUERY, 'read'],
    mutationFn: (ids) => callApi(notificationReadCall, { body: ids === 'ALL' ? { all: true } : { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY }),
  });
}

export function usePreferences() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_QUERY, 'preferences'],
    queryFn: ({ signal }) => callApi(notificationPreferencesCall, { signal }),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation<{ items: NotificationPreference[] }, ApiError, NotificationPreference[]>({
    mutationKey: [...NOTIFICATIONS_QUERY, 'preferences', 'save'],
    mutationFn: (items) => callApi(notificationPreferencesUpdateCall, { body: { items } }),
    onSuccess: (saved) => queryClient.setQueryData([...NOTIFICATIONS_QUERY, 'preferences'], saved),
  });
}
