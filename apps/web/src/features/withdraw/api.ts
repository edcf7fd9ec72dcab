import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Blockchain,
  familyOf,
  type RequestView,
  type WithdrawalCreateBody,
  type WithdrawalPreview,
} from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { pickListBody } from '../../lib/queries';
import { APPROVALS_QUERY, ASSETS_QUERY, WALLETS_QUERY } from '../../lib/query-keys';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const addressBookListCall = lazyCall(calls, 'addressBookListCall');
const walletBalancesCall = lazyCall(calls, 'walletBalancesCall');
const walletListCall = lazyCall(calls, 'walletListCall');
const withdrawalCreateCall = lazyCall(calls, 'withdrawalCreateCall');
const withdrawalPreviewCall = lazyCall(calls, 'withdrawalPreviewCall');

/** The wallets the caller may see, by name (the first 100); the preview says whether they may request from one. */
export function useWithdrawWallets() {
  return useQuery({
    queryKey: [...WALLETS_QUERY, 'withdraw-wallets'],
    queryFn: ({ signal }) => callApi(walletListCall, { body: pickListBody('name', 'ASC'), signal }),
  });
}

/** A wallet's balances: the tokens it holds. Same key as the assets' own, so both refresh on a live notice. */
export function useWalletTokens(walletId: string | null) {
  return useQuery({
    queryKey: [...ASSETS_QUERY, 'balances', 'wallet', walletId],
    queryFn: ({ signal }) => callApi(walletBalancesCall, { params: { walletId: walletId ?? '' }, signal }),
    enabled: !!walletId,
  });
}

/** Registered address-book entries of one token (and so of its network): the only destinations a withdrawal takes. */
export function useDestinations(organizationId: string, tokenId: string | null) {
  return useQuery({
    queryKey: ['address-book', 'list', 'withdraw', organizationId, tokenId],
    queryFn: ({ signal }) =>
      callApi(addressBookListCall, {
        params: { organizationId },
        body: pickListBody('name', 'ASC', { tokenId: [tokenId ?? ''], state: ['REGISTERED' as const] }),
        signal,
      }),
    enabled: !!organizationId && !!tokenId,
  });
}

export interface PreviewInput {
  walletId: string;
  blockchain: Blockchain;
  tokenId: string;
}

/**
 * What can leave the wallet, the fee held and who will approve. Under the assets' key: a live activity or a request
 * change (a hold taken or released) reads it again.
 */
export function useWithdrawalPreview(input: PreviewInput | null) {
  return useQuery<WithdrawalPreview, ApiError>({
    queryKey: [...ASSETS_QUERY, 'withdraw-preview', input?.walletId, input?.tokenId],
    queryFn: ({ signal }) =>
      callApi(withdrawalPreviewCall, {
        params: { family: familyOf(input?.blockchain ?? 'SEPOLIA') },
        body: { walletId: input?.walletId ?? '', tokenId: input?.tokenId ?? '' },
        signal,
      }),
    enabled: !!input,
  });
}

export type CreateInput = WithdrawalCreateBody & { blockchain: Blockchain };

/** Requests a withdrawal; the approvals and the balances (the amount and fee are held at once) are read again. */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation<RequestView, ApiError, CreateInput>({
    mutationKey: ['withdraw', 'create'],
    mutationFn: ({ blockchain, ...body }) =>
      callApi(withdrawalCreateCall, { params: { family: familyOf(blockchain) }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY });
      void queryClient.invalidateQueries({ queryKey: ASSETS_QUERY });
    },
  });
}
