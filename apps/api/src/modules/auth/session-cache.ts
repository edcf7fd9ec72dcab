import { type ChangeFeed, RESYNC } from '../../db/change-feed.js';
import type { SessionForRequest } from './auth.repository.js';

/** Channel of migration 0028's triggers: a session, account or permission of the payload's account changed. */
export const AUTH_CHANNEL = 'vaultline_auth';
/** Safety net only: a kept entry is read again after this long even if no notification said it changed. */
const KEEP_MS = 5000;
const MAX_ENTRIES = 10_000;

interface Entry {
  found: SessionForRequest;
  keptAt: number;
}

/**
 * The session lookup of authenticated calls, kept in memory between calls (it was one database round trip of
 * every call, a third of a two-query list's time). It is exact, not time-based: the tables it reads notify every
 * change of a session, account or permission on AUTH_CHANNEL in the writer's transaction, and the entries of that
 * account go when the change commits (before the COMMIT returns in the writing process, within milliseconds in
 * the others). Nothing is kept while the feed is not live, everything goes on RESYNC, and a lookup that started
 * before an invalidation never stores its (possibly older) answer. Only valid sessions are answered from here: a
 * refusal is always confirmed by the database (another process may have recorded activity this one did not see).
 */
export function sessionCache(feed: ChangeFeed | undefined, now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const byAccount = new Map<string, Set<string>>();
  let generation = 0;

  function drop(accountId: string) {
    for (const sessionId of byAccount.get(accountId) ?? []) entries.delete(sessionId);
    byAccount.delete(accountId);
  }
  function clear() {
    entries.clear();
    byAccount.clear();
  }
  feed?.subscribe(AUTH_CHANNEL, (payload) => {
    generation++;
    if (payload === RESYNC || payload === '*') clear();
    else drop(payload);
  });

  const usable = () => feed?.live() === true;

  return {
    /** The kept lookup of a session, when it may be used. */
    get(sessionId: string): SessionForRequest | undefined {
      if (!usable()) {
        if (entries.size > 0) clear();
        return undefined;
      }
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (now() - entry.keptAt > KEEP_MS) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry.found;
    },
    /** Call before reading the database; pass the ticket to `put` with what was read. */
    ticket: () => generation,
    put(ticket: number, sessionId: string, found: SessionForRequest) {
      // An invalidation arrived while the database was read: the answer may predate it.
      if (ticket !== generation || !usable()) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value!;
        const accountId = entries.get(oldest)!.found.session.accountId;
        entries.delete(oldest);
        byAccount.get(accountId)?.delete(oldest);
      }
      entries.set(sessionId, { found, keptAt: now() });
      const accountId = found.session.accountId;
      let sessions = byAccount.get(accountId);
      if (!sessions) {
        sessions = new Set();
        byAccount.set(accountId, sessions);
      }
      sessions.add(sessionId);
    },
    /**
     * Whether this call records the session's activity: `everyMs` after the latest activity this process knows of
     * (`lastSeenAt` as the call read it, or the kept copy's, whichever is later). The kept copy says so at once,
     * before the write: of the calls in flight when the touch falls due, one writes. Marked only after the write,
     * every one of a bench's 32 parallel calls wrote the same row each second, each waiting on the last one's lock
     * and commit.
     */
    claimTouch(sessionId: string, lastSeenAt: Date, at: Date, everyMs: number): boolean {
      const entry = entries.get(sessionId);
      const kept = entry?.found.session.lastSeenAt.getTime() ?? 0;
      if (at.getTime() - Math.max(kept, lastSeenAt.getTime()) < everyMs) return false;
      if (entry) entry.found = { ...entry.found, session: { ...entry.found.session, lastSeenAt: at } };
      return true;
    },
    size: () => entries.size,
  };
}
export type SessionCache = ReturnType<typeof sessionCache>;
