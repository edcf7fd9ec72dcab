// `npm run chains:check [-- --nodes]`: one native transfer per chain family (and one token transfer where the family
// has tokens) between two wallets of the check's own organization, each to CONFIRMED, one line per transfer:
//   family  blockchain  runtime  token  hash  confirmed
// then one withdrawal per family (and per catalogue token) through the withdrawals service and the engine, ending
// `withdrawn` once the request is COMPLETE and the node and the books agree (withdrawal-check.ts).
// Without --nodes, each family runs on its network's configured runtime (the embedded devnet unless
// CHAIN_RPC_<BLOCKCHAIN> names a node); with --nodes, on real nodes the check starts itself (anvil, litecoind
// -regtest, LiteSVM; EOS-type has no node here and stays on the devnet). Exits 0 only when every line is confirmed.
// It migrates the database it opens; with the embedded database, run it while the server is stopped.
import { parseArgs } from 'node:util';
import type { Blockchain, ChainFamily } from '@vaultline/contracts';
import { ConfigError, chainRuntimeOf, loadConfig } from '../../config.js';
import { openConfiguredDatabase } from '../../db/open-configured.js';
import { anvilHarness } from './anvil-harness.js';
import { type CheckLine, formatLine, runCheck } from './check.js';
import { devnetHarness } from './devnet-harness.js';
import type { FamilyHarness } from './harness.js';
import { litesvmHarness } from './litesvm-harness.js';
import { regtestHarness } from './regtest-harness.js';
import { runWithdrawalCheck } from './withdrawal-check.js';

/** The network each family is checked on: testnets, where a check's coins are worth nothing. */
const CHECKED: Record<ChainFamily, Blockchain> = {
  evm: 'SEPOLIA',
  btc: 'BITCOIN_TESTNET',
  sol: 'SOLANA_DEVNET',
  eosio: 'BIZAUTO',
};

function fail(message: string): never {
  console.error(`chains:check failed: ${message}`);
  process.exit(1);
}

let nodes = false;
try {
  nodes = parseArgs({ options: { nodes: { type: 'boolean' } } }).values.nodes === true;
} catch (error) {
  fail(`${(error as Error).message}\nUsage: npm run chains:check [-- --nodes]`);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
try {
  database = await openConfiguredDatabase(config);
} catch (error) {
  fail(
    config.databaseUrl
      ? `cannot open the database: ${(error as Error).message}`
      : 'cannot open the embedded database; is the server running? (the embedded database admits one process)',
  );
}
const { db } = database;
const clock = () => new Date();

const harnesses: FamilyHarness[] = [];
/** Why the check failed; reported after the nodes it started are stopped (an exit before would orphan them). */
let problem: string | undefined;
try {
  if (nodes) {
    harnesses.push(await anvilHarness(db, config.masterKey));
    harnesses.push(await regtestHarness(db, config.masterKey));
    harnesses.push(await litesvmHarness(db, config.masterKey));
    harnesses.push(devnetHarness(db, config, CHECKED.eosio, clock));
  } else {
    for (const blockchain of Object.values(CHECKED)) {
      const runtime = chainRuntimeOf(config, blockchain);
      if (runtime.kind !== 'devnet') {
        throw new Error(
          `${blockchain} runs on ${runtime.kind === 'rpc' ? 'a configured node' : 'no runtime'}: the check funds only the devnet and the nodes it starts (--nodes)`,
        );
      }
      harnesses.push(devnetHarness(db, config, blockchain, clock));
    }
  }
  const onLine = (line: CheckLine) => console.log(formatLine(line));
  const lines = await runCheck(db, config.masterKey, harnesses, { onLine });
  // Then withdrawals through the product's path (service, engine handler, sweeper, settlement) on the same runtimes.
  if (lines.every((line) => line.ok)) lines.push(...(await runWithdrawalCheck(db, config, harnesses, { onLine })));
  const failed = lines.filter((line) => !line.ok);
  if (failed.length > 0) problem = `${failed.length} of ${lines.length} transfers and withdrawals did not complete`;
} catch (error) {
  problem = error instanceof Error ? (error.stack ?? error.message) : String(error);
} finally {
  await Promise.allSettled(harnesses.map((harness) => harness.stop()));
  await database.close();
}
if (problem) fail(problem);
process.exit(0);
