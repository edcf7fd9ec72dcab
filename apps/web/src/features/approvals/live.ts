import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, lazyCall } from '../../lib/api-client';
import { useServerEvent } from '../../lib/event-stream';
import { APPROVALS_QUERY, ASSETS_QUERY } from '../../lib/query-keys';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const actionableCountCall = lazyCall(calls, 'actionableCountCall');

export const ACTIONABLE_COUNT_QUERY = [...APPROVALS_QUERY, 'actionable-count'] as const;
/** How often the number of requests waiting for me is asked again. */
export const ACTIONABLE_REFRESH_MS = 15_000;

/** The data of the event stream's `request` event: a request changed (decided, executed, completed). */
export function requestEventOf(data: unknown): { id: string; status: string | null } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { id, status } = data as { id?: unknown; status?: unknown };
  if (typeof id !== 'string' || !id) return null;
  return { id, status: typeof status === 'string' ? status : null };
}

/**
 * Live requests: when the server says a request changed, the approvals lists, the number waiting for me, that
 * request's open detail, and the balances (a withdrawal holds, releases or spends them) are read again.
 */
export function useRequestEvents(enabled = true) {
  const queryClient = useQueryClient();
  useServerEvent(
    'request',
    (data) => {
      const event = requestEventOf(data);
      if (!event) return;
      void queryClient.invalidateQueries({ queryKey: [...APPROVALS_QUERY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ACTIONABLE_COUNT_QUERY });
      void queryClient.invalidateQueries({ queryKey: [...APPROVALS_QUERY, 'detail', event.id] });
      void queryClient.invalidateQueries({ queryKey: ASSETS_QUERY });
    },
    enabled,
  );
}

/** How many requests wait for my approval: asked every 15 s, and again after every decision. */
export function useActionableCount(enabled = true) {
  return useQuery({
    queryKey: ACTIONABLE_COUNT_QUERY,
    queryFn: ({ signal }) => callApi(actionableCountCall, { body: {}, signal }),
    enabled,
    refetchInterval: ACTIONABLE_REFRESH_MS,
    staleTime: 0,
  });
}
