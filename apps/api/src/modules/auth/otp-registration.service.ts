import type { LoginAnswer } from '@vaultline/contracts';
import type { Config } from '../../config.js';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { decryptAtRest, encryptAtRest, sha256 } from '../../security/at-rest.js';
import type { RsaKeyring } from '../../security/rsa.js';
import { checkTotp, generateTotpSecret, TOTP_ISSUER, totpUri } from '../../security/totp.js';
import { accountActor, recordAudit } from '../audit/audit.js';
import { authRepository } from './auth.repository.js';
import type { RequestMeta } from './auth.service.js';
import { OTP_CONTEXT } from './otp.service.js';
import { openOtp } from './secrets.js';
import type { IssuedSession, SessionService } from './session.service.js';

const PENDING_CONTEXT = 'account.otp_pending_secret';

export function otpRegistrationService(deps: {
  db: Db;
  config: Config;
  clock: () => Date;
  keyring: RsaKeyring;
  sessions: SessionService;
}) {
  const { db, config, clock } = deps;

  /** The registration ticket from sign-in: unused, unexpired, this account's; the account row stays locked. */
  async function openTicket(tx: Db, memberId: string, ticket: string) {
    const repo = authRepository(tx);
    const row = await repo.lockAuthToken(sha256(ticket), memberId, ['OTP_REGISTRATION']);
    if (!row || row.usedAt || row.expiresAt.getTime() <= clock().getTime()) throw new AppError('18');
    const account = await repo.lockAccount(memberId);
    if (account?.status !== 'ACTIVE') throw new AppError('18');
    if (account.otpRegisteredAt) throw new AppError('4000', { reason: 'otp-already-registered' });
    return { repo, row, account };
  }

  return {
    /** A fresh secret for the QR code; kept pending (encrypted) until its first code confirms it. */
    async start(memberId: string, ticket: string) {
      return transaction(db, async (tx) => {
        const { repo, account } = await openTicket(tx, memberId, ticket);
        const secret = generateTotpSecret();
        await repo.updateAccount(
          account.id,
          { otpPendingSecretEnc: encryptAtRest(secret, config.masterKey, PENDING_CONTEXT) },
          clock(),
        );
        return { secret, otpauthUri: totpUri(secret, account.email), issuer: TOTP_ISSUER, accountName: account.email };
      });
    },

    /** The first code proves the app holds the secret: registration completes and the person is signed in. */
    async confirm(
      memberId: string,
      ticket: string,
      encryptedCode: string,
      meta: RequestMeta,
    ): Promise<{ answer: LoginAnswer; session: IssuedSession }> {
      const code = openOtp(deps.keyring, 'otpCode', encryptedCode);
      return transaction(db, async (tx) => {
        const { repo, row, account } = await openTicket(tx, memberId, ticket);
        if (!account.otpPendingSecretEnc) throw new AppError('18');
        const secret = decryptAtRest(account.otpPendingSecretEnc, config.masterKey, PENDING_CONTEXT);
        const now = clock();
        const check = checkTotp(secret, code, null, now);
        if (!check.ok) throw new AppError('4004');
        const updated = await repo.updateAccount(
          account.id,
          {
            otpSecretEnc: encryptAtRest(secret, config.masterKey, OTP_CONTEXT),
            otpPendingSecretEnc: null,
            otpRegisteredAt: now,
            otpLastStep: check.step,
          },
          now,
        );
        await repo.useAuthToken(row.id, now);
        const session = await deps.sessions.open(tx, updated, meta);
        const actor = accountActor(account, meta);
        await recordAudit(tx, actor, { action: 'OTP_REGISTERED', objectType: 'account', objectId: account.id }, now);
        await recordAudit(tx, actor, { action: 'SIGN_IN', objectType: 'session', objectId: null }, now);
        return {
          answer: {
            result: 'SUCCESS' as const,
            memberId: account.id,
            kind: account.kind,
            sessionExpiresAt: session.expiresAt.toISOString(),
          },
          session,
        };
      });
    },
  };
}
