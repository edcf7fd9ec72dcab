// A throwaway engine for the nonce-account crash test: one sweep of the durable-nonce keeper on SOLANA_DEVNET (its
// node the LiteSVM runtime behind SOL_RPC_URL), then the rows it made settled, SIGKILLing this very process at
// CRASH_AT: a point of the keeper (the account assigned, the creation row made) or of the executor (signed, sent,
// confirmed), as an OOM kill or a pulled plug would.
import { openDatabase } from '../../db/client.js';
import { type CrashPoint, transactionExecutor } from './executor.js';
import { createSigner } from './signer.js';
import { type NonceKeeperCrashPoint, solNonceAccountKeeper } from './sol-nonce-accounts.js';
import { solRpcChainNodeOf } from './sol-rpc-chain-node.js';

const { DATABASE_URL, SOL_RPC_URL, CRASH_AT, MASTER_KEY } = process.env;
if (!DATABASE_URL || !SOL_RPC_URL || !CRASH_AT || !MASTER_KEY) {
  throw new Error('DATABASE_URL, SOL_RPC_URL, CRASH_AT and MASTER_KEY are required');
}
const blockchain = 'SOLANA_DEVNET';
const die = (point: string) => {
  if (point === CRASH_AT) process.kill(process.pid, 'SIGKILL');
};

const database = await openDatabase({ url: DATABASE_URL });
const db = database.db;
const node = solRpcChainNodeOf(SOL_RPC_URL);
const executor = transactionExecutor({
  db,
  node,
  signer: createSigner({ db, masterKey: MASTER_KEY }),
  confirmations: 1,
  checkpoint: (point: CrashPoint) => die(point),
});
const keeper = solNonceAccountKeeper({
  db,
  config: { masterKey: MASTER_KEY, chainRpc: { [blockchain]: SOL_RPC_URL }, production: false },
  blockchain,
  node,
  executor,
  now: () => new Date(),
  checkpoint: (point: NonceKeeperCrashPoint) => die(point),
});
await keeper.sweep();
for (const row of await executor.open([blockchain])) await executor.settle(row.id, { pollMs: 20 });
// Reaching this line means the crash point was never passed: the parent test fails on the clean exit.
await database.close();
