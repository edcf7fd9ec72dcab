import type { LoginAnswer } from '@vaultline/contracts';
import { useCallback, useRef, useState } from 'react';
import { callApi, lazyCall } from '../../lib/api-client';
import { type ApiError, toApiError } from '../../lib/error-reader';
import { withSecrets } from '../../lib/secrets';

const memberLoginCall = lazyCall(() => import('./calls'), 'memberLoginCall');

export interface LoginCredentials {
  email: string;
  password: string;
  /** The second step: the same email and password again with the authenticator's code. */
  otpCode?: string;
}

/** Signs in; the password (and code) are encrypted with the server's public key before sending. */
export function sendLogin({ email, password, otpCode }: LoginCredentials): Promise<LoginAnswer> {
  return withSecrets(async (encrypt) => {
    const passphrase = await encrypt(password);
    const body = otpCode ? { email, passphrase, otpCode: await encrypt(otpCode) } : { email, passphrase };
    return callApi(memberLoginCall, { body });
  });
}

export interface LoginHandlers {
  onSuccess: (answer: LoginAnswer) => void;
  onError: (error: ApiError) => void;
}

/**
 * The sign-in call as the form uses it: one attempt at a time, pending while it runs. Plain React state rather than
 * a query-library mutation, so the sign-in screen loads without that library.
 */
export function useLogin() {
  const [isPending, setPending] = useState(false);
  const running = useRef(false);
  const mutate = useCallback((credentials: LoginCredentials, on: LoginHandlers) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    sendLogin(credentials)
      .then(
        (answer) => on.onSuccess(answer),
        (error: unknown) => on.onError(toApiError(error)),
      )
      .finally(() => {
        running.current = false;
        setPending(false);
      });
  }, []);
  return { mutate, isPending };
}
