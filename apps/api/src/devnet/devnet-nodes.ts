// The devnet behind the executor's node interfaces (engine/transactions/chain-node.ts): the same calls a real node
// answers, served from the devnet's ledger, so outgoing transactions can be built, signed, broadcast and followed
// on a network whose runtime is the devnet exactly as on a configured node.
import {
  canonicalAddress,
  DEVNET_BTC_FEE_RATE,
  DEVNET_EVM_BASE_FEE,
  DEVNET_EVM_PRIORITY_FEE,
  DEVNET_SOL_BLOCKHASH_VALIDITY,
  DevnetAdapter,
  devnetBlockHash,
  devnetEosBlockId,
  devnetEvmGasEstimate,
  devnetSolBlockhash,
  eosChainIdOf,
  evmChainIdOf,
} from '@vaultline/chains';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import type { Db } from '../db/client.js';
import type {
  AnyChainNode,
  BroadcastOutcome,
  BtcChainNode,
  ChainNode,
  ChainTransactionState,
  EosChainNode,
  EvmChainNode,
  SolChainNode,
} from '../engine/transactions/chain-node.js';
import { dbLedgerStore } from './ledger-store.js';

export function devnetChainNode(db: Db, blockchain: Blockchain, clock: () => Date): AnyChainNode {
  const store = dbLedgerStore(db, { now: clock });
  const chain = new DevnetAdapter(blockchain, store, { now: clock });
  const head = () => store.height(blockchain);

  const common: Omit<ChainNode, 'family'> = {
    async broadcast(raw, hash): Promise<BroadcastOutcome> {
      const outcome = await chain.broadcast(raw, hash);
      return outcome.kind === 'accepted' ? { kind: 'accepted' } : outcome;
    },
    async status(hash): Promise<ChainTransactionState> {
      const tx = await store.byHash(blockchain, hash);
      if (!tx) return { state: 'unknown' };
      if (tx.blockHeight === null) return { state: 'pending' };
      const block = {
        blockHeight: BigInt(tx.blockHeight),
        blockHash: devnetBlockHash(blockchain, tx.blockHeight),
        // What the devnet charged the sender (EVM: gas used × the price it took), as a node's receipt says.
        feePaid: tx.fee,
      };
      if (tx.willFail) return { state: 'failed', ...block };
      return { state: 'confirmed', ...block, confirmations: (await head()) - tx.blockHeight + 1 };
    },
  };

  switch (familyOf(blockchain)) {
    case 'evm': {
      const node: EvmChainNode = {
        family: 'evm',
        ...common,
        chainId: async () => evmChainIdOf(blockchain),
        // Counts the mempool: the devnet takes only the next nonce, so this is the one to build with.
        nextSequence: (address) => store.view(blockchain).nextSequence(canonicalAddress(blockchain, address)),
        // Constant base fee: a cap of twice the base fee plus the tip, as wallets quote, never goes stale.
        suggestFees: async () => ({
          maxFeePerGas: 2n * DEVNET_EVM_BASE_FEE + DEVNET_EVM_PRIORITY_FEE,
          maxPriorityFeePerGas: DEVNET_EVM_PRIORITY_FEE,
        }),
        // What the devnet charges: a plain transfer, an ERC-20 transfer, or a call of Story's staking predeploy.
        estimateGas: async (call) => devnetEvmGasEstimate(blockchain, call),
      };
      return node;
    }
    case 'btc': {
      const node: BtcChainNode = {
        family: 'btc',
        ...common,
        async unspent(address) {
          const outputs = await store.unspent(blockchain, address);
          // Like a node's confirmed UTXO set: outputs of pooled transactions are not offered.
          return outputs.filter((o) => o.confirmed).map((o) => ({ txid: o.txid, vout: o.vout, value: o.value }));
        },
        feeRate: async () => DEVNET_BTC_FEE_RATE,
      };
      return node;
    }
    case 'sol': {
      const node: SolChainNode = {
        family: 'sol',
        ...common,
        async latestBlockhash() {
          const height = await head();
          return {
            blockhash: devnetSolBlockhash(blockchain, height),
            lastValidBlockHeight: BigInt(height + DEVNET_SOL_BLOCKHASH_VALIDITY),
          };
        },
        blockHeight: async () => BigInt(await head()),
        // The devnet keeps no token accounts: every SPL transfer carries the idempotent creation of the
        // receiver's account, which names the owner the devnet credits.
        tokenAccountExists: async () => false,
      };
      return node;
    }
    case 'eosio': {
      const node: EosChainNode = {
        family: 'eosio',
        ...common,
        chainId: async () => eosChainIdOf(blockchain),
        async referenceBlock() {
          const blockNum = await head();
          return { blockNum, blockId: devnetEosBlockId(blockchain, blockNum) };
        },
        headTime: async () => clock(),
      };
      return node;
    }
  }
}
