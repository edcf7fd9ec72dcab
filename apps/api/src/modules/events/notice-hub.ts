import type { ServerResponse } from 'node:http';
import {
  type ActivityNotice,
  isErrorCode,
  type NotificationNotice,
  type RequestNotice,
  type SigningNotice,
} from '@vaultline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type ChangeFeed, RESYNC } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { canSeeRequest } from '../access/request.policy.js';
import { visibleWalletIds } from '../access/visibility.repository.js';
import { walletScope } from '../access/wallet.policy.js';
import { activityView } from '../assets/activity-view.js';
import type { AuthContext, SessionService } from '../auth/session.service.js';
import { eventsRepository } from './events.repository.js';

/**
 * One open event stream: a signed-in member's (the notices of their organization), or a signing operator's
 * (organizationId null: the signing queue, which serves every organization).
 */
export interface StreamClient {
  organizationId: string | null;
  /** The session cookie it opened with: checked again before sending, so logout or expiry ends the stream. */
  sessionToken: string;
  out: ServerResponse;
}

export interface NoticeHubOptions {
  db: Db;
  sessions: SessionService;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The database's LISTEN/NOTIFY feed: with it, changes are read when announced (migration 0029), not polled. */
  changes?: ChangeFeed;
  /** How often to read changes while no feed is live (PostgreSQL's listening connection down, or none given). */
  pollMs?: number;
  heartbeatMs?: number;
  /** Whether an operator may work the signing queue (cold-signing policy); others' operator streams end. */
  maySign?: (auth: AuthContext) => boolean;
}

/**
 * A request whose transfer waits for its cold signature, or just left the queue (signed, or the request ended); a
 * wallet creation that waited for a cold key leaves it straight for COMPLETE (imported, or declined: FAILED).
 */
const touchesSigningQueue = (r: { progress: string; type: string }) =>
  r.progress === 'SIGNING' ||
  r.progress === 'PROCESSING' ||
  (r.type === 'WALLET_CREATION' && r.progress === 'COMPLETE');

/**
 * A transaction that stamped updated_at a little before it committed is still read: every poll looks back
 * this far and skips what it already sent (by id and updated_at).
 */
const LOOK_BACK_MS = 5000;
const BATCH = 500;

/** Channel of migration 0029's triggers: a statement wrote activities or requests of the payload's organization. */
export const EVENTS_CHANNEL = 'vaultline_events';

/**
 * Live notices, one reader per server process: changed asset activities and requests are read when the database
 * announces a change in an organization with an open stream (whichever process wrote it), or every `pollMs` while
 * no announcement can arrive, and each is written to the open streams of its organization whose member may see it
 * (WALLETS_VIEW, or a member of that wallet). Access is read fresh from the session on every send, never cached
 * from the connect.
 */
export function noticeHub(opts: NoticeHubOptions) {
  const pollMs = opts.pollMs ?? 1000;
  const heartbeatMs = opts.heartbeatMs ?? 15_000;
  const clients = new Set<StreamClient>();
  const sent = new Map<string, number>();
  let cursor = opts.clock();
  let pollTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  // Rounds run one after another: two polls at once would send the same change twice.
  let rounds: Promise<void> = Promise.resolve();
  let waiting = 0;
  // A read asked for and not started yet: later announcements are covered by it.
  let readQueued = false;
  const live = () => opts.changes?.live() === true;

  const end = (client: StreamClient, code?: string) => {
    if (!clients.delete(client)) return;
    if (code && !client.out.writableEnded) client.out.write(`event: session\ndata: ${JSON.stringify({ code })}\n\n`);
    client.out.end();
    if (clients.size === 0) stopTimers();
  };

  /** Who is behind the stream now, or null after ending a stream whose session (or right to it) no longer holds. */
  async function currentAuth(client: StreamClient): Promise<AuthContext | null> {
    try {
      const auth = await opts.sessions.authenticate(client.sessionToken, { touch: false });
      const holds =
        client.organizationId === null
          ? auth.kind === 'OPERATOR' && opts.maySign?.(auth) === true
          : auth.kind === 'MEMBER' && auth.organizationId === client.organizationId;
      if (!holds) throw new Error('not this stream');
      return auth;
    } catch (err) {
      const code = err instanceof Error && 'code' in err && isErrorCode(String(err.code)) ? String(err.code) : '4001';
      end(client, code);
      return null;
    }
  }

  /** The member behind the stream now with the wallets they see, or null after ending the stream. */
  async function currentAccess(
    client: StreamClient,
    organizationId: string,
  ): Promise<{ auth: AuthContext; wallets: 'ALL' | Set<string> } | null> {
    const auth = await currentAuth(client);
    if (!auth) return null;
    return { auth, wallets: await visibleWalletIds(opts.db, organizationId, walletScope(auth)) };
  }

  /** `event: signing` to the signing operators' streams, once per read that touched the queue. */
  async function tellSigners(changed: { progress: string; type: string }[]) {
    if (!changed.some(touchesSigningQueue)) return;
    const notice: SigningNotice = { kind: 'signing' };
    for (const client of [...clients]) {
      if (client.organizationId !== null || !(await currentAuth(client))) continue;
      client.out.write(`event: signing\ndata: ${JSON.stringify(notice)}\n\n`);
    }
  }

  /** Rows not sent yet at their current updated_at (activities and requests share the map: ids are uuids). */
  function unsent<R extends { id: string; updatedAt: Date }>(rows: R[]): R[] {
    const fresh = rows.filter((r) => sent.get(r.id) !== r.updatedAt.getTime());
    for (const r of rows) sent.set(r.id, r.updatedAt.getTime());
    return fresh;
  }

  let reads = 0;
  async function poll() {
    reads++;
    const since = new Date(cursor.getTime() - LOOK_BACK_MS);
    const events = eventsRepository(opts.db);
    const activityRows = await events.activitiesChangedSince(since, BATCH);
    const requestRows = await events.requestsChangedSince(since, BATCH);
    const notificationRows = await events.notificationsSince(since, BATCH);
    const activities = unsent(activityRows);
    const changed = unsent(requestRows);
    const told = unsent(notificationRows);
    for (const r of [...activityRows, ...requestRows, ...notificationRows])
      if (r.updatedAt > cursor) cursor = r.updatedAt;
    for (const [id, at] of sent) if (at < cursor.getTime() - 2 * LOOK_BACK_MS) sent.delete(id);
    if (activities.length === 0 && changed.length === 0 && told.length === 0) return;
    await tellSigners(changed);
    for (const client of [...clients]) {
      if (client.organizationId === null) continue;
      const mine = activities.filter((r) => r.organizationId === client.organizationId);
      const myRequests = changed.filter((r) => r.organizationId === client.organizationId);
      const myNotifications = told.filter((r) => r.organizationId === client.organizationId);
      if (mine.length === 0 && myRequests.length === 0 && myNotifications.length === 0) continue;
      const access = await currentAccess(client, client.organizationId);
      if (!access) continue;
      // A notification is its own account's alone.
      for (const r of myNotifications) {
        if (r.accountId !== access.auth.accountId) continue;
        const notice: NotificationNotice = { kind: 'notification', id: r.id, notificationKind: r.kind };
        client.out.write(`event: notification\ndata: ${JSON.stringify(notice)}\n\n`);
      }
      for (const r of mine) {
        if (access.wallets !== 'ALL' && !access.wallets.has(r.walletId)) continue;
        const notice: ActivityNotice = { kind: 'activity', activity: activityView(r) };
        client.out.write(`event: activity\ndata: ${JSON.stringify(notice)}\n\n`);
      }
      const myWallets = access.wallets === 'ALL' ? new Set<string>() : access.wallets;
      for (const r of myRequests) {
        if (!canSeeRequest(access.auth, r, myWallets)) continue;
        const notice: RequestNotice = { kind: 'request', id: r.id, type: r.type, status: r.status };
        client.out.write(`event: request\ndata: ${JSON.stringify(notice)}\n\n`);
      }
    }
  }

  async function heartbeat() {
    for (const client of [...clients]) {
      if (await currentAuth(client)) client.out.write(': heartbeat\n\n');
    }
  }

  const serial = (what: string, fn: () => Promise<void>): Promise<void> => {
    waiting++;
    rounds = rounds
      .then(fn)
      .catch((err: unknown) => opts.log.error({ err }, `live notices ${what} failed`))
      .finally(() => {
        waiting--;
      });
    return rounds;
  };
  // A timer round is skipped while another still runs or waits: a slow database never piles rounds up.
  const onTimer = (what: string, fn: () => Promise<void>) => () => {
    if (waiting === 0) void serial(what, fn);
  };

  /** One read of what changed, after any running round; asked again while one waits, it is the same read. */
  function requestRead() {
    if (readQueued) return;
    readQueued = true;
    void serial('poll', () => {
      readQueued = false;
      return poll();
    });
  }
  const unsubscribe = opts.changes?.subscribe(EVENTS_CHANNEL, (payload) => {
    if (clients.size === 0) return;
    // A signing operator's stream hears every organization: any of them may queue a cold transfer.
    if (payload === RESYNC || [...clients].some((c) => c.organizationId === payload || c.organizationId === null)) {
      requestRead();
    }
  });

  function startTimers() {
    if (pollTimer) return;
    cursor = opts.clock(); // a stream sees changes from its connection on, not the history
    const fallback = onTimer('poll', poll);
    pollTimer = setInterval(() => {
      if (!live()) fallback();
    }, pollMs);
    heartbeatTimer = setInterval(onTimer('heartbeat', heartbeat), heartbeatMs);
  }
  function stopTimers() {
    clearInterval(pollTimer);
    clearInterval(heartbeatTimer);
    pollTimer = undefined;
    heartbeatTimer = undefined;
  }

  return {
    add(client: StreamClient) {
      if (clients.size === 0) startTimers();
      clients.add(client);
      client.out.on('close', () => end(client));
    },
    size: () => clients.size,
    /** One poll now, after any running round (tests; the timer does the same). */
    poll: () => serial('poll', poll),
    /** How many times changes were read (tests: none while nothing is announced). */
    reads: () => reads,
    async close() {
      unsubscribe?.();
      stopTimers();
      await rounds;
      for (const client of [...clients]) end(client);
    },
  };
}
export type NoticeHub = ReturnType<typeof noticeHub>;
