import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallResponse } from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { useRefreshingMutation } from '../../lib/queries';
import type * as Calls from './calls';

const calls = () => import('./calls');
const coldSigningQueueCall = lazyCall(calls, 'coldSigningQueueCall');
const coldSigningRequestCall = lazyCall(calls, 'coldSigningRequestCall');
const coldSigningSubmitCall = lazyCall(calls, 'coldSigningSubmitCall');
const coldSigningReviewCall = lazyCall(calls, 'coldSigningReviewCall');

export const SIGNING_QUERY = ['cold-signing'] as const;
/** How often the queue is read again while shown: new approvals arrive from every organization. */
const QUEUE_REFRESH_MS = 5_000;

export type SigningQueue = CallResponse<typeof Calls.coldSigningQueueCall>;
export type WaitingTransaction = SigningQueue['items'][number];
export type SignRequest = CallResponse<typeof Calls.coldSigningRequestCall>;

/**
 * The transactions waiting for a cold signature, read again every few seconds. Operators who may not sign get 403:
 * never retried, and the console then hides the queue's tab.
 */
export function useSigningQueue() {
  return useQuery<SigningQueue, ApiError>({
    queryKey: [...SIGNING_QUERY, 'queue'],
    queryFn: ({ signal }) => callApi(coldSigningQueueCall, { signal }),
    retry: false,
    refetchInterval: (query) => (query.state.status === 'error' ? false : QUEUE_REFRESH_MS),
  });
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
