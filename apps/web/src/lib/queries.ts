import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnyCall, CallBodyInput, CallParams, SortDirection } from '@vaultline/contracts';
import { callApi } from './api-client';
import type { ApiError } from './error-reader';

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
  call: C,
  body: CallBodyInput<C>,
  params?: CallParams<C>,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(call, { params, body, signal }),
    placeholderData: keepPreviousData,
  });
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
