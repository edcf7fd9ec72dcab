import type { AnyCall, CallBodyInput, CallParams } from '@vaultline/contracts';
import { callApi, type LazyCall, lazyCall } from './api-client';
import { encryptSecret } from './secret-encryption';

/** Fetched with the first secret sent: the sign-in screen draws before any schema arrives. */
const publicKeyCall = lazyCall(() => import('./public-key-call'), 'publicKeyCall');

/** Encrypts one secret (password or one-time code) for the server. */
export type Encrypt = (secret: string) => Promise<string>;

/** The server's public key, asked once per visit (kept outside the query library: sign-in draws without it). */
let publicKey: Promise<{ publicKey: string }> | undefined;

/**
 * Runs `send` with an encryptor that uses the server's public key, fetched once per visit. When
 * anything on the way fails, the key is forgotten so a rotated key is fetched on the next attempt.
 */
export async function withSecrets<T>(send: (encrypt: Encrypt) => Promise<T>): Promise<T> {
  publicKey ??= callApi(publicKeyCall, {});
  const asked = publicKey;
  try {
    const key = await asked;
    return await send((secret) => encryptSecret(secret, key.publicKey));
  } catch (error) {
    if (publicKey === asked) publicKey = undefined;
    throw error;
  }
}

/** `withSecrets`, for mutation functions (a hook so callers read as they did when it needed the query client). */
export function useWithSecrets() {
  return withSecrets;
}

/** Sends a call whose body is only the caller's fresh authenticator code, encrypted like every secret. */
export function useSendWithCode() {
  const send = useWithSecrets();
  return <C extends AnyCall>(call: C | LazyCall<C>, params: CallParams<C>, otpCode: string) =>
    send(async (encrypt) => callApi(call, { params, body: { otpCode: await encrypt(otpCode) } as CallBodyInput<C> }));
}
