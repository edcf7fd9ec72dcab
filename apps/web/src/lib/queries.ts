import { hashKey, keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnyCall, CallBodyInput, CallParams, CallResponse, SortDirection } from '@vaultline/contracts';
import { useEffect, useRef } from 'react';
import { callApi, type LazyCall } from './api-client';
import { ApiError } from './error-reader';

/** The `sort` of a list call's body: one field, one direction. */
export function sortBy<F extends string>(field: F, direction: SortDirection) {
  return [{ field, direction }];
}

/** The most a list call answers at once. */
export const LIST_SIZE_MAX = 100;

/** The body of one page as large as the server allows: members or groups to pick from, a chart's wallets. */
export function pickListBody<F extends string, Filters>(field: F, direction: SortDirection, filters?: Filters) {
  return { page: 1, size: LIST_SIZE_MAX, sort: sortBy(field, direction), filters };
}

/**
 * One page of a list call. The previous page stays on screen while the next one loads, so paging and
 * filtering never blank the table.
 */
export function usePagedQuery<C extends AnyCall>(
  queryKey: QueryKey,
  call: C | LazyCall<C>,
  body: CallBodyInput<C>,
  params?: CallParams<C>,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(call, { params, body, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The page a cursor list last showed, and the cursor its answer gave for the rows after it. */
interface ShownPage {
  list: string;
  page: number;
  nextCursor: string | null;
}

/**
 * One page of a list call that takes a cursor (`after`): the page right after the one on screen is asked for by
 * that page's `nextCursor` (keyset: any depth costs what the first page does), any other page by its number.
 * `listKey` names the list and its filters; the page number ends the query key. The previous page stays on
 * screen while the next one loads.
 */
export function useCursorPagedQuery<C extends AnyCall>(
  listKey: QueryKey,
  call: C | LazyCall<C>,
  body: CallBodyInput<C> & { page: number },
  options: {
    params?: CallParams<C>;
    refetchInterval?: (data: CallResponse<C> | undefined) => number | false;
  } = {},
) {
  const shown = useRef<ShownPage | null>(null);
  const list = hashKey(listKey);
  const { page } = body;
  const { params, refetchInterval } = options;
  const query = useQuery<CallResponse<C>, ApiError>({
    queryKey: [...listKey, page],
    queryFn: async ({ signal }) => {
      const from = shown.current;
      const after = from?.list === list && from.page + 1 === page ? from.nextCursor : null;
      if (!after) return callApi(call, { params, body, signal });
      try {
        return await callApi(call, { params, body: { ...body, after } as CallBodyInput<C>, signal });
      } catch (err) {
        // A cursor refused (4000: its row is gone meanwhile): the page by its number instead.
        if (err instanceof ApiError && err.code === '4000') return callApi(call, { params, body, signal });
        throw err;
      }
    },
    placeholderData: keepPreviousData,
    refetchInterval: refetchInterval ? (q) => refetchInterval(q.state.data) : false,
  });
  const nextCursor = (query.data as { nextCursor?: string | null } | undefined)?.nextCursor ?? null;
  const onScreen = query.data !== undefined && !query.isPlaceholderData;
  useEffect(() => {
    if (onScreen) shown.current = { list, page, nextCursor };
  }, [onScreen, list, page, nextCursor]);
  return query;
}

export interface RefreshOptions {
  /** Other domains whose queries show what the mutation changes. */
  refreshAlso?: readonly QueryKey[];
  /**
   * Re-read after a refusal too (a refusal may mean someone else changed the data meanwhile); then the mutation
   * ends without waiting for the re-reading.
   */
  afterFailureToo?: boolean;
}

/**
 * A mutation of one domain (`domain` starts its every query key): once it succeeds, the domain's queries are
 * read again, and the mutation stays pending until they are, so whatever waits for it sees fresh lists.
 */
export function useRefreshingMutation<T, V>(
  domain: QueryKey,
  key: string,
  send: (variables: V) => Promise<T>,
  { refreshAlso = [], afterFailureToo = false }: RefreshOptions = {},
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([domain, ...refreshAlso].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation<T, ApiError, V>({
    mutationKey: [...domain, key],
    mutationFn: send,
    ...(afterFailureToo ? { onSettled: () => void refresh() } : { onSuccess: refresh }),
  });
}
