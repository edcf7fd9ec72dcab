import { useMutation, useQuery } from '@tanstack/react-query';
import type { Me } from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import { takeEarlySession } from '../../lib/early-session';
import type { ApiError } from '../../lib/error-reader';
import { useSendWithCode } from '../../lib/secrets';
import { SESSION_HANDLED_META } from '../../lib/session-end';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const logoutCall = lazyCall(calls, 'logoutCall');
const meCall = lazyCall(calls, 'meCall');
const tokenRefreshCall = lazyCall(calls, 'tokenRefreshCall');
const tokenVerifyCall = lazyCall(calls, 'tokenVerifyCall');

export const ME_QUERY = ['session', 'me'] as const;

/**
 * The signed-in account. Always re-read when a dashboard opens: the session may have ended meanwhile. The first read
 * takes the answer the page asked for as it started (lib/early-session.ts) when that was a success the schema
 * accepts; anything else is asked again here, so a refusal comes with its coded error as always.
 */
async function readMe(signal: AbortSignal): Promise<Me> {
  const early = takeEarlySession();
  if (early) {
    const [answer, call] = await Promise.all([early, meCall()]);
    const parsed = call.response.safeParse(answer);
    if (parsed.success) return parsed.data as Me;
  }
  return callApi(meCall, { signal });
}

export function useMeQuery() {
  return useQuery<Me, ApiError>({
    queryKey: ME_QUERY,
    queryFn: ({ signal }) => readMe(signal),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
    meta: SESSION_HANDLED_META,
  });
}

export interface SessionTiming {
  sessionExpiresAt: string;
  sessionNoticeSeconds: number;
}

/** When the session ends, and the server's clock (`now`) to correct the browser's. */
export function useTokenVerify() {
  return useMutation({
    mutationKey: ['session', 'verify'],
    mutationFn: (memberId: string) => callApi(tokenVerifyCall, { params: { memberId }, body: {} }),
    meta: SESSION_HANDLED_META,
  });
}

/** Stays signed in: a code from the authenticator buys a new session. */
export function useTokenRefresh() {
  const sendWithCode = useSendWithCode();
  return useMutation<SessionTiming, ApiError, { memberId: string; otpCode: string }>({
    mutationKey: ['session', 'refresh'],
    mutationFn: ({ memberId, otpCode }) => sendWithCode(tokenRefreshCall, { memberId }, otpCode),
  });
}

/** Ends the session on the server; a failure (no session left) changes nothing for the user. */
export function useLogoutMutation() {
  return useMutation({
    mutationKey: ['session', 'logout'],
    mutationFn: () => callApi(logoutCall, { body: {} }),
    meta: SESSION_HANDLED_META,
  });
}
