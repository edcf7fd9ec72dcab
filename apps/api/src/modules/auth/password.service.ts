import { LIMITS } from '@vaultline/contracts';
import type { Config } from '../../config.js';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { renderMail } from '../../mail/templates.js';
import { sha256 } from '../../security/at-rest.js';
import { hashPassword, verifyPassword } from '../../security/passwords.js';
import type { RsaKeyring } from '../../security/rsa.js';
import { accountActor, recordAudit } from '../audit/audit.js';
import { newPasswordProblem } from './auth.policy.js';
import { type AccountRow, authRepository } from './auth.repository.js';
import type { AuthService, RequestMeta } from './auth.service.js';
import { consumeOtp } from './otp.service.js';
import { openOtp, openSecret } from './secrets.js';

const RESET_LINK_MS = LIMITS.INVITATION_HOURS * 3_600_000;

export function passwordService(deps: {
  db: Db;
  config: Config;
  clock: () => Date;
  keyring: RsaKeyring;
  auth: AuthService;
}) {
  const { db, config, clock, keyring, auth } = deps;

  /** Refuses a new password that breaks a section 5 rule, with the code that says which. */
  async function assertAcceptable(tx: Db, account: AccountRow, password: string) {
    const recent = await authRepository(tx).recentPasswordHashes(account.id, LIMITS.RECENT_PASSWORDS);
    const sameAsCurrent = account.passphraseHash ? await verifyPassword(account.passphraseHash, password) : false;
    let inRecent = false;
    for (const hash of recent) if (!inRecent) inRecent = await verifyPassword(hash, password);
    const problem = newPasswordProblem(password, { email: account.email, sameAsCurrent, inRecent });
    if (problem) throw new AppError(problem.code, problem.code === '14' ? { missing: problem.missing } : undefined);
  }

  /** Stores a new password: history kept, lock and failure count cleared, expiry restarted. */
  async function store(tx: Db, account: AccountRow, password: string, now: Date) {
    const hash = await hashPassword(password);
    const repo = authRepository(tx);
    await repo.updateAccount(
      account.id,
      { passphraseHash: hash, passphraseChangedAt: now, failedLoginAttempts: 0, lockedAt: null },
      now,
    );
    await repo.addPasswordHistory(account.id, hash, now);
  }

  async function notifyChanged(account: AccountRow, now: Date) {
    const time = now.toLocaleString(account.language === 'KO' ? 'ko-KR' : 'en-GB', { timeZone: 'Asia/Seoul' });
    await auth
      .sendMail(account.email, renderMail('password-changed', account.language, { name: account.userName, time }))
      .catch(() => undefined);
  }

  /** The reset link or expired-password ticket, still usable; the account row is locked with it. */
  async function openLink(tx: Db, memberId: string, token: string) {
    const repo = authRepository(tx);
    const row = await repo.lockAuthToken(sha256(token), memberId, ['RESET', 'EXPIRED']);
    if (!row || row.usedAt || row.expiresAt.getTime() <= clock().getTime()) throw new AppError('18');
    const account = await repo.lockAccount(memberId);
    if (account?.status !== 'ACTIVE') throw new AppError('18');
    return { row, account };
  }

  return {
    /** Emails a reset link valid 24 hours to a known, active account; answers the same either way. */
    async recover(email: string, language: 'EN' | 'KO') {
      const sent = await transaction(db, async (tx) => {
        const account = await authRepository(tx).findLiveAccountByEmail(email);
        if (account?.status !== 'ACTIVE') return null;
        const token = await auth.createToken(tx, account.id, 'RESET', RESET_LINK_MS);
        return { account, token };
      });
      if (sent) {
        const { account, token } = sent;
        const link = `${config.appBaseUrl}/account/login?mode=reset&memberId=${account.id}&token=${encodeURIComponent(token)}`;
        const lang = account.passphraseHash ? account.language : language;
        await auth.sendMail(
          account.email,
          renderMail('password-reset', lang, { name: account.userName || account.email, link, expiresHours: 24 }),
        );
      }
      return { ok: true as const };
    },

    async verifyLink(memberId: string, token: string) {
      return transaction(db, async (tx) => {
        const { row, account } = await openLink(tx, memberId, token);
        return {
          email: account.email,
          purpose: row.purpose as 'RESET' | 'EXPIRED',
          otpRequired: !!account.otpRegisteredAt,
        };
      });
    },

    /** A new password through a link or ticket; every session of the account ends. */
    async reset(
      memberId: string,
      input: { token: string; newPassphrase: string; otpCode?: string | undefined },
      meta: RequestMeta,
    ) {
      const password = openSecret(keyring, 'newPassphrase', input.newPassphrase);
      const code = input.otpCode === undefined ? undefined : openOtp(keyring, 'otpCode', input.otpCode);
      const account = await transaction(db, async (tx) => {
        const { row, account } = await openLink(tx, memberId, input.token);
        const now = clock();
        if (account.otpRegisteredAt) {
          if (code === undefined) throw new AppError('4004');
          await consumeOtp(tx, config, account, code, now);
        }
        await assertAcceptable(tx, account, password);
        await store(tx, account, password, now);
        const repo = authRepository(tx);
        await repo.useAuthToken(row.id, now);
        await repo.revokeSessions(account.id, 'PASSWORD_CHANGED', now);
        await recordAudit(
          tx,
          accountActor(account, meta),
          { action: 'PASSWORD_RESET', objectType: 'account', objectId: account.id },
          now,
        );
        return account;
      });
      await notifyChanged(account, clock());
      return { ok: true as const };
    },

    /** Account settings: the current password, a new one and a code; other sessions end, this one stays. */
    async change(
      memberId: string,
      sessionId: string,
      input: { currentPassphrase: string; newPassphrase: string; otpCode: string },
      meta: RequestMeta,
    ) {
      const current = openSecret(keyring, 'currentPassphrase', input.currentPassphrase);
      const password = openSecret(keyring, 'newPassphrase', input.newPassphrase);
      const code = openOtp(keyring, 'otpCode', input.otpCode);
      const account = await transaction(db, async (tx) => {
        const repo = authRepository(tx);
        const account = (await repo.lockAccount(memberId))!;
        if (!account.passphraseHash || !(await verifyPassword(account.passphraseHash, current))) {
          throw new AppError('4005', { field: 'currentPassphrase' });
        }
        const now = clock();
        await consumeOtp(tx, config, account, code, now);
        await assertAcceptable(tx, account, password);
        await store(tx, account, password, now);
        await repo.revokeSessions(account.id, 'PASSWORD_CHANGED', now, sessionId);
        await recordAudit(
          tx,
          accountActor(account, meta),
          { action: 'PASSWORD_CHANGED', objectType: 'account', objectId: account.id },
          now,
        );
        return account;
      });
      await notifyChanged(account, clock());
      return { ok: true as const };
    },
  };
}
