import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * PostgreSQL's LISTEN/NOTIFY as the one way a process learns what other processes (and its own transactions)
 * changed. A payload is whatever the notifying trigger sent; RESYNC is delivered to every handler when the
 * process may have missed notifications (the listening connection was lost and is back), so a handler that keeps
 * anything derived from the database drops it then.
 */
export const RESYNC = Symbol('resync');
export type ChangeHandler = (payload: string | typeof RESYNC) => void;

export interface ChangeFeed {
  /** Handles the channel's notifications until the returned function is called. */
  subscribe(channel: string, handler: ChangeHandler): () => void;
  /**
   * True while notifications are sure to arrive: always on PGlite (one process), on PostgreSQL while the
   * dedicated listening connection is up. A cache built on notifications must not be trusted while false.
   */
  live(): boolean;
  /** Where the feed reports a lost connection (the app's logger once it has one). */
  logTo(log: FeedLog): void;
  close(): Promise<void>;
}
export type FeedLog = (msg: string, err?: unknown) => void;

/** Channels whose notifications the process's own pooled connections also take (see postgresChangeFeed). */
export const POOL_CHANNELS = ['vaultline_auth'] as const;

function dispatcher() {
  const handlers = new Map<string, Set<ChangeHandler>>();
  return {
    handlers,
    add(channel: string, handler: ChangeHandler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      return () => set.delete(handler);
    },
    emit(channel: string, payload: string | typeof RESYNC) {
      for (const handler of handlers.get(channel) ?? []) handler(payload);
    },
  };
}

/** PGlite is one process: its notifications arrive as the notifying statement returns. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  const d = dispatcher();
  const listening = new Map<string, Promise<() => Promise<void>>>();
  return {
    subscribe(channel, handler) {
      if (!listening.has(channel))
        listening.set(
          channel,
          client.listen(channel, (p) => d.emit(channel, p)),
        );
      return d.add(channel, handler);
    },
    live: () => true,
    logTo() {},
    async close() {
      for (const unlisten of listening.values()) await (await unlisten)().catch(() => {});
      listening.clear();
    },
  };
}

/** How the listening connection names itself to PostgreSQL (pg_stat_activity). */
export const FEED_APPLICATION_NAME = 'vaultline-change-feed';
const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

/**
 * On PostgreSQL two kinds of connection listen:
 * - every pooled connection LISTENs on POOL_CHANNELS when it opens (the pool's `onConnect`, before it is handed out), so a change committed through this process is
 *   handled before its COMMIT returns (PostgreSQL sends a session its own notifications ahead of ReadyForQuery):
 *   the process's next statement never sees a stale cache;
 * - one dedicated connection, opened on the first subscription, LISTENs on every subscribed channel and brings
 *   other processes' changes (a pool may have no connection open). While it is down `live()` is false; once it is
 *   back every handler gets RESYNC.
 * A notification can thus arrive twice (pool and dedicated connection); handlers must be idempotent.
 */
export function postgresChangeFeed(url: string): ChangeFeed & { onPoolConnect(pooled: pg.ClientBase): Promise<void> } {
  let log: FeedLog = () => {};
  const d = dispatcher();
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  async function connect() {
    if (closed || client) return;
    const next = new pg.Client({ connectionString: url, application_name: FEED_APPLICATION_NAME });
    client = next;
    next.on('notification', (n) => d.emit(n.channel, n.payload ?? ''));
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      for (const channel of d.handlers.keys()) await next.query(`LISTEN ${quoted(channel)}`);
      if (client !== next) return;
      const wasDown = attempt > 0;
      connected = true;
      attempt = 0;
      // Whatever changed while nobody listened is unknown: every handler starts over.
      if (wasDown) for (const channel of d.handlers.keys()) d.emit(channel, RESYNC);
    } catch (err) {
      lost(next, err);
    }
  }

  function lost(which: pg.Client, err?: unknown) {
    if (client !== which) return;
    client = undefined;
    connected = false;
    which.end().catch(() => {});
    if (closed) return;
    for (const channel of d.handlers.keys()) d.emit(channel, RESYNC);
    log('change feed: listening connection lost, reconnecting', err);
    const wait = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)];
    attempt++;
    timer = setTimeout(() => void connect(), wait);
  }

  return {
    /** The pool's `onConnect`: awaited before the pool hands a new connection out. */
    async onPoolConnect(pooled) {
      pooled.on('notification', (n) => {
        if ((POOL_CHANNELS as readonly string[]).includes(n.channel)) d.emit(n.channel, n.payload ?? '');
      });
      for (const channel of POOL_CHANNELS) await pooled.query(`LISTEN ${channel}`);
    },
    subscribe(channel, handler) {
      const first = !d.handlers.has(channel);
      const unsubscribe = d.add(channel, handler);
      if (!client) void connect();
      else if (first && connected) client.query(`LISTEN ${quoted(channel)}`).catch((err) => lost(client!, err));
      return unsubscribe;
    },
    live: () => connected,
    logTo(next) {
      log = next;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const open = client;
      client = undefined;
      connected = false;
      await open?.end().catch(() => {});
    },
  };
}
