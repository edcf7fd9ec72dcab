import { useQuery } from '@tanstack/react-query';
import type { Blockchain, OrganizationToken } from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import { sortBy, usePagedQuery, useRefreshingMutation } from '../../lib/queries';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const supportedBlockchainsCall = lazyCall(calls, 'supportedBlockchainsCall');
const supportedTokensCall = lazyCall(calls, 'supportedTokensCall');
const tokenAddCall = lazyCall(calls, 'tokenAddCall');
const tokenListCall = lazyCall(calls, 'tokenListCall');
const tokenRemoveCall = lazyCall(calls, 'tokenRemoveCall');

/** Every token query starts with this key; balances list registered tokens, so they share 'assets'. */
export const TOKENS_QUERY = ['tokens'] as const;
const BALANCES_QUERY = ['assets'] as const;
export const TOKENS_PAGE_SIZE = 20;

/** The networks wallets can be on, each with its native coin (static per release: cached long). */
export function useSupportedBlockchains() {
  return useQuery({
    queryKey: [...TOKENS_QUERY, 'supported-blockchains'],
    queryFn: ({ signal }) => callApi(supportedBlockchainsCall, { signal }),
    staleTime: 10 * 60_000,
  });
}

/**
 * The supported tokens of one network (native coin first), each flagged `registered` for the organization;
 * asked only once a network is chosen. Short-lived: another member may add a token meanwhile.
 */
export function useSupportedTokens(blockchain: Blockchain | null) {
  return useQuery({
    queryKey: [...TOKENS_QUERY, 'supported', blockchain],
    queryFn: ({ signal }) => callApi(supportedTokensCall, { query: { blockchain: blockchain ?? undefined }, signal }),
    enabled: !!blockchain,
    staleTime: 30_000,
  });
}

export interface TokenFilters {
  blockchain: Blockchain | null;
  search: string;
  page: number;
}

/** The organization's registered tokens, newest first. */
export function useOrganizationTokens({ blockchain, search, page }: TokenFilters) {
  return usePagedQuery([...TOKENS_QUERY, 'list', blockchain, search, page], tokenListCall, {
    page,
    size: TOKENS_PAGE_SIZE,
    sort: sortBy('addedAt', 'DESC'),
    filters: {
      ...(blockchain ? { blockchain: [blockchain] } : {}),
      ...(search.trim() ? { search: search.trim() } : {}),
    },
  });
}

/**
 * A change of the registered tokens; balances list them too. Both are read again after a refusal as well: a 4033
 * means another member changed the list meanwhile, so every view re-reads it.
 */
function useTokenMutation<T, V>(key: string, send: (variables: V) => Promise<T>) {
  return useRefreshingMutation(TOKENS_QUERY, key, send, { refreshAlso: [BALANCES_QUERY], afterFailureToo: true });
}

export function useAddToken() {
  return useTokenMutation<OrganizationToken, string>('add', (tokenId) => callApi(tokenAddCall, { body: { tokenId } }));
}

export function useRemoveToken() {
  return useTokenMutation('remove', (organizationTokenId: string) =>
    callApi(tokenRemoveCall, { body: { organizationTokenId } }),
  );
}
