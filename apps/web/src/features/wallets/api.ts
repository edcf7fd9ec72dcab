import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Blockchain,
  type CallResponse,
  familyOf,
  type RequestView,
  type Wallet,
  type WalletMemberRole,
} from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { pickListBody, sortBy, useCursorPagedQuery, useRefreshingMutation } from '../../lib/queries';
import { APPROVALS_QUERY, WALLETS_QUERY } from '../../lib/query-keys';
import type * as Calls from './calls';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const memberListCall = lazyCall(calls, 'memberListCall');
const validateAccountNameCall = lazyCall(calls, 'validateAccountNameCall');
const walletCreationCreateCall = lazyCall(calls, 'walletCreationCreateCall');
const walletGetCall = lazyCall(calls, 'walletGetCall');
const walletListCall = lazyCall(calls, 'walletListCall');
const walletMemberAddCall = lazyCall(calls, 'walletMemberAddCall');
const walletMemberListCall = lazyCall(calls, 'walletMemberListCall');
const walletMemberRemoveCall = lazyCall(calls, 'walletMemberRemoveCall');
const walletMemberUpdateCall = lazyCall(calls, 'walletMemberUpdateCall');

export const WALLETS_PAGE_SIZE = 20;

export interface WalletFilters {
  blockchain: Blockchain | null;
  search: string;
  page: number;
}

/**
 * The wallets the caller may see; `partial` says when that is not all of the organization's. The next page is
 * read by the cursor of the one on screen.
 */
export function useWalletList({ blockchain, search, page }: WalletFilters) {
  return useCursorPagedQuery([...WALLETS_QUERY, 'list', blockchain, search], walletListCall, {
    page,
    size: WALLETS_PAGE_SIZE,
    sort: sortBy('createdAt', 'DESC'),
    filters: {
      ...(blockchain ? { blockchain: [blockchain] } : {}),
      ...(search.trim() ? { search: search.trim() } : {}),
    },
  });
}

export function useWallet(walletId: string | undefined) {
  return useQuery<Wallet, ApiError>({
    queryKey: [...WALLETS_QUERY, 'detail', walletId],
    queryFn: ({ signal }) => callApi(walletGetCall, { params: { walletId: walletId ?? '' }, signal }),
    enabled: !!walletId,
  });
}

export function useWalletMembers(walletId: string) {
  return useQuery({
    queryKey: [...WALLETS_QUERY, 'members', walletId],
    queryFn: ({ signal }) =>
      callApi(walletMemberListCall, { params: { walletId }, body: pickListBody('createdAt', 'ASC'), signal }),
  });
}

/** Joined members of the organization, to add to a wallet or name as approvers (the first 100). */
export function useOrganizationMembers(enabled = true) {
  return useQuery({
    queryKey: [...WALLETS_QUERY, 'organization-members'],
    queryFn: ({ signal }) =>
      callApi(memberListCall, { body: pickListBody('userName', 'ASC', { status: ['ACTIVE'] }), signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** A change of wallets: every wallet query is read again once it succeeds. */
function useWalletMutation<T, V>(key: string, send: (variables: V) => Promise<T>) {
  return useRefreshingMutation(WALLETS_QUERY, key, send);
}

export function useAddWalletMember(walletId: string) {
  return useWalletMutation('add-member', (body: { memberId: string; role: WalletMemberRole }) =>
    callApi(walletMemberAddCall, { params: { walletId }, body }),
  );
}

export function useUpdateWalletMember(walletId: string) {
  return useWalletMutation('update-member', (body: { walletMemberId: string; role: WalletMemberRole }) =>
    callApi(walletMemberUpdateCall, { params: { walletId }, body }),
  );
}

export function useRemoveWalletMember(walletId: string) {
  return useWalletMutation('remove-member', (walletMemberId: string) =>
    callApi(walletMemberRemoveCall, { params: { walletId }, body: { walletMemberId } }),
  );
}

export interface AccountNameCheck {
  valid: boolean;
  available: boolean;
}

/** Whether a well-formed EOS-type account name is still free (asked only once it is well formed). */
export function useAccountNameCheck(organizationId: string, blockchain: Blockchain | null, accountName: string) {
  return useQuery<AccountNameCheck, ApiError>({
    queryKey: [...WALLETS_QUERY, 'account-name', blockchain, accountName],
    queryFn: ({ signal }) =>
      callApi(validateAccountNameCall, {
        params: { organizationId },
        query: { accountName, blockchain: blockchain ?? 'BIZAUTO' },
        signal,
      }),
    enabled: !!blockchain && accountName.length > 0,
    staleTime: 10_000,
  });
}

export interface WalletCreationInput {
  organizationId: string;
  blockchain: Blockchain;
  name: string;
  accountName?: string;
}

/** Sends a wallet-creation request through the organization's wallet-creation approval line. */
export function useRequestWallet() {
  const queryClient = useQueryClient();
  return useMutation<RequestView, ApiError, WalletCreationInput>({
    mutationKey: [...WALLETS_QUERY, 'request'],
    mutationFn: ({ organizationId, blockchain, name, accountName }) =>
      callApi(walletCreationCreateCall, {
        params: { family: familyOf(blockchain), organizationId },
        body: { blockchain, name, ...(accountName ? { accountName } : {}) },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY });
      void queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY });
    },
  });
}

export type { Wallet };
/** A wallet's member (the contracts export only its schema). */
export type WalletMember = CallResponse<typeof Calls.walletMemberAddCall>;
