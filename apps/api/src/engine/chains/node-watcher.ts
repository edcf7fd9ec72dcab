// Deposits on real nodes: every CHAIN_SWEEP_MS, one watcher pass (the devnet's scanChain) over each network whose
// runtime is a node, through its family's adapter (EVM, bitcoin-type, Solana, EOS-type). Devnet networks keep their own watcher in the devnet
// engine. A network with no cursor yet is scanned from block 1 (the cursor reads 0), MAX_BLOCKS_PER_PASS at a time.
import type { ChainAdapter } from '@vaultline/chains';
import { BLOCKCHAIN_INFO, BLOCKCHAINS, type Blockchain } from '@vaultline/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, chainRuntimeOf } from '../../config.js';
import type { Db } from '../../db/client.js';
import { wallets } from '../../db/schema/index.js';
import { scanChain } from '../devnet/watcher.js';
import { repeatEvery } from '../repeat.js';
import { defaultConfirmations } from '../transactions/sweeper.js';
import { BtcNodeAdapter } from './btc-node-adapter.js';
import { btcRpcFromUrl } from './btc-rpc.js';
import { eosNodeAdapter } from './eos-node-adapter.js';
import { EvmNodeAdapter } from './evm-node-adapter.js';
import { EvmRpc } from './evm-rpc.js';
import { solNodeAdapterOf } from './sol-node-adapter.js';

/** Blocks one pass reads at most: a long way behind the head is caught up over several passes, not one long call. */
const MAX_BLOCKS_PER_PASS = 200;

export interface NodeWatcher {
  readonly blockchains: readonly Blockchain[];
  /** One pass over every watched network; the ones that failed are logged and retried next tick. */
  tick(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export function nodeWatcher(deps: {
  db: Db;
  config: Pick<Config, 'chainRpc' | 'production' | 'chainSweepMs'>;
  log: FastifyBaseLogger;
  now: () => Date;
  confirmations?: (blockchain: Blockchain) => number;
}): NodeWatcher {
  const { db, config, log, now } = deps;
  const adapters: ChainAdapter[] = [];
  /** The addresses of the network's wallets: what its adapter reports deposits to. */
  const watchedOf = (blockchain: Blockchain) => async () =>
    (await db.select({ address: wallets.address }).from(wallets).where(eq(wallets.blockchain, blockchain))).map(
      (w) => w.address,
    );
  for (const blockchain of BLOCKCHAINS) {
    const runtime = chainRuntimeOf(config, blockchain);
    if (runtime.kind !== 'rpc') continue;
    const family = BLOCKCHAIN_INFO[blockchain].family;
    if (family === 'evm') adapters.push(new EvmNodeAdapter(blockchain, new EvmRpc(runtime.url), now));
    if (family === 'btc') {
      // A block holds thousands of outputs: only the wallets' own cost the input look-ups (sender, change).
      adapters.push(
        new BtcNodeAdapter(blockchain, btcRpcFromUrl(runtime.url), { now, watched: watchedOf(blockchain) }),
      );
    }
    if (family === 'sol')
      adapters.push(solNodeAdapterOf(blockchain, runtime.url, { now, watched: watchedOf(blockchain) }));
    if (family === 'eosio')
      adapters.push(eosNodeAdapter(blockchain, runtime.url, { now, watched: watchedOf(blockchain) }));
  }
  const confirmations = deps.confirmations ?? defaultConfirmations;

  const watcher: NodeWatcher = {
    blockchains: adapters.map((a) => a.blockchain),
    async tick() {
      // Networks are independent: a node that is down delays only its own deposits.
      await Promise.all(
        adapters.map((chain) =>
          scanChain(db, chain, {
            now,
            requiredConfirmations: confirmations(chain.blockchain),
            maxBlocksPerPass: MAX_BLOCKS_PER_PASS,
          })
            .then(({ stuck }) => {
              // Money credited, spent, then reorganized away: the balance cannot go below zero, a person must look.
              if (stuck > 0) log.error({ blockchain: chain.blockchain, stuck }, 'reorganized deposits already spent');
            })
            .catch((err: unknown) => log.error({ err, blockchain: chain.blockchain }, 'deposit watch failed')),
        ),
      );
    },
    start() {
      if (adapters.length > 0) repeat.start();
    },
    stop: () => repeat.stop(),
  };
  const repeat = repeatEvery(config.chainSweepMs, () => watcher.tick(), log, 'deposit watch failed');
  return watcher;
}
