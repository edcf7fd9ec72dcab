import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { AnyCall, CallBodyInput, CallParams } from '@vaultline/contracts';
import { useCallback } from 'react';
import { callApi, type LazyCall, lazyCall } from './api-client';
import { encryptSecret } from './secret-encryption';

export const PUBLIC_KEY_QUERY = ['auth', 'public-key'] as const;
/** Fetched with the first secret sent: the sign-in screen draws before any schema arrives. */
const publicKeyCall = lazyCall(() => import('./public-key-call'), 'publicKeyCall');

/** Encrypts one secret (password or one-time code) for the server. */
export type Encrypt = (secret: string) => Promise<string>;

/**
 * Runs `send` with an encryptor that uses the server's public key, fetched once per visit. When
 * anything on the way fails, the key is forgotten so a rotated key is fetched on the next attempt.
 */
export async function withSecrets<T>(queryClient: QueryClient, send: (encrypt: Encrypt) => Promise<T>): Promise<T> {
  try {
    const key = await queryClient.fetchQuery({
      queryKey: PUBLIC_KEY_QUERY,
      queryFn: ({ signal }) => callApi(publicKeyCall, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
    });
    return await send((secret) => encryptSecret(secret, key.publicKey));
  } catch (error) {
    queryClient.removeQueries({ queryKey: PUBLIC_KEY_QUERY });
    throw error;
  }
}

/** `withSecrets` bound to the app's query client, for mutation functions. */
export function useWithSecrets() {
  const queryClient = useQueryClient();
  return useCallback(<T>(send: (encrypt: Encrypt) => Promise<T>) => withSecrets(queryClient, send), [queryClient]);
}

/** Sends a call whose body is only the caller's fresh authenticator code, encrypted like every secret. */
export function useSendWithCode() {
  const send = useWithSecrets();
  return <C extends AnyCall>(call: C | LazyCall<C>, params: CallParams<C>, otpCode: string) =>
    send(async (encrypt) => callApi(call, { params, body: { otpCode: await encrypt(otpCode) } as CallBodyInput<C> }));
}
