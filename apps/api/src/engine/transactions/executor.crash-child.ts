// A throwaway engine for the crash test: builds (or finds) the transfer of CRASH_INTENT and advances it with a
// checkpoint that SIGKILLs this very process at CRASH_AT, as an OOM kill or a pulled plug would, mid-step.
import { openDatabase } from '../../db/client.js';
import { btcRpcFromUrl } from '../chains/btc-rpc.js';
import { EvmRpc } from '../chains/evm-rpc.js';
import { LITECOIN_REGTEST } from '../chains/regtest.js';
import { btcChainNode } from './btc-chain-node.js';
import { evmChainNode } from './evm-chain-node.js';
import { type CrashPoint, transactionExecutor } from './executor.js';
import { createSigner } from './signer.js';
import type { OutgoingTransfer } from './transfer-planner.js';

const { DATABASE_URL, ANVIL_URL, REGTEST_URL, CRASH_AT, CRASH_INTENT, MASTER_KEY } = process.env;
if (!DATABASE_URL || !(ANVIL_URL || REGTEST_URL) || !CRASH_AT || !CRASH_INTENT || !MASTER_KEY) {
  throw new Error('DATABASE_URL, ANVIL_URL or REGTEST_URL, CRASH_AT, CRASH_INTENT and MASTER_KEY are required');
}
// A litecoind -regtest node stands in for BITCOIN_TESTNET (rltc addresses); anvil for the EVM chains.
const node = REGTEST_URL
  ? btcChainNode(btcRpcFromUrl(REGTEST_URL), { addressNetwork: LITECOIN_REGTEST })
  : evmChainNode(new EvmRpc(ANVIL_URL!));
const parsed = JSON.parse(CRASH_INTENT) as Omit<OutgoingTransfer, 'amount'> & { amount: string };
const intent: OutgoingTransfer = { ...parsed, amount: BigInt(parsed.amount) };

const database = await openDatabase({ url: DATABASE_URL });
const executor = transactionExecutor({
  db: database.db,
  node,
  signer: createSigner({ db: database.db, masterKey: MASTER_KEY }),
  confirmations: 1,
  checkpoint: (point: CrashPoint) => {
    if (point === CRASH_AT) process.kill(process.pid, 'SIGKILL');
  },
});
const row = await executor.create(intent);
await executor.settle(row.id, { pollMs: 20 });
// Reaching this line means the crash point was never passed: the parent test fails on the clean exit.
await database.close();
