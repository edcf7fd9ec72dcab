// A throwaway staking engine for staking.crash.test.ts: runs the 'staking' handler for the approved request of
// the job it is given, then advances its chain transaction on the devnet and settles it in the staking ledger, SIGKILLing this
// very process at CRASH_AT: right after the request went EXECUTING ('after-begin'), at one of the executor's crash
// points, or inside the settlement's database transaction after every write of it, before its commit
// ('inside-settlement'). The devnet's blocks come from the parent test. Its modules load at spawn, while the previous
// round runs; the work starts when the test writes the job as a line of JSON to stdin: { crashAt, requestId,
// organizationId }.
import pino from 'pino';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { devnetChainNode } from '../devnet/devnet-nodes.js';
import { requestExecution } from '../modules/approvals/request-execution.service.js';
import { STAKING_PURPOSE, stakingExecution } from '../modules/staking/staking-execution.service.js';
import { stakingHandler } from './staking.js';
import { chainTransactionsRepository } from './transactions/chain-transactions.repository.js';
import { type CrashPoint, transactionExecutor } from './transactions/executor.js';
import { createSigner } from './transactions/signer.js';

const { DATABASE_URL } = process.env;
if (!DATABASE_URL) throw new Error('DATABASE_URL is required');
const line = await new Promise<string>((resolve) => {
  let input = '';
  process.stdin.on('data', (chunk: Buffer) => {
    input += chunk.toString();
    if (input.includes('\n')) resolve(input.slice(0, input.indexOf('\n')));
  });
});
const { crashAt: CRASH_AT, ...job } = JSON.parse(line) as {
  crashAt: string;
  requestId: string;
  organizationId: string;
};
const die = () => process.kill(process.pid, 'SIGKILL');

const config = loadConfig();
const log = pino({ level: 'silent' });
const now = () => new Date();
const database = await openDatabase({ url: DATABASE_URL });
const db = database.db;
const requests = requestExecution(db, now);

// The job as the engine's queue would hand it over (the queued job itself is left for the next engine).
const handler = stakingHandler({
  db,
  config,
  now,
  requests: {
    ...requests,
    async begin(organizationId, requestId) {
      await requests.begin(organizationId, requestId);
      if (CRASH_AT === 'after-begin') die();
    },
  },
});
await handler(job);

const row = await chainTransactionsRepository(db).findByPurpose(job.requestId, STAKING_PURPOSE);
if (!row) throw new Error(`the handler built no chain transaction for ${job.requestId}`);
const blockchain = row.blockchain as Parameters<typeof devnetChainNode>[1];
const executor = transactionExecutor({
  db,
  node: devnetChainNode(db, blockchain, now),
  signer: createSigner({ db, masterKey: config.masterKey }),
  confirmations: config.devnetConfirmations,
  checkpoint: (point: CrashPoint) => {
    if (point === CRASH_AT) die();
  },
});
const final = await executor.settle(row.id, { pollMs: 20 });
if (final.status !== 'CONFIRMED') throw new Error(`chain transaction ${final.id} ended ${final.status}`);

// The settlement, killed after its work wrote the position, the balances and the activity, before the commit.
await stakingExecution(db, config).settleFinished(
  {
    ...requests,
    finish: (organizationId, requestId, work) =>
      requests.finish(organizationId, requestId, async (tx, request) => {
        const outcome = await work(tx, request);
        if (CRASH_AT === 'inside-settlement') die();
        return outcome;
      }),
  },
  now,
  async () => null,
);
// Reaching this line means the crash point was never passed: the parent test fails on the clean exit.
log.info('no crash');
await database.close();
