import type { Language, Me } from '@vaultline/contracts';
import type { Config } from '../../config.js';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { RsaKeyring } from '../../security/rsa.js';
import { passwordExpiresAt } from '../auth/auth.policy.js';
import { type AccountRow, authRepository } from '../auth/auth.repository.js';
import { consumeOtp } from '../auth/otp.service.js';
import { openOtp } from '../auth/secrets.js';
import type { AuthContext, SessionService } from '../auth/session.service.js';

/** The signed-in account's own settings. */
export function membersService(deps: {
  db: Db;
  config: Config;
  clock: () => Date;
  keyring: RsaKeyring;
  sessions: SessionService;
}) {
  const { db, config, clock } = deps;

  async function describe(account: AccountRow, auth: AuthContext): Promise<Me> {
    const repo = authRepository(db);
    const organizationName = account.organizationId
      ? await repo.findOrganizationName(account.organizationId)
      : undefined;
    const expires = passwordExpiresAt(account.passphraseChangedAt, config.passwordExpiryDays);
    return {
      id: account.id,
      kind: account.kind,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      userName: account.userName,
      language: account.language,
      organization:
        account.organizationId && organizationName ? { id: account.organizationId, name: organizationName } : null,
      operatorRole: account.operatorRole as Me['operatorRole'],
      permissions: auth.permissions,
      passphraseExpiresAt: expires ? expires.toISOString() : null,
      sessionExpiresAt: auth.sessionExpiresAt.toISOString(),
      sessionNoticeSeconds: config.sessionNoticeSeconds,
    };
  }

  async function current(auth: AuthContext): Promise<AccountRow> {
    const account = await authRepository(db).findAccount(auth.accountId);
    if (!account) throw new AppError('4001');
    return account;
  }

  return {
    async me(auth: AuthContext) {
      return describe(await current(auth), auth);
    },

    async setLanguage(auth: AuthContext, language: Language) {
      const account = await authRepository(db).updateAccount(auth.accountId, { language }, clock());
      return describe(account, auth);
    },

    async setName(auth: AuthContext, names: { userName: string; firstName: string; lastName: string }) {
      const account = await authRepository(db).updateAccount(auth.accountId, names, clock());
      return describe(account, auth);
    },

    /** Keep-alive: a code from the authenticator renews the session with a new token. */
    async reauthenticate(auth: AuthContext, encryptedCode: string) {
      const code = openOtp(deps.keyring, 'otpCode', encryptedCode);
      return transaction(db, async (tx) => {
        const account = (await authRepository(tx).lockAccount(auth.accountId))!;
        await consumeOtp(tx, config, account, code, clock());
        return deps.sessions.renew(tx, auth);
      });
    },
  };
}

export type MembersService = ReturnType<typeof membersService>;
