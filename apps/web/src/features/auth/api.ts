import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LoginAnswer, memberLoginCall, publicKeyCall } from '@vaultline/contracts';
import { callApi } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { encryptSecret } from '../../lib/secret-encryption';

export interface LoginCredentials {
  email: string;
  password: string;
}

const PUBLIC_KEY_QUERY = ['auth', 'public-key'] as const;

/**
 * Signs in: fetches the server's public key (cached for the visit), encrypts the password with
 * it and sends the login call. Any failure on the way arrives as an `ApiError`.
 */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation<LoginAnswer, ApiError, LoginCredentials>({
    mutationKey: ['auth', 'login'],
    mutationFn: async ({ email, password }) => {
      const key = await queryClient.fetchQuery({
        queryKey: PUBLIC_KEY_QUERY,
        queryFn: ({ signal }) => callApi(publicKeyCall, { signal }),
        staleTime: 10 * 60_000,
      });
      const passphrase = await encryptSecret(password, key.publicKey);
      return callApi(memberLoginCall, { body: { email, passphrase } });
    },
    // A rotated key makes the next attempt fetch a fresh one.
    onError: () => queryClient.removeQueries({ queryKey: PUBLIC_KEY_QUERY }),
  });
}
