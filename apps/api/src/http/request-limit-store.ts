import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

type Answer = (err: Error | null, res?: { current: number; ttl: number }) => void;

interface Counter {
  /** The window's start (ms), aligned to the window length so every process counts the same window. */
  window: number;
  /** Every process's hits as PostgreSQL last answered (this process's flushed ones included). */
  shared: number;
  /** This process's hits not added to PostgreSQL yet. */
  pending: number;
  /** The first hit's read of the shared count, awaited by the hits that come with it. */
  ready: Promise<void>;
  /** Whether that read has answered: later hits are then answered at once, without a turn of the event loop. */
  settled: boolean;
}

const FLUSH_MS = 1000;
const SWEEP_MS = 5 * 60_000;

/**
 * The per-address request ceiling (`RATE_LIMIT_PER_MINUTE`) shared by every API process through the
 * `rate_limits` table, without a database write per request: each process counts in memory and adds its counts
 * to the shared row once a second (one statement for every address it saw this window), reading back every
 * process's total; an address's first request of a window
 * reads the total before it is answered. So a ceiling reached through one process holds on another from its first
 * request there, and hits made elsewhere since reach it within two seconds (their flush, then its own). Also sweeps the table's expired rows
 * (the sign-in budgets' too). Built as @fastify/rate-limit's `store`.
 */
export function requestLimitStore(db: Db, log: (msg: string, err: unknown) => void) {
  const counters = new Map<string, Counter>();
  let flushing: Promise<void> | undefined;
  let lastSweep = Date.now();
  const keyOf = (ip: string, window: number) => `api:${window}:${ip}`;

  async function readShared(key: string): Promise<number> {
    const rows = await db.execute<{ points: number }>(sql`select points from rate_limits where key = ${key}`);
    return (rows as unknown as { rows: { points: number }[] }).rows[0]?.points ?? 0;
  }

  async function flush(timeWindow: number) {
    // Every address counted in the current window, new hits or not: the answer brings the other processes' hits.
    const current = Date.now();
    const batch = [...counters.entries()].filter(([, c]) => c.pending > 0 || c.window + timeWindow > current);
    if (batch.length > 0) {
      const items = batch.map(([ip, c]) => ({
        key: keyOf(ip, c.window),
        points: c.pending,
        expire: new Date(c.window + timeWindow).toISOString(),
      }));
      const sent = new Map(batch.map(([ip, c]) => [ip, c.pending]));
      const result = await db.execute<{ key: string; points: number }>(sql`
        insert into rate_limits (key, points, expire)
        select key, points, expire from jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
          as x(key text, points integer, expire timestamptz)
        on conflict (key) do update set points = rate_limits.points + excluded.points
        returning key, points`);
      const totals = new Map(
        (result as unknown as { rows: { key: string; points: number }[] }).rows.map((r) => [r.key, r.points]),
      );
      for (const [ip, c] of batch) {
        const total = totals.get(keyOf(ip, c.window));
        if (total === undefined) continue;
        c.shared = total;
        c.pending -= sent.get(ip) ?? 0;
      }
    }
    const now = Date.now();
    for (const [ip, c] of counters) if (c.window + timeWindow <= now && c.pending === 0) counters.delete(ip);
    if (now - lastSweep >= SWEEP_MS) {
      lastSweep = now;
      await db.execute(sql`delete from rate_limits where expire < now() - interval '1 hour'`);
    }
  }

  let windowMs = 60_000;
  const timer = setInterval(() => {
    if (flushing) return;
    flushing = flush(windowMs)
      .catch((err: unknown) => log('rate limits: could not share the request counts', err))
      .finally(() => {
        flushing = undefined;
      });
  }, FLUSH_MS);
  timer.unref();

  class RequestLimitStore {
    incr(ip: string, answer: Answer, timeWindow: number) {
      windowMs = timeWindow;
      const now = Date.now();
      const window = now - (now % timeWindow);
      let counter = counters.get(ip);
      if (!counter || counter.window !== window) {
        const fresh: Counter = { window, shared: 0, pending: 0, ready: Promise.resolve(), settled: false };
        fresh.ready = readShared(keyOf(ip, window))
          .then(
            (shared) => {
              // A flush that answered first knows at least as much.
              fresh.shared = Math.max(fresh.shared, shared);
            },
            (err: unknown) => log('rate limits: could not read the shared request count', err),
          )
          .finally(() => {
            fresh.settled = true;
          });
        counters.set(ip, fresh);
        counter = fresh;
      }
      counter.pending++;
      const counted = counter;
      const reply = () => answer(null, { current: counted.shared + counted.pending, ttl: window + timeWindow - now });
      if (counted.settled) reply();
      else counted.ready.then(reply);
    }

    child() {
      return this;
    }
  }

  return {
    Store: RequestLimitStore,
    /** Adds what is counted now (tests; the timer does it every second). */
    flush: () => flush(windowMs),
    close() {
      clearInterval(timer);
    },
  };
}
