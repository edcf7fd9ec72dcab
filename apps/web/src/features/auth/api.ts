import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginAnswer } from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { useWithSecrets } from '../../lib/secrets';

// Each call's definition arrives with the first call (see calls.ts).
const calls = () => import('./calls');
const acceptInvitationCall = lazyCall(calls, 'acceptInvitationCall');
const loginIpVerifyCall = lazyCall(calls, 'loginIpVerifyCall');
const otpRegistrationConfirmCall = lazyCall(calls, 'otpRegistrationConfirmCall');
const otpRegistrationStartCall = lazyCall(calls, 'otpRegistrationStartCall');
const ownerInvitationAcceptCall = lazyCall(calls, 'ownerInvitationAcceptCall');
const passphraseRecoverCall = lazyCall(calls, 'passphraseRecoverCall');
const passphraseResetCall = lazyCall(calls, 'passphraseResetCall');
const passphraseVerifyCall = lazyCall(calls, 'passphraseVerifyCall');
const verifyInvitationCall = lazyCall(calls, 'verifyInvitationCall');

/** Forgotten password, step 1: always answers ok, so nobody can probe which emails exist. */
export function useRecoverMutation() {
  return useMutation<{ ok: true }, ApiError, { email: string }>({
    mutationKey: ['auth', 'recover'],
    mutationFn: (body) => callApi(passphraseRecoverCall, { body }),
  });
}

/**
 * A check of an emailed link or a ticket: asked only once all its parts are there, and never retried (a refusal is
 * the answer). It is not asked again while the screen lives; `keep` keeps the answer even after it closes.
 */
function useLinkQuery<T>(name: string, parts: string[], ask: (signal: AbortSignal) => Promise<T>, keep = false) {
  return useQuery({
    queryKey: ['auth', name, ...parts],
    queryFn: ({ signal }) => ask(signal),
    enabled: parts.every(Boolean),
    staleTime: Number.POSITIVE_INFINITY,
    ...(keep ? { gcTime: Number.POSITIVE_INFINITY } : {}),
    retry: false,
  });
}

/** Checks an emailed reset link (or an expired-password ticket) before asking for the new password. */
export function usePassphraseVerify(memberId: string, token: string) {
  return useLinkQuery('passphrase-verify', [memberId, token], (signal) =>
    callApi(passphraseVerifyCall, { params: { memberId }, body: { token }, signal }),
  );
}

export interface ResetInput {
  memberId: string;
  /** The emailed token, or the ticket of an expired password. */
  token: string;
  newPassword: string;
  otpCode?: string;
}

export function useResetMutation() {
  const withSecrets = useWithSecrets();
  return useMutation<{ ok: true }, ApiError, ResetInput>({
    mutationKey: ['auth', 'reset'],
    mutationFn: ({ memberId, token, newPassword, otpCode }) =>
      withSecrets(async (encrypt) => {
        const newPassphrase = await encrypt(newPassword);
        const body = otpCode ? { token, newPassphrase, otpCode: await encrypt(otpCode) } : { token, newPassphrase };
        return callApi(passphraseResetCall, { params: { memberId }, body });
      }),
  });
}

/**
 * Verifies a new sign-in IP with the emailed code. A query, not a mutation: it runs once per link
 * even when the screen mounts twice, so a second run cannot turn success into "already verified".
 */
export function useLoginIpVerify(memberId: string, loginIpId: string, code: string) {
  return useLinkQuery(
    'login-ip-verify',
    [memberId, loginIpId, code],
    (signal) => callApi(loginIpVerifyCall, { params: { memberId, loginIpId }, body: { code }, signal }),
    true,
  );
}

/** A new authenticator secret for the ticket; a query so the secret on screen is the one the server keeps. */
export function useOtpRegistrationStart(memberId: string, ticket: string) {
  return useLinkQuery(
    'otp-registration',
    [memberId, ticket],
    (signal) => callApi(otpRegistrationStartCall, { params: { memberId }, body: { ticket }, signal }),
    true,
  );
}

export function useOtpRegistrationConfirm() {
  const withSecrets = useWithSecrets();
  return useMutation<LoginAnswer, ApiError, { memberId: string; ticket: string; otpCode: string }>({
    mutationKey: ['auth', 'otp-registration-confirm'],
    mutationFn: ({ memberId, ticket, otpCode }) =>
      withSecrets(async (encrypt) =>
        callApi(otpRegistrationConfirmCall, {
          params: { memberId },
          body: { ticket, otpCode: await encrypt(otpCode) },
        }),
      ),
  });
}

/** Checks an emailed invitation link (member or owner) before the sign-up form is shown. */
export function useInvitationVerify(invitationId: string, token: string) {
  return useLinkQuery('invitation-verify', [invitationId, token], (signal) =>
    callApi(verifyInvitationCall, { body: { invitationId, token }, signal }),
  );
}

export interface SignupInput {
  kind: 'MEMBER' | 'OWNER';
  invitationId: string;
  token: string;
  password: string;
  userName: string;
  firstName: string;
  lastName: string;
}

/** Sign-up of an invited member or owner: names and a password (encrypted); each kind has its own call. */
export function useSignupMutation() {
  const withSecrets = useWithSecrets();
  return useMutation<{ ok: true; email: string }, ApiError, SignupInput>({
    mutationKey: ['auth', 'signup'],
    mutationFn: ({ kind, invitationId, token, password, ...names }) =>
      withSecrets(async (encrypt) => {
        const passphrase = await encrypt(password);
        if (kind === 'OWNER') {
          return callApi(ownerInvitationAcceptCall, {
            params: { invitationId },
            body: { token, passphrase, ...names },
          });
        }
        return callApi(acceptInvitationCall, { body: { invitationId, token, passphrase, ...names } });
      }),
  });
}
