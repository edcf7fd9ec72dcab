import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallResponse } from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { useOperatorEvent } from '../../lib/event-stream';
import { useRefreshingMutation } from '../../lib/queries';
import type * as Calls from './calls';

const calls = () => import('./calls');
const coldSigningQueueCall = lazyCall(calls, 'coldSigningQueueCall');
const coldSigningRequestCall = lazyCall(calls, 'coldSigningRequestCall');
const coldSigningSubmitCall = lazyCall(calls, 'coldSigningSubmitCall');
const coldSigningReviewCall = lazyCall(calls, 'coldSigningReviewCall');
const coldWalletKeyImportCall = lazyCall(calls, 'coldWalletKeyImportCall');
const coldWalletKeyDeclineCall = lazyCall(calls, 'coldWalletKeyDeclineCall');
const coldWalletKeyConfirmCall = lazyCall(calls, 'coldWalletKeyConfirmCall');

export const SIGNING_QUERY = ['cold-signing'] as const;
/**
 * The queue is read again when the signing operators' live stream says it changed (`event: signing`); this slower
 * reading is the fallback for a stream that is down, and shows a transaction rebuilt after it expired unsigned.
 */
const QUEUE_REFRESH_MS = 30_000;

export type SigningQueue = CallResponse<typeof Calls.coldSigningQueueCall>;
export type WaitingTransaction = SigningQueue['items'][number];
export type WaitingWalletKey = SigningQueue['walletKeys'][number];
export type SignRequest = CallResponse<typeof Calls.coldSigningRequestCall>;

/**
 * The transactions waiting for a cold signature, read again when the signing operators' live stream says the queue
 * changed. Operators who may not sign get 403: never retried, and the console then hides the queue's tab.
 */
export function useSigningQueue() {
  const queryClient = useQueryClient();
  const queue = useQuery<SigningQueue, ApiError>({
    queryKey: [...SIGNING_QUERY, 'queue'],
    queryFn: ({ signal }) => callApi(coldSigningQueueCall, { signal }),
    retry: false,
    refetchInterval: (query) => (query.state.status === 'error' ? false : QUEUE_REFRESH_MS),
  });
  // Only an operator the queue answered listens: for the others the stream would answer 403 again and again.
  useOperatorEvent(
    'signing',
    () => void queryClient.invalidateQueries({ queryKey: [...SIGNING_QUERY, 'queue'] }),
    queue.isSuccess,
  );
  return queue;
}

/** One waiting transaction with its sign request's QR parts; asked once per opening (each showing is audited). */
export function useSignRequest(transactionId: string | null) {
  return useQuery<SignRequest, ApiError>({
    queryKey: [...SIGNING_QUERY, 'request', transactionId],
    queryFn: ({ signal }) => callApi(coldSigningRequestCall, { params: { transactionId: transactionId! }, signal }),
    enabled: transactionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/** This operator's confirmation of a waiting transaction (the first of two signing operators). */
export function useConfirmTransaction() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, string>({
    mutationKey: [...SIGNING_QUERY, 'confirm'],
    mutationFn: (transactionId) => callApi(coldSigningReviewCall, { params: { transactionId }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SIGNING_QUERY }),
  });
}

export function useSubmitSignature() {
  return useRefreshingMutation(SIGNING_QUERY, 'submit', (v: { transactionId: string; parts: string[] }) =>
    callApi(coldSigningSubmitCall, { params: { transactionId: v.transactionId }, body: { parts: v.parts } }),
  );
}

/** The air-gapped signer's account key for a wallet creation waiting for it: the cold wallet is made from it. */
export function useImportWalletKey() {
  return useRefreshingMutation(SIGNING_QUERY, 'import-key', (v: { requestId: string; parts: string[] }) =>
    callApi(coldWalletKeyImportCall, { params: { requestId: v.requestId }, body: { accountParts: v.parts } }),
  );
}

/** Another signing operator's check of a proposed key (two-signer policy): the cold wallet is made from it. */
export function useConfirmWalletKey() {
  return useRefreshingMutation(SIGNING_QUERY, 'confirm-key', (requestId: string) =>
    callApi(coldWalletKeyConfirmCall, { params: { requestId }, body: {} }),
  );
}

/** The provider will not make this wallet: its creation request fails (4116). */
export function useDeclineWalletKey() {
  return useRefreshingMutation(SIGNING_QUERY, 'decline-key', (v: { requestId: string; reason: string }) =>
    callApi(coldWalletKeyDeclineCall, { params: { requestId: v.requestId }, body: { reason: v.reason } }),
  );
}
