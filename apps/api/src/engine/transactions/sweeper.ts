// The engine's loop over outgoing transactions on real nodes: every CHAIN_SWEEP_MS it takes each open
// chain_transactions row of a network whose runtime is a node (EVM for now) one step further. Because the rows, not
// the process, hold the state, an engine started after a crash finishes what the dead one left, with the same bytes.
import { BLOCKCHAIN_INFO, BLOCKCHAINS, type Blockchain } from '@vaultline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, chainRuntimeOf } from '../../config.js';
import type { Db } from '../../db/client.js';
import { EvmRpc } from '../chains/evm-rpc.js';
import { repeatEvery } from '../repeat.js';
import { evmChainNode } from './evm-chain-node.js';
import { type TransactionExecutor, transactionExecutor } from './executor.js';
import { createSigner } from './signer.js';

/**
 * Blocks (counting the including one) before an outgoing transaction is CONFIRMED. Mainnets wait for reorganizations
 * that happen in practice; a testnet's money is worth too little to keep users waiting as long.
 */
export function defaultConfirmations(blockchain: Blockchain): number {
  return BLOCKCHAIN_INFO[blockchain].network === 'mainnet' ? 12 : 3;
}

export interface ChainSweeper {
  /** The networks it works: runtime `rpc` and a family with an executor. */
  readonly blockchains: readonly Blockchain[];
  /** One step of every open row of those networks; how many rows it stepped without an error. */
  tick(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function chainSweeper(deps: {
  db: Db;
  config: Pick<Config, 'chainRpc' | 'production' | 'masterKey' | 'chainSweepMs'>;
  log: FastifyBaseLogger;
  /** Tests against a node that mines only on demand lower this. */
  confirmations?: (blockchain: Blockchain) => number;
}): ChainSweeper {
  const { db, config, log } = deps;
  const signer = createSigner({ db, masterKey: config.masterKey });
  const executors = new Map<Blockchain, TransactionExecutor>();
  for (const blockchain of BLOCKCHAINS) {
    const runtime = chainRuntimeOf(config, blockchain);
    // Only EVM has an executor so far; the other families' rows wait for theirs rather than meet a wrong node.
    if (runtime.kind !== 'rpc' || BLOCKCHAIN_INFO[blockchain].family !== 'evm') continue;
    executors.set(
      blockchain,
      transactionExecutor({
        db,
        node: evmChainNode(new EvmRpc(runtime.url)),
        signer,
        confirmations: (deps.confirmations ?? defaultConfirmations)(blockchain),
      }),
    );
  }
  const blockchains = [...executors.keys()];

  /** The rows of one network in order, one step each: one sender's nonces reach the node in the order handed out. */
  async function sweepChain(blockchain: Blockchain, ids: string[]) {
    const executor = executors.get(blockchain)!;
    let stepped = 0;
    for (const id of ids) {
      try {
        await executor.advance(id);
        stepped++;
      } catch (err) {
        // A node that is down or a row that cannot be signed must not hold up the other rows; the next tick retries.
        log.error({ err, chainTransactionId: id, blockchain }, 'chain transaction step failed');
      }
    }
    return stepped;
  }

  const sweeper: ChainSweeper = {
    blockchains,
    async tick() {
      if (blockchains.length === 0) return 0;
      const byChain = new Map<Blockchain, string[]>();
      for (const row of await executors.get(blockchains[0]!)!.open(blockchains)) {
        const blockchain = row.blockchain as Blockchain;
        byChain.set(blockchain, [...(byChain.get(blockchain) ?? []), row.id]);
      }
      // Networks are independent: a slow node delays only its own rows.
      const stepped = await Promise.all([...byChain].map(([blockchain, ids]) => sweepChain(blockchain, ids)));
      return stepped.reduce((sum, n) => sum + n, 0);
    },
    start() {
      if (blockchains.length > 0) repeat.start();
    },
    stop: () => repeat.stop(),
  };
  const repeat = repeatEvery(config.chainSweepMs, () => sweeper.tick(), log, 'chain sweep failed');
  return sweeper;
}
