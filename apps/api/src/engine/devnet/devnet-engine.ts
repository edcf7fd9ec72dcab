import { DevnetAdapter } from '@vaultline/chains';
import type { Blockchain } from '@vaultline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { dbLedgerStore } from '../../devnet/ledger-store.js';
import { repeatEvery } from '../repeat.js';
import { scanChain } from './watcher.js';

export interface DevnetEngine {
  /** One block on every chain in use (each that has had a transaction). */
  produceBlocks(): Promise<number>;
  /** One watcher pass over every chain in use. */
  watch(): Promise<void>;
  /** The watcher, then blocks: what the timer does every DEVNET_BLOCK_MS. */
  tick(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The local devnet inside an engine process. Every chain in use gets a block on every tick, mempool or not:
 * confirmations only grow when blocks keep coming, as on a real chain; chains never used cost nothing.
 */
export function devnetEngine(deps: {
  db: Db;
  config: Pick<Config, 'devnetBlockMs' | 'devnetConfirmations'>;
  log: FastifyBaseLogger;
  now: () => Date;
}): DevnetEngine {
  const { db, config, log, now } = deps;
  // With several engines on one database, a chain sealed by another one moments ago is left alone.
  const store = dbLedgerStore(db, { now, minBlockIntervalMs: Math.floor(config.devnetBlockMs * 0.8) });
  const adapters = new Map<Blockchain, DevnetAdapter>();
  const adapter = (blockchain: Blockchain) => {
    const known = adapters.get(blockchain);
    if (known) return known;
    const created = new DevnetAdapter(blockchain, store, { now });
    adapters.set(blockchain, created);
    return created;
  };
  const engine: DevnetEngine = {
    async produceBlocks() {
      let sealed = 0;
      for (const { blockchain } of await store.chains()) {
        if (await adapter(blockchain).produceBlock()) sealed++;
      }
      return sealed;
    },
    async watch() {
      for (const { blockchain } of await store.chains()) {
        await scanChain(db, adapter(blockchain), { now, requiredConfirmations: config.devnetConfirmations });
      }
    },
    async tick() {
      // Watching before sealing lets a new deposit show PENDING from the mempool for up to one block time.
      await engine.watch();
      await engine.produceBlocks();
    },
    start: () => repeat.start(),
    stop: () => repeat.stop(),
  };
  const repeat = repeatEvery(config.devnetBlockMs, () => engine.tick(), log, 'devnet tick failed');
  return engine;
}
