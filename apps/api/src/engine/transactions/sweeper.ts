// The engine's loop over outgoing transactions: every CHAIN_SWEEP_MS it takes each open chain_transactions row one
// step further, on its network's runtime (a configured EVM or bitcoin-type node, or the embedded devnet). Because the rows, not
// the process, hold the state, an engine started after a crash finishes what the dead one left, with the same bytes.
import { BLOCKCHAIN_INFO, BLOCKCHAINS, type Blockchain } from '@vaultline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, chainRuntimeOf } from '../../config.js';
import type { Db } from '../../db/client.js';
import { devnetChainNode } from '../../devnet/devnet-nodes.js';
import { btcRpcFromUrl } from '../chains/btc-rpc.js';
import { EosApi } from '../chains/eos-api.js';
import { EvmRpc } from '../chains/evm-rpc.js';
import { repeatEvery } from '../repeat.js';
import { btcChainNode } from './btc-chain-node.js';
import type { AnyChainNode } from './chain-node.js';
import { eosApiChainNode, storedSignedBytes } from './eos-api-chain-node.js';
import { evmChainNode } from './evm-chain-node.js';
import { type TransactionExecutor, transactionExecutor } from './executor.js';
import { createSigner } from './signer.js';
import { solNonceAccountKeeper } from './sol-nonce-accounts.js';
import { solRpcChainNodeOf } from './sol-rpc-chain-node.js';

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

export type SweeperConfig = Pick<
  Config,
  'chainRpc' | 'production' | 'masterKey' | 'chainSweepMs' | 'devnetConfirmations'
>;

/**
 * The node a network's transactions go to: a configured node (EVM JSON-RPC, Bitcoin Core RPC, Solana JSON-RPC,
 * nodeos chain API), or the devnet; none for an unavailable network (production without a node).
 */
export function nodeOf(
  db: Db,
  config: SweeperConfig,
  blockchain: Blockchain,
  now: () => Date,
): AnyChainNode | undefined {
  const runtime = chainRuntimeOf(config, blockchain);
  if (runtime.kind === 'devnet') return devnetChainNode(db, blockchain, now);
  if (runtime.kind !== 'rpc') return undefined;
  const family = BLOCKCHAIN_INFO[blockchain].family;
  if (family === 'evm') return evmChainNode(new EvmRpc(runtime.url));
  if (family === 'btc') return btcChainNode(btcRpcFromUrl(runtime.url));
  // The node finds a transaction by the blocks after its reference block, read from its signed bytes: after a
  // restart it has them only from the rows (`recall`), or a transaction that landed would look unknown.
  if (family === 'sol') return solRpcChainNodeOf(runtime.url);
  if (family === 'eosio')
    return eosApiChainNode(new EosApi(runtime.url), { recall: storedSignedBytes(db, blockchain) });
  return undefined;
}

export function chainSweeper(deps: {
  db: Db;
  config: SweeperConfig;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Tests against a node that mines only on demand lower this. */
  confirmations?: (blockchain: Blockchain) => number;
  /** After each tick: what reacts to rows going final (withdrawals settling), so tests driving ticks get it too. */
  afterTick?: () => Promise<unknown>;
}): ChainSweeper {
  const { db, config, log } = deps;
  const now = deps.now ?? (() => new Date());
  const signer = createSigner({ db, masterKey: config.masterKey });
  const executors = new Map<Blockchain, TransactionExecutor>();
  const nodes = new Map<Blockchain, AnyChainNode>();
  for (const blockchain of BLOCKCHAINS) {
    const node = nodeOf(db, config, blockchain, now);
    if (!node) continue;
    nodes.set(blockchain, node);
    const confirmations =
      deps.confirmations?.(blockchain) ??
      (chainRuntimeOf(config, blockchain).kind === 'devnet'
        ? config.devnetConfirmations
        : defaultConfirmations(blockchain));
    executors.set(blockchain, transactionExecutor({ db, node, signer, confirmations }));
  }
  const blockchains = [...executors.keys()];
  // Cold Solana wallets get their durable-nonce accounts on networks whose node reads them (not the devnet).
  const nonceKeepers = blockchains.flatMap((blockchain) => {
    const node = nodes.get(blockchain);
    if (node?.family !== 'sol' || !node.nonceOf) return [];
    return [solNonceAccountKeeper({ db, config, blockchain, node, executor: executors.get(blockchain)!, now })];
  });

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
      for (const keeper of nonceKeepers) {
        // A node that is down must not hold up the rows: the next tick tries again.
        await keeper.sweep().catch((err) => log.error({ err }, 'nonce account sweep failed'));
      }
      const byChain = new Map<Blockchain, string[]>();
      for (const row of await executors.get(blockchains[0]!)!.open(blockchains)) {
        const blockchain = row.blockchain as Blockchain;
        byChain.set(blockchain, [...(byChain.get(blockchain) ?? []), row.id]);
      }
      // Networks are independent: a slow node delays only its own rows.
      const stepped = await Promise.all([...byChain].map(([blockchain, ids]) => sweepChain(blockchain, ids)));
      await deps.afterTick?.();
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
