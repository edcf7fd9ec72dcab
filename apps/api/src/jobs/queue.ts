import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { Database, Db } from '../db/client.js';
import { engineHandoffs } from '../db/schema/index.js';

/**
 * The custody engine's durable queue (pg-boss: jobs in the same database, claimed with SKIP LOCKED). It lives
 * apart from the engine so modules can hand work over inside their own transactions without importing the engine.
 */
export type JobData = { requestId: string; organizationId: string };

export interface EngineQueue {
  /**
   * Hands a job to the engine inside `tx`: a rolled-back transaction never runs it, and a second hand-off of the
   * same request (same queue) is dropped, so each request is executed by at most one job.
   * Returns whether this call handed it over.
   */
  enqueue(tx: Db, queue: string, data: JobData): Promise<boolean>;
  work(queue: string, handler: (data: JobData) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** The engine's queues that are not request types (those are named by the request-type registry). */
export const QUEUES = { activityExport: 'activity-export', notificationMail: 'notification-mail' } as const;

export async function openEngineQueue(
  database: Database,
  log: FastifyBaseLogger,
  opts: { superviseSeconds?: number; queues?: readonly string[] } = {},
): Promise<EngineQueue> {
  const every = opts.superviseSeconds ?? 30;
  const supervise = { superviseIntervalSeconds: every, monitorIntervalSeconds: every };
  const boss =
    database.driver.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.driver.client as never), ...supervise } as never)
      : new PgBoss({ connectionString: database.driver.url, max: 4, ...supervise });
  boss.on('error', (err: unknown) => log.error({ err }, 'engine queue error'));
  await boss.start();
  // The known queues are made now; any other on first use (a worker starts before anything is sent to it). Made
  // now rather than inside a sender's transaction: the embedded database has one connection, which that holds.
  const made = new Map<string, Promise<void>>();
  const ensure = (queue: string) => {
    let making = made.get(queue);
    if (!making) {
      // A worker that dies stops its heartbeat; the job is then retried by another (or the restarted) engine.
      making = boss.createQueue(queue, {
        retryLimit: 10,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: 120,
        heartbeatSeconds: 10,
      } as never) as Promise<void>;
      made.set(queue, making);
    }
    return making;
  };
  for (const queue of opts.queues ?? []) await ensure(queue);
  return {
    async enqueue(tx, queue, data) {
      await ensure(queue);
      const [claimed] = await tx
        .insert(engineHandoffs)
        .values({ key: `${queue}:${data.requestId}`, queue })
        .onConflictDoNothing()
        .returning({ key: engineHandoffs.key });
      if (!claimed) return false;
      await boss.send(queue, data, { db: fromDrizzle(tx as never, sql as never) } as never);
      return true;
    },
    async work(queue, handler) {
      await ensure(queue);
      await boss.work<JobData>(queue, { pollingIntervalSeconds: 0.5 } as never, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 } as never);
    },
  };
}
