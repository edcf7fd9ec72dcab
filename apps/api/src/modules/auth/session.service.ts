import { randomUUID } from 'node:crypto';
import { effectivePermissions, type OrganizationPermission } from '@vaultline/contracts';
import type { Config } from '../../config.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import { type Db, transaction } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { randomToken, sha256 } from '../../security/at-rest.js';
import { accountActor, recordAudit } from '../audit/audit.js';
import { type SessionFacts, sessionVerdict } from './auth.policy.js';
import { type AccountRow, authRepository, type SessionForRequest } from './auth.repository.js';
import { readSessionToken, signSessionToken } from './session.tokens.js';
import { sessionCache } from './session-cache.js';

/** How stale the recorded last activity may get: the idle timeout may end up to this much early. */
const TOUCH_EVERY_MS = 1000;

export interface AuthContext {
  accountId: string;
  /** The account's email now (the audit log names its actors by it). */
  email: string;
  kind: AccountRow['kind'];
  organizationId: string | null;
  sessionId: string;
  sessionExpiresAt: Date;
  csrfHash: string;
  /** Effective organization permissions (own and groups'); none for operators. */
  permissions: OrganizationPermission[];
  operatorRole: string | null;
  /** Where the call came from (set per request by the session plugin; the audit log keeps them). */
  ip?: string;
  userAgent?: string;
}

export interface IssuedSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface SessionServiceDeps {
  db: Db;
  config: Config;
  clock: () => Date;
  /** The database's change feed: with it, session lookups are kept between calls (session-cache.ts). */
  changes?: ChangeFeed;
}

export function sessionService({ db, config, clock, changes }: SessionServiceDeps) {
  const lifetimeMs = config.sessionTimeoutSeconds * 1000;
  const cache = sessionCache(changes);

  /** The session lookup, kept or read; a kept one is used only while it still opens the session. */
  async function lookup(sessionId: string, tokenId: string, now: Date): Promise<SessionForRequest | undefined> {
    const kept = cache.get(sessionId);
    if (kept && sessionVerdict(facts(kept), tokenId, now, config.sessionTimeoutSeconds) === 'valid') return kept;
    const ticket = cache.ticket();
    const found = await authRepository(db).findSessionForRequest(sessionId);
    if (found) cache.put(ticket, sessionId, found);
    return found;
  }

  async function issue(sessionId: string, accountId: string, expiresAt: Date) {
    const tokenId = randomUUID();
    const token = await signSessionToken(
      { sid: sessionId, tid: tokenId, sub: accountId, exp: Math.floor(expiresAt.getTime() / 1000) },
      config.sessionSecret,
    );
    return { token, tokenId };
  }

  return {
    /**
     * Opens a new session inside the caller's transaction and ends every other session of the account:
     * one active session per account, the older browser learns it was replaced (4028).
     */
    async open(tx: Db, account: AccountRow, meta: { ip: string; userAgent: string }): Promise<IssuedSession> {
      const repo = authRepository(tx);
      const now = clock();
      await repo.revokeSessions(account.id, 'REPLACED', now);
      const expiresAt = new Date(now.getTime() + lifetimeMs);
      const sessionId = randomUUID();
      const csrfToken = randomToken();
      const { token, tokenId } = await issue(sessionId, account.id, expiresAt);
      await repo.insertSession({
        id: sessionId,
        accountId: account.id,
        tokenId,
        csrfHash: sha256(csrfToken),
        ip: meta.ip,
        userAgent: meta.userAgent.slice(0, 255),
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
      });
      return { token, csrfToken, expiresAt };
    },

    /** The caller behind a session cookie, or the coded reason it no longer opens anything. */
    async authenticate(token: string | undefined, opts: { touch: boolean }): Promise<AuthContext> {
      if (!token) throw new AppError('401');
      const payload = await readSessionToken(token, config.sessionSecret);
      if (!payload) throw new AppError('4001');
      const now = clock();
      const found = await lookup(payload.sid, payload.tid, now);
      const session = found?.session;
      const verdict = sessionVerdict(found && facts(found), payload.tid, now, config.sessionTimeoutSeconds);
      if (verdict !== 'valid') throw new AppError(verdict);
      const account = found?.account;
      if (account?.status !== 'ACTIVE' || account.id !== payload.sub) throw new AppError('4001');
      // The touch is a write to the one row all of a browser's parallel calls share: at most once a second is
      // plenty for an idle timeout counted in minutes, and concurrent calls stop queueing on that row's lock.
      if (opts.touch && cache.claimTouch(session!.id, session!.lastSeenAt, now, TOUCH_EVERY_MS)) {
        await authRepository(db).updateSession(session!.id, { lastSeenAt: now });
      }
      const permissions = permissionsOf(found!);
      return {
        permissions,
        operatorRole: account.operatorRole,
        accountId: account.id,
        email: account.email,
        kind: account.kind,
        organizationId: account.organizationId,
        sessionId: session!.id,
        sessionExpiresAt: session!.expiresAt,
        csrfHash: session!.csrfHash,
      };
    },

    /** How many session lookups are kept now (tests). */
    keptSessions: () => cache.size(),

    /** Re-authentication: the same session gets a new token and a new 30-minute lifetime. */
    async renew(tx: Db, auth: AuthContext): Promise<{ token: string; expiresAt: Date }> {
      const now = clock();
      const expiresAt = new Date(now.getTime() + lifetimeMs);
      const { token, tokenId } = await issue(auth.sessionId, auth.accountId, expiresAt);
      await authRepository(tx).updateSession(auth.sessionId, { tokenId, expiresAt, lastSeenAt: now });
      return { token, expiresAt };
    },

    async close(token: string | undefined, meta: { ip: string; userAgent: string }): Promise<void> {
      const payload = token ? await readSessionToken(token, config.sessionSecret) : null;
      if (!payload) return;
      await transaction(db, async (tx) => {
        const repo = authRepository(tx);
        const found = await repo.findSessionForRequest(payload.sid);
        const session = found?.session;
        if (!session || session.revokedAt || session.tokenId !== payload.tid || !found.account) return;
        const now = clock();
        await repo.updateSession(session.id, { revokedAt: now, revokedReason: 'LOGOUT' });
        await recordAudit(
          tx,
          accountActor(found.account, meta),
          { action: 'SIGN_OUT', objectType: 'session', objectId: session.id },
          now,
        );
      });
    },
  };
}

// Only what the verdict reads, in one fixed shape: a spread of the whole session row built a new hidden class on
// every call (issue 17's profile of the served call).
const facts = (found: SessionForRequest): SessionFacts => ({
  revokedReason: found.session.revokedReason ?? null,
  tokenId: found.session.tokenId,
  lastSeenAt: found.session.lastSeenAt,
  expiresAt: found.session.expiresAt,
});

/**
 * A member's effective permissions (own and groups'), worked out once per lookup: a kept lookup (session-cache.ts)
 * answers many calls, and a changed permission replaces it. Frozen, as every call of that lookup shares it.
 */
const permissionsByLookup = new WeakMap<SessionForRequest, readonly OrganizationPermission[]>();
function permissionsOf(found: SessionForRequest): OrganizationPermission[] {
  let permissions = permissionsByLookup.get(found);
  if (!permissions) {
    permissions = Object.freeze(
      found.account?.kind === 'MEMBER' ? effectivePermissions(found.permissions as OrganizationPermission[], []) : [],
    );
    permissionsByLookup.set(found, permissions);
  }
  return permissions as OrganizationPermission[];
}

export type SessionService = ReturnType<typeof sessionService>;
