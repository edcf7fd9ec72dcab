// The executor's EOS-type node over the nodeos chain API. nodeos without a history plugin cannot look a transaction
// up by id, so status comes from reading blocks, bounded by the transaction itself: it cannot be in a block before
// its TAPOS reference block, nor in a block stamped after its expiration. Both are read from the signed bytes, which
// the node is handed at broadcast and, after a restart, gets back from `recall` (the stored chain_transactions row).
import { decodeEosTransaction } from '@vaultline/chains';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chainTransactions } from '../../db/schema/index.js';
import type { EosApi } from '../chains/eos-api.js';
import type { ChainTransactionState, EosChainNode } from './chain-node.js';

/**
 * Confirmations reported for a transaction in an irreversible block: more than any configured count, because the
 * block can no longer be undone. Below the last irreversible block the count is head − block + 1 as elsewhere.
 */
export const EOS_IRREVERSIBLE_CONFIRMATIONS = 1_000;
/** Blocks one status call reads at most: a long way behind is caught up over several executor steps. */
const MAX_BLOCKS_PER_STATUS = 500;

export interface EosApiChainNodeOptions {
  /** The signed push form of a hash sent before this process started (engine restart); null when unknown. */
  recall?: (hash: string) => Promise<Uint8Array | null>;
}

interface Tracked {
  /** Expiration in ms: no block stamped later can include it. */
  expiration: number;
  refBlockNum16: number;
  /** Blocks up to here were read (null: not started; the start is resolved from the reference block). */
  scannedTo: number | null;
  /** Blocks up to here were read while already irreversible: what they said is final. */
  finalTo: number;
  /** The first block read stamped after the expiration. */
  bound: number | null;
  /** `final`: its block was checked while irreversible, so it stays there. */
  found: { blockNum: number; blockId: string; failed: boolean; final: boolean } | null;
}

/** The push form's packed transaction: expiration and TAPOS bound where it can be. */
function trackOf(raw: Uint8Array): Tracked {
  const body = JSON.parse(new TextDecoder().decode(raw)) as { packed_trx: string };
  const trx = decodeEosTransaction(Buffer.from(body.packed_trx, 'hex'));
  return {
    expiration: trx.expiration.toMilliseconds(),
    refBlockNum16: trx.ref_block_num.toNumber(),
    scannedTo: null,
    finalTo: 0,
    bound: null,
    found: null,
  };
}

export function eosApiChainNode(api: EosApi, options: EosApiChainNodeOptions = {}): EosChainNode {
  const tracked = new Map<string, Tracked>();
  let chainId: string | undefined;

  function track(hash: string, raw: Uint8Array) {
    if (!tracked.has(hash)) tracked.set(hash, trackOf(raw));
  }

  async function trackedOf(hash: string): Promise<Tracked | null> {
    const known = tracked.get(hash);
    if (known) return known;
    const raw = await options.recall?.(hash);
    if (!raw) return null;
    track(hash, raw);
    return tracked.get(hash)!;
  }

  /** Reads the next blocks of `t`'s window up to the head; stops at the first one stamped after its expiration. */
  async function scan(t: Tracked, hash: string, head: number, lib: number) {
    if (t.scannedTo === null) {
      // The newest block ≤ head with the reference's low 16 bits; the transaction came after it.
      t.scannedTo = head - ((head - t.refBlockNum16 + 0x10000) % 0x10000);
      t.finalTo = t.scannedTo;
    }
    const last = Math.min(head, t.scannedTo + MAX_BLOCKS_PER_STATUS);
    for (let num = t.scannedTo + 1; t.bound === null && t.found === null && num <= last; num++) {
      const block = await api.getBlock(num);
      if (!block) break;
      const included = block.transactions.find((tx) => tx.id.toLowerCase() === hash.toLowerCase());
      if (included) {
        t.found = { blockNum: num, blockId: block.id, failed: included.status !== 'executed', final: num <= lib };
      } else if (block.timestamp.getTime() > t.expiration) t.bound = num;
      t.scannedTo = num;
      if (num <= lib && t.finalTo === num - 1) t.finalTo = num;
    }
  }

  /** A found block still on the chain; false (and scanning resumed below it) when a fork replaced it. */
  async function stillThere(t: Tracked, lib: number): Promise<boolean> {
    const found = t.found!;
    if (found.final) return true;
    const block = await api.getBlock(found.blockNum);
    if (block?.id === found.blockId) {
      found.final = found.blockNum <= lib;
      return true;
    }
    t.found = null;
    t.bound = null;
    t.scannedTo = Math.min(t.finalTo, found.blockNum - 1);
    return false;
  }

  async function status(hash: string): Promise<ChainTransactionState> {
    const t = await trackedOf(hash);
    if (!t) return { state: 'unknown' };
    const info = await api.getInfo();
    const [head, lib] = [info.headBlockNum, info.lastIrreversibleBlockNum];
    if (t.found && !(await stillThere(t, lib))) return { state: 'pending' };
    if (!t.found) await scan(t, hash, head, lib);
    if (t.found) {
      const { blockNum, blockId, failed } = t.found;
      const block = { blockHeight: BigInt(blockNum), blockHash: blockId };
      if (failed) return { state: 'failed', ...block };
      const depth = head - blockNum + 1;
      const confirmations = blockNum <= lib ? Math.max(depth, EOS_IRREVERSIBLE_CONFIRMATIONS) : depth;
      return { state: 'confirmed', ...block, confirmations };
    }
    if (t.bound !== null && t.bound <= lib) {
      // Absent up to a block stamped after the expiration: it can never land, provided every block read was final.
      // Blocks read while reversible may since have been replaced by a fork: those are read once more first.
      if (t.finalTo >= t.bound) return { state: 'unknown' };
      t.scannedTo = t.finalTo;
      t.bound = null;
      return status(hash);
    }
    // Not in a block yet: in some node's pool, or dropped; only its expiration tells, so it is pending until then.
    return { state: 'pending' };
  }

  return {
    family: 'eosio',
    async chainId() {
      chainId ??= (await api.getInfo()).chainId;
      return chainId;
    },
    async referenceBlock() {
      // The last irreversible block: TAPOS on a block no fork can remove.
      const info = await api.getInfo();
      return { blockNum: info.lastIrreversibleBlockNum, blockId: info.lastIrreversibleBlockId };
    },
    headTime: async () => (await api.getInfo()).headBlockTime,
    async broadcast(raw, hash) {
      track(hash, raw);
      const outcome = await api.sendTransaction(raw);
      return outcome.kind === 'accepted' ? { kind: 'accepted' } : outcome;
    },
    status,
  };
}

/** `recall` over chain_transactions: the signed bytes the executor stored for a hash of `blockchain`. */
export function storedSignedBytes(db: Db, blockchain: string) {
  return async (hash: string): Promise<Uint8Array | null> => {
    const [row] = await db
      .select({ raw: chainTransactions.raw })
      .from(chainTransactions)
      .where(and(eq(chainTransactions.blockchain, blockchain), eq(chainTransactions.hash, hash)))
      .limit(1);
    return row?.raw ?? null;
  };
}
