import type { LoginAnswer } from '@vaultline/contracts';
import { LIMITS } from '@vaultline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderMail } from '../../mail/templates.js';
import { randomToken, sha256 } from '../../security/at-rest.js';
import { verifyPassword } from '../../security/passwords.js';
import type { RsaKeyring } from '../../security/rsa.js';
import { type AuditActor, accountActor, recordAudit } from '../audit/audit.js';
import { notify } from '../notifications/notify.service.js';
import { afterWrongPassword, isPasswordExpired } from './auth.policy.js';
import { type AccountRow, type AuthTokenPurpose, authRepository } from './auth.repository.js';
import { consumeOtp } from './otp.service.js';
import { openOtp, openSecret } from './secrets.js';
import type { IssuedSession, SessionService } from './session.service.js';

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  clock: () => Date;
  keyring: RsaKeyring;
  mailer: Mailer;
  sessions: SessionService;
  log: FastifyBaseLogger;
}

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

const TICKET_MINUTES = 30;
const HOUR_MS = 3_600_000;

type LoginOutcome =
  | { kind: 'answer'; answer: LoginAnswer; session?: IssuedSession }
  | { kind: 'error'; error: AppError }
  | { kind: 'verify-ip'; answer: LoginAnswer; account: AccountRow; loginIpId: string; code: string };

export function authService(deps: AuthServiceDeps) {
  const { db, config, clock, keyring, mailer, sessions } = deps;

  /** A single-use token for a person to carry; only its hash is kept. */
  async function createToken(tx: Db, accountId: string, purpose: AuthTokenPurpose, ttlMs: number) {
    const token = randomToken();
    const now = clock();
    const repo = authRepository(tx);
    await repo.retireAuthTokens(accountId, purpose, now);
    await repo.insertAuthToken({
      accountId,
      purpose,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
    return token;
  }

  async function sendMail(to: string, mail: ReturnType<typeof renderMail>) {
    try {
      await mailer.send({ to, ...mail });
    } catch (err) {
      deps.log.error({ err, template: mail.subject }, 'mail delivery failed');
      throw new AppError('4000', { reason: 'mail-delivery' });
    }
  }

  return {
    /**
     * Sign-in in the order a custody provider checks it: password (5 tries), password expiry, the IP
     * (verified by email), the authenticator (registered, then one code per step), then one session.
     */
    async login(
      input: { email: string; passphrase: string; otpCode?: string | undefined },
      meta: RequestMeta,
    ): Promise<{ answer: LoginAnswer; session?: IssuedSession }> {
      const password = openSecret(keyring, 'passphrase', input.passphrase);
      const otpCode = input.otpCode === undefined ? undefined : openOtp(keyring, 'otpCode', input.otpCode);

      const outcome = await transaction(db, async (tx): Promise<LoginOutcome> => {
        const repo = authRepository(tx);
        const found = await repo.findLiveAccountByEmail(input.email);
        // A failed sign-in is in the log with its reason (in this transaction: the counter it moves and the entry
        // commit together). An unknown address is not kept: what was typed may be anything, a password even.
        const failed = (actor: AuditActor, reason: string, extra: Record<string, unknown> = {}) =>
          recordAudit(
            tx,
            actor,
            { action: 'SIGN_IN_FAILED', objectType: 'account', objectId: actor.accountId, after: { reason, ...extra } },
            clock(),
          );
        if (found?.status !== 'ACTIVE' || !found.passphraseHash) {
          const anonymous = {
            accountId: null,
            kind: 'ANONYMOUS' as const,
            label: 'unknown account',
            organizationId: null,
          };
          await failed({ ...anonymous, ip: meta.ip, userAgent: meta.userAgent.slice(0, 255) }, 'UNKNOWN_ACCOUNT');
          return { kind: 'error', error: new AppError('4002') };
        }
        const account = (await repo.lockAccount(found.id))!;
        const actor = accountActor(account, meta);
        const now = clock();
        if (account.lockedAt) {
          await failed(actor, 'LOCKED');
          return { kind: 'error', error: new AppError('4030') };
        }

        if (!(await verifyPassword(account.passphraseHash!, password))) {
          const next = afterWrongPassword(account.failedLoginAttempts);
          await repo.updateAccount(
            account.id,
            { failedLoginAttempts: next.failed, lockedAt: next.locked ? now : null },
            now,
          );
          await failed(actor, 'WRONG_PASSWORD', { remainingAttempts: next.remaining, locked: next.locked });
          if (next.locked) return { kind: 'error', error: new AppError('4030') };
          return {
            kind: 'error',
            error: new AppError('4005', {
              result: 'INVALID_PASSPHRASE',
              remainingAttempts: next.remaining,
              maxAttempts: LIMITS.MAX_WRONG_PASSWORDS,
            }),
          };
        }
        if (account.failedLoginAttempts > 0) await repo.updateAccount(account.id, { failedLoginAttempts: 0 }, now);
        const base = { memberId: account.id, kind: account.kind };

        if (isPasswordExpired(account.passphraseChangedAt, config.passwordExpiryDays, now)) {
          const ticket = await createToken(tx, account.id, 'EXPIRED', TICKET_MINUTES * 60_000);
          return { kind: 'error', error: new AppError('17', { memberId: account.id, ticket }) };
        }

        if (!(await repo.isIpVerified(account.id, meta.ip))) {
          const code = randomToken();
          const loginIpId = await repo.insertLoginIp({
            accountId: account.id,
            ip: meta.ip,
            codeHash: sha256(code),
            status: 'PENDING',
            createdAt: now,
            expiresAt: new Date(now.getTime() + LIMITS.IP_VERIFICATION_HOURS * HOUR_MS),
          });
          const answer = { ...base, result: 'NEED_IP_VERIFICATION' as const, code: '4008' };
          return { kind: 'verify-ip', answer, account, loginIpId, code };
        }

        if (!account.otpRegisteredAt) {
          const ticket = await createToken(tx, account.id, 'OTP_REGISTRATION', TICKET_MINUTES * 60_000);
          return { kind: 'answer', answer: { ...base, result: 'NEED_OTP', otpRegistered: false, ticket } };
        }
        if (otpCode === undefined) {
          return { kind: 'answer', answer: { ...base, result: 'NEED_OTP', otpRegistered: true } };
        }
        try {
          await consumeOtp(tx, config, account, otpCode, now);
        } catch (err) {
          // A refused code writes nothing; its entry is the one thing this transaction keeps.
          if (!(err instanceof AppError)) throw err;
          await failed(actor, 'WRONG_OTP', { code: err.code });
          return { kind: 'error', error: err };
        }
        const session = await sessions.open(tx, account, meta);
        await recordAudit(tx, actor, { action: 'SIGN_IN', objectType: 'session', objectId: null }, now);
        return {
          kind: 'answer',
          answer: { ...base, result: 'SUCCESS', sessionExpiresAt: session.expiresAt.toISOString() },
          session,
        };
      });

      if (outcome.kind === 'error') throw outcome.error;
      if (outcome.kind === 'verify-ip') {
        const link = `${config.appBaseUrl}/account/login?mode=verify-ip&memberId=${outcome.account.id}&loginIpId=${outcome.loginIpId}&code=${encodeURIComponent(outcome.code)}`;
        await sendMail(
          outcome.account.email,
          renderMail('ip-verification', outcome.account.language, {
            name: outcome.account.userName || outcome.account.email,
            ip: meta.ip,
            link,
            expiresHours: LIMITS.IP_VERIFICATION_HOURS,
          }),
        );
      }
      return {
        answer: outcome.answer,
        ...(outcome.kind === 'answer' && outcome.session ? { session: outcome.session } : {}),
      };
    },

    /** The emailed link of a new IP: right code, not expired, not used, and opened from that same IP. */
    async verifyLoginIp(memberId: string, loginIpId: string, code: string, meta: RequestMeta) {
      return transaction(db, async (tx) => {
        const repo = authRepository(tx);
        const row = await repo.lockLoginIp(loginIpId, memberId);
        if (!row) throw new AppError('4009');
        if (row.status === 'VERIFIED' || (await repo.isIpVerified(memberId, row.ip))) throw new AppError('4010');
        if (row.codeHash !== sha256(code) || row.expiresAt.getTime() <= clock().getTime()) throw new AppError('4009');
        if (row.ip !== meta.ip) throw new AppError('4011', { ip: meta.ip });
        await repo.markLoginIpVerified(row.id, clock());
        const account = await repo.findAccount(memberId);
        if (account) {
          await recordAudit(
            tx,
            accountActor(account, meta),
            { action: 'LOGIN_IP_VERIFIED', objectType: 'login_ip', objectId: row.id, after: { ip: row.ip } },
            clock(),
          );
          // Told in the app and by mail (unless they chose otherwise): someone who is not them would be seen.
          await notify(
            tx,
            {
              kind: 'NEW_IP_SIGN_IN',
              recipients: [account.id],
              subjectType: 'login_ip',
              subjectId: row.id,
              data: { ip: row.ip, userAgent: meta.userAgent.slice(0, 255) },
            },
            clock(),
          );
        }
        return { ok: true as const, ip: row.ip };
      });
    },

    createToken,
    sendMail,
  };
}

export type AuthService = ReturnType<typeof authService>;
