import { useMutation } from '@tanstack/react-query';
import type { Language, Me } from '@vaultline/contracts';
import { callApi, lazyCall } from '../../lib/api-client';
import type { ApiError } from '../../lib/error-reader';
import { useWithSecrets } from '../../lib/secrets';

// Each call's definition (and its schemas) arrives with the first call: the screen draws without zod (calls.ts).
const calls = () => import('./calls');
const updateLanguageCall = lazyCall(calls, 'updateLanguageCall');
const updateNameCall = lazyCall(calls, 'updateNameCall');
const updatePassphraseCall = lazyCall(calls, 'updatePassphraseCall');

export type NameValues = {
  userName: string;
  firstName: string;
  lastName: string;
};

export function useUpdateName(memberId: string) {
  return useMutation<Me, ApiError, NameValues>({
    mutationKey: ['account', 'name'],
    mutationFn: (body) => callApi(updateNameCall, { params: { memberId }, body }),
  });
}

export function useUpdateLanguage(memberId: string) {
  return useMutation<Me, ApiError, Language>({
    mutationKey: ['account', 'language'],
    // One after the other, in the order chosen: quick switches end on the last choice.
    scope: { id: 'account-language' },
    mutationFn: (language) => callApi(updateLanguageCall, { params: { memberId }, body: { language } }),
  });
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  otpCode: string;
}

/** Changes the password; all three secrets travel encrypted. */
export function useUpdatePassphrase(memberId: string) {
  const withSecrets = useWithSecrets();
  return useMutation<{ ok: true }, ApiError, PasswordChange>({
    mutationKey: ['account', 'passphrase'],
    mutationFn: ({ currentPassword, newPassword, otpCode }) =>
      withSecrets(async (encrypt) =>
        callApi(updatePassphraseCall, {
          params: { memberId },
          body: {
            currentPassphrase: await encrypt(currentPassword),
            newPassphrase: await encrypt(newPassword),
            otpCode: await encrypt(otpCode),
          },
        }),
      ),
  });
}
