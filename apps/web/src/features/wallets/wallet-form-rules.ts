import {
  type Blockchain,
  eosAccountNameSchema,
  errorMessage,
  familyOf,
  validationMessage,
  walletNameProblem,
} from '@vaultline/contracts';
import type { AppLanguage } from '../../i18n';
import { required, schemaError } from '../../lib/form-validation';

/** The wallet-name rule of the contracts as a message: codes 1 (characters) and 2 (length). */
export function walletNameError(name: string, lang: AppLanguage): string | null {
  if (!name.trim()) return validationMessage('validation.required', lang);
  const problem = walletNameProblem(name);
  return problem ? (errorMessage(problem, lang) ?? null) : null;
}

/** An EOS-type account name: exactly 12 characters of a-z and 1-5. */
export function accountNameError(value: string, lang: AppLanguage): string | null {
  return schemaError(required(eosAccountNameSchema), value, lang);
}

/** EOS-type networks take an account name as their address. */
export function needsAccountName(blockchain: Blockchain | null): boolean {
  return !!blockchain && familyOf(blockchain) === 'eosio';
}

/** Server codes that are about the wallet name, shown at the name field. */
export const NAME_ERROR_CODES: readonly string[] = ['1', '2', '4006'];
