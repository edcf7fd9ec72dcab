import { STAKING_BLOCKCHAINS } from '@vaultline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, chainRuntimeOf } from '../config.js';
import type { Db } from '../db/client.js';
import { type EngineQueue, type JobData, QUEUES } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { requestExecution, requestTypes } from '../modules/approvals/request-execution.service.js';
import { runActivityExport } from '../modules/assets/activity-export.service.js';
import { queuePendingMails, sendNotificationMail } from '../modules/notifications/notification-mail.service.js';
import { ensureLedgerValidators, ledgerNetworks } from '../modules/staking/ledger-validators.service.js';
import { stakingExecution } from '../modules/staking/staking-execution.service.js';
import { withdrawalExecution } from '../modules/withdrawals/withdrawal-execution.service.js';
import { timedJob } from '../plugins/metrics-registry.js';
import { nodeWatcher } from './chains/node-watcher.js';
import { chainValidatorsSync } from './chains/story-api.js';
import { devnetEngine } from './devnet/devnet-engine.js';
import { repeatEvery } from './repeat.js';
import { delegationIdReader, stakingHandler } from './staking.js';
import { chainSweeper } from './transactions/sweeper.js';
import { inquirySweeper } from './travel-rule/inquiry-sweeper.js';
import { walletCreationHandler } from './wallet-creation.js';
import { withdrawalHandler } from './withdrawal.js';

export type JobHandler = (job: JobData) => Promise<void>;

export interface EngineDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Where notification mails go (the server's mailer in process; `npm run engine` makes its own). */
  mailer?: Mailer;
}

/** Handlers added at run time: how a test drives a throwaway request type through the real engine. */
const registered = new Map<string, (deps: EngineDeps) => JobHandler>();
export function registerEngineHandler(queue: string, make: (deps: EngineDeps) => JobHandler): () => void {
  registered.set(queue, make);
  return () => registered.delete(queue);
}

/** Every queue the engine works: the request types' and its own. */
export function engineQueues(): string[] {
  const fromTypes = requestTypes().flatMap((t) => (t.queue ? [t.queue] : []));
  return [...new Set([...fromTypes, ...Object.values(QUEUES), ...registered.keys()])];
}

/** Every engine queue and its handler: request types by the queue their registry entry names, and exports. */
export function engineHandlers(deps: EngineDeps): Map<string, JobHandler> {
  const requests = requestExecution(deps.db, deps.now);
  const handlers = new Map<string, JobHandler>([
    ['wallet-creation', walletCreationHandler({ config: deps.config, requests, now: deps.now })],
    ['withdrawal', withdrawalHandler({ db: deps.db, config: deps.config, requests, now: deps.now })],
    ['staking', stakingHandler({ db: deps.db, config: deps.config, requests, now: deps.now })],
    // Export jobs carry the export's id as requestId.
    [
      QUEUES.activityExport,
      (job) =>
        runActivityExport(deps.db, job.requestId, job.organizationId, deps.now, { dataDir: deps.config.dataDir }),
    ],
  ]);
  const { mailer } = deps;
  if (mailer) {
    handlers.set(QUEUES.notificationMail, (job) => sendNotificationMail({ ...deps, mailer }, job.requestId));
  }
  for (const [queue, make] of registered) handlers.set(queue, make(deps));
  return handlers;
}

/**
 * The custody engine, the same whether it runs inside the server (ENGINE=in-process) or as `npm run engine`:
 * a worker per queue, the local devnet outside production, and the sweep of transactions on configured nodes.
 * Refuses to start when a request type names a queue without a handler, so an approved request never waits on a
 * queue nobody works.
 */
export async function startEngine(deps: EngineDeps & { queue: EngineQueue }): Promise<{ stop(): Promise<void> }> {
  const handlers = engineHandlers(deps);
  for (const type of requestTypes()) {
    if (type.queue && !handlers.has(type.queue))
      throw new Error(`request type ${type.kind} names queue ${type.queue}, which has no engine handler`);
  }
  // Each job timed by queue and outcome for /metrics.
  for (const [queue, handler] of handlers) await deps.queue.work(queue, timedJob(queue, handler));
  // The local devnet's blocks and the watcher that turns them into deposits; several engines share it safely.
  const devnet = deps.config.production ? null : devnetEngine(deps);
  devnet?.start();
  // Outgoing transactions on configured nodes; open rows a previous engine left are taken up on the first tick.
  // Withdrawals whose transaction went final settle right after the sweep that made it so.
  // Where the staking ledger plays the consensus layer (the devnet), it has its validator set before any stake.
  await ensureLedgerValidators(deps.db, ledgerNetworks(deps.config));
  // Where a node runs the network, its consensus-layer API is the validator list's source.
  for (const blockchain of STAKING_BLOCKCHAINS) {
    if (chainRuntimeOf(deps.config, blockchain).kind === 'rpc' && !deps.config.stakingApi[blockchain])
      deps.log.warn({ blockchain }, `no STAKING_API_${blockchain}: the network's validator list stays empty`);
  }
  const validatorsSync = chainValidatorsSync(deps);
  validatorsSync.start();
  const withdrawals = withdrawalExecution(deps.db);
  const staking = stakingExecution(deps.db, deps.config);
  const delegationIdOf = delegationIdReader(deps.config);
  const execution = requestExecution(deps.db, deps.now);
  const sweeper = chainSweeper({
    ...deps,
    afterTick: async () =>
      (await withdrawals.settleFinished(execution, deps.now)) +
      (await staking.settleFinished(execution, deps.now, delegationIdOf)),
  });
  sweeper.start();
  // Deposits on configured nodes, reorganizations included; on the sweeper's cadence.
  const watcher = nodeWatcher(deps);
  watcher.start();
  // Travel-rule inquiries to beneficiary VASPs; several engines share them (rows are taken with SKIP LOCKED).
  const inquiries = inquirySweeper(deps);
  inquiries.start();
  // Notification mails from the outbox to the mail queue (only where this engine sends mail).
  const mails = repeatEvery(
    deps.mailer ? deps.config.notificationSweepMs : 0,
    () => queuePendingMails(deps.db, deps.queue, deps.now),
    deps.log,
    'notification mail sweep failed',
  );
  mails.start();
  return {
    stop: async () => {
      await Promise.all([
        devnet?.stop(),
        sweeper.stop(),
        watcher.stop(),
        inquiries.stop(),
        validatorsSync.stop(),
        mails.stop(),
      ]);
    },
  };
}
