import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { decryptAtRest } from '../../security/at-rest.js';
import type { RsaKeyring } from '../../security/rsa.js';
import { checkTotp } from '../../security/totp.js';
import { type AccountRow, authRepository } from './auth.repository.js';
import { openOtp } from './secrets.js';

export const OTP_CONTEXT = 'account.otp_secret';

/**
 * Checks a code of the account's registered authenticator inside the caller's transaction (the account row
 * is locked there) and records its time step so the same code never works twice: wrong 4004, replay 4034.
 */
export async function consumeOtp(tx: Db, config: Config, account: AccountRow, code: string, now: Date) {
  if (!account.otpSecretEnc) throw new AppError('4004');
  const secret = decryptAtRest(account.otpSecretEnc, config.masterKey, OTP_CONTEXT);
  const check = checkTotp(secret, code, account.otpLastStep ?? null, now);
  if (!check.ok) {
    throw check.reason === 'used' ? new AppError('4034', check.retryInSeconds) : new AppError('4004');
  }
  await authRepository(tx).updateAccount(account.id, { otpLastStep: check.step }, now);
}

/** The "authentication body" of destructive calls: the caller's own fresh code, consumed in `tx`. */
export async function consumeCallerOtp(
  tx: Db,
  deps: { config: Config; keyring: RsaKeyring; clock: () => Date },
  accountId: string,
  encryptedCode: string,
) {
  const code = openOtp(deps.keyring, 'otpCode', encryptedCode);
  const account = await authRepository(tx).lockAccount(accountId);
  if (!account) throw new AppError('4001');
  await consumeOtp(tx, deps.config, account, code, deps.clock());
}
