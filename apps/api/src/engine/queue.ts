import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { Database, Db } from '../db/client.js';

export const QUEUES = { walletCreation: 'wallet-creation', activityExport: 'activity-export' } as const;

/** Which engine queue carries out an approved request of each type; types without one wait for theirs. */
export const QUEUE_BY_REQUEST_TYPE: Partial<
  Record<'WALLET_CREATION' | 'WITHDRAWAL' | 'STAKING', (typeof QUEUES)[keyof typeof QUEUES]>
> = {
  WALLET_CREATION: QUEUES.walletCreation,
};
export type JobData = { requestId: string; organizationId: string };

/**
 * The custody engine's durable queue (pg-boss: jobs in the same database, claimed with SKIP LOCKED). Jobs are
 * enqueued inside the transaction that approved the request, so a rolled-back decision never runs.
 */
export interface EngineQueue {
  enqueue(tx: Db, queue: (typeof QUEUES)[keyof typeof QUEUES], data: JobData): Promise<void>;
  work(queue: string, handler: (data: JobData) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export async function openEngineQueue(
  database: Database,
  log: FastifyBaseLogger,
  opts: { superviseSeconds?: number } = {},
): Promise<EngineQueue> {
  const every = opts.superviseSeconds ?? 30;
  const supervise = { superviseIntervalSeconds: every, monitorIntervalSeconds: every };
  const boss =
    database.driver.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.driver.client as never), ...supervise } as never)
      : new PgBoss({ connectionString: database.driver.url, max: 4, ...supervise });
  boss.on('error', (err: unknown) => log.error({ err }, 'engine queue error'));
  await boss.start();
  for (const queue of Object.values(QUEUES)) {
    // A worker that dies stops its heartbeat; the job is then retried by another (or the restarted) engine.
    await boss.createQueue(queue, {
      retryLimit: 10,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: 120,
      heartbeatSeconds: 10,
    } as never);
  }
  return {
    async enqueue(tx, queue, data) {
      await boss.send(queue, data, {
        db: fromDrizzle(tx as never, sql as never),
        singletonKey: data.requestId,
      } as never);
    },
    async work(queue, handler) {
      await boss.work<JobData>(queue, { pollingIntervalSeconds: 0.5 } as never, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 } as never);
    },
  };
}
