import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApprovalLineTemplate,
  type ApprovalLineView,
  type ChainFamily,
  type CustomerRequestStatus,
  familyOf,
  type REQUEST_TABS,
  type RequestType,
  type RequestView,
} from '@vaultline/contracts';
import { useEffect, useRef } from 'react';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { pickListBody, sortBy, useCursorPagedQuery } from '../../lib/queries';
import { APPROVALS_QUERY, ASSETS_QUERY, WALLETS_QUERY } from '../../lib/query-keys';
import { useWithSecrets } from '../../lib/secrets';

export const REQUESTS_PAGE_SIZE = 20;
// The badge's count and the live request events: in their own module, so the dashboard's layout loads them alone.
export {
  ACTIONABLE_COUNT_QUERY,
  ACTIONABLE_REFRESH_MS,
  requestEventOf,
  useActionableCount,
  useRequestEvents,
} from './live';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const creationLineGetCall = lazyCall(calls, 'creationLineGetCall');
const creationLineUpdateCall = lazyCall(calls, 'creationLineUpdateCall');
const groupListCall = lazyCall(calls, 'groupListCall');
const memberListCall = lazyCall(calls, 'memberListCall');
const requestDetailCall = lazyCall(calls, 'requestDetailCall');
const requestListCall = lazyCall(calls, 'requestListCall');
const walletCreationApproveCall = lazyCall(calls, 'walletCreationApproveCall');
const walletCreationCancelCall = lazyCall(calls, 'walletCreationCancelCall');
const walletCreationRejectCall = lazyCall(calls, 'walletCreationRejectCall');
const walletLineCreateCall = lazyCall(calls, 'walletLineCreateCall');
const walletLineGetCall = lazyCall(calls, 'walletLineGetCall');
const walletLineUpdateCall = lazyCall(calls, 'walletLineUpdateCall');
const withdrawalApproveCall = lazyCall(calls, 'withdrawalApproveCall');
const withdrawalCancelCall = lazyCall(calls, 'withdrawalCancelCall');
const withdrawalRejectCall = lazyCall(calls, 'withdrawalRejectCall');

export type RequestTab = (typeof REQUEST_TABS)[number];

export interface RequestFilters {
  tab: RequestTab;
  type: RequestType | null;
  status: CustomerRequestStatus | null;
  from: string | null;
  to: string | null;
  page: number;
}

/** One page of requests, newest first; the next page is read by the cursor of the one on screen. */
export function useRequestList({ tab, type, status, from, to, page }: RequestFilters) {
  return useCursorPagedQuery([...APPROVALS_QUERY, 'list', tab, type, status, from, to], requestListCall, {
    page,
    size: REQUESTS_PAGE_SIZE,
    sort: sortBy('createdAt', 'DESC'),
    filters: {
      tab,
      ...(type ? { type: [type] } : {}),
      ...(status ? { status: [status] } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    },
  });
}

export function useRequestDetail(requestId: string | null) {
  return useQuery<RequestView, ApiError>({
    queryKey: [...APPROVALS_QUERY, 'detail', requestId],
    queryFn: ({ signal }) => callApi(requestDetailCall, { params: { requestId: requestId ?? '' }, body: {}, signal }),
    enabled: !!requestId,
    // While the custody engine works on an approved request, follow it to completion.
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.decisionStatus === 'APPROVED' && data.progress !== 'COMPLETE' ? 1_500 : false;
    },
  });
}

/**
 * When a shown request moves on (the engine executes or completes it), the lists and the wallets
 * are read again, so a row never shows an older status than the open detail.
 */
export function useFollowRequest(request: RequestView | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const state = request ? `${request.id}:${request.status}:${request.decisionStatus}:${request.progress}` : null;
  useEffect(() => {
    if (!state) return;
    const previous = seen.current;
    seen.current = state;
    if (previous === null || previous.split(':')[0] !== state.split(':')[0]) return;
    void queryClient.invalidateQueries({ queryKey: [...APPROVALS_QUERY, 'list'] });
    void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY });
  }, [state, queryClient]);
}

export type Decision = 'approve' | 'reject' | 'cancel';

/** The `{family}` of a request's path: from its content (wallet creation carries its blockchain). */
export function requestFamily(request: RequestView): ChainFamily | null {
  const content = request.content;
  if (content.kind === 'WALLET_CREATION') return content.family;
  return familyOf(content.blockchain);
}

/** Whether this screen can send decisions for a request's type (wallet creations, withdrawals, staking). */
export function decidable(request: RequestView): boolean {
  return (
    (request.type === 'WALLET_CREATION' || request.type === 'WITHDRAWAL' || request.type === 'STAKING') &&
    requestFamily(request) !== null
  );
}

/** Sends one decision to the calls of the request's type: wallet creations by path, withdrawals in the body. */
async function sendDecision(
  request: RequestView,
  organizationId: string,
  decision: Decision,
  memoPart: { memo?: string },
  otpCode: () => Promise<string>,
): Promise<RequestView> {
  // Staking: stakes and unstakes through the stake-request calls, claims through the claim-request calls.
  if (request.type === 'STAKING') {
    // Fetched with the first staking decision: its module names the staking calls (and their schemas) outright.
    const { sendStakingDecision } = await import('../../shared/requests/staking-request');
    return sendStakingDecision(request, decision, memoPart, otpCode);
  }
  const family = requestFamily(request) ?? 'evm';
  if (request.type === 'WITHDRAWAL') {
    const params = { family };
    const body = { ...memoPart, requestId: request.id };
    if (decision === 'cancel') return callApi(withdrawalCancelCall, { params, body });
    const call = decision === 'approve' ? withdrawalApproveCall : withdrawalRejectCall;
    return otpCode().then((code) => callApi(call, { params, body: { ...body, otpCode: code } }));
  }
  const params = { family, organizationId, requestId: request.id };
  if (decision === 'cancel') return callApi(walletCreationCancelCall, { params, body: memoPart });
  const call = decision === 'approve' ? walletCreationApproveCall : walletCreationRejectCall;
  return otpCode().then((code) => callApi(call, { params, body: { ...memoPart, otpCode: code } }));
}

export interface DecisionInput {
  request: RequestView;
  decision: Decision;
  memo?: string;
  /** The decider's fresh authenticator code (approve and reject; a cancel needs none). */
  otpCode?: string;
}

/** Approve, reject or cancel; every approvals query (and the nav badge) is refreshed afterwards. */
export function useDecision(organizationId: string) {
  const queryClient = useQueryClient();
  const withSecrets = useWithSecrets();
  return useMutation<RequestView, ApiError, DecisionInput>({
    mutationKey: [...APPROVALS_QUERY, 'decide'],
    mutationFn: ({ request, decision, memo, otpCode }) => {
      const memoPart = memo?.trim() ? { memo: memo.trim() } : {};
      if (decision === 'cancel') return sendDecision(request, organizationId, decision, memoPart, async () => '');
      return withSecrets((encrypt) =>
        sendDecision(request, organizationId, decision, memoPart, () => encrypt(otpCode ?? '')),
      );
    },
    onSuccess: (view) => {
      queryClient.setQueryData([...APPROVALS_QUERY, 'detail', view.id], view);
      void queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY });
      void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY });
      // A withdrawal's or a stake's hold on the balance is released by a rejection or a cancellation.
      if (view.type === 'WITHDRAWAL' || view.type === 'STAKING') {
        void queryClient.invalidateQueries({ queryKey: ASSETS_QUERY });
      }
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY }),
  });
}

// --- approval lines -----------------------------------------------------------------------------

export function useCreationLine() {
  return useQuery<ApprovalLineView, ApiError>({
    queryKey: [...APPROVALS_QUERY, 'creation-line'],
    queryFn: ({ signal }) => callApi(creationLineGetCall, { signal }),
  });
}

export function useUpdateCreationLine() {
  const queryClient = useQueryClient();
  return useMutation<ApprovalLineView, ApiError, ApprovalLineTemplate['steps']>({
    mutationKey: [...APPROVALS_QUERY, 'creation-line', 'update'],
    mutationFn: (steps) => callApi(creationLineUpdateCall, { body: { steps } }),
    onSuccess: (view) => queryClient.setQueryData([...APPROVALS_QUERY, 'creation-line'], view),
  });
}

export function useWalletLine(walletId: string) {
  return useQuery<ApprovalLineView, ApiError>({
    queryKey: [...APPROVALS_QUERY, 'wallet-line', walletId],
    queryFn: ({ signal }) => callApi(walletLineGetCall, { params: { walletId }, signal }),
  });
}

/** Sets a wallet's line: the first time with the create call, afterwards with the update call. */
export function useSaveWalletLine(walletId: string) {
  const queryClient = useQueryClient();
  return useMutation<ApprovalLineView, ApiError, { template: ApprovalLineTemplate; exists: boolean }>({
    mutationKey: [...APPROVALS_QUERY, 'wallet-line', walletId, 'save'],
    mutationFn: ({ template, exists }) =>
      callApi(exists ? walletLineUpdateCall : walletLineCreateCall, { params: { walletId }, body: template }),
    onSuccess: (view) => queryClient.setQueryData([...APPROVALS_QUERY, 'wallet-line', walletId], view),
  });
}

/** The organization's groups with their members, to name as approvers. */
export function useApproverGroups(enabled = true) {
  return useQuery({
    queryKey: [...APPROVALS_QUERY, 'groups'],
    queryFn: ({ signal }) => callApi(groupListCall, { body: pickListBody('name', 'ASC'), signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** Joined members of the organization, to name as approvers (the first 100). */
export function useApproverMembers(enabled = true) {
  return useQuery({
    queryKey: [...APPROVALS_QUERY, 'members'],
    queryFn: ({ signal }) =>
      callApi(memberListCall, { body: pickListBody('userName', 'ASC', { status: ['ACTIVE'] }), signal }),
    enabled,
    staleTime: 30_000,
  });
}
