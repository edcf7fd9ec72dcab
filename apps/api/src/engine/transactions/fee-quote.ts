import type { Blockchain, TokenInfo } from '@vaultline/contracts';
import type { Db } from '../../db/client.js';
import { nodeOf, type SweeperConfig } from './sweeper.js';

/** What a token transfer uses at most besides a plain one: the ERC-20 `transfer` call (the fee reserve's figure). */
const EVM_GAS = { native: 21_000n, token: 65_000n };
/** One P2WPKH input, a receiver and change: about 141 virtual bytes (more inputs cost more; the reserve covers it). */
const BTC_TRANSFER_VBYTES = 141n;
/** Solana: 5 000 lamports per signature; a token transfer may create the receiver's account (its rent). */
const SOL_SIGNATURE_FEE = 5_000n;
const SOL_TOKEN_ACCOUNT_RENT = 2_039_280n;

export type NetworkFeeQuote = (blockchain: Blockchain, token: TokenInfo) => Promise<bigint | null>;

/**
 * The network fee one withdrawal would pay if it were sent now, in native base units, from the network's node (or
 * the devnet): what the withdraw form shows beside the reserve it holds. Null when there is no node for the network
 * or it does not answer: a preview never fails because a node is away. Call it outside any database transaction
 * (the devnet's node reads the database, and the embedded one has a single connection).
 */
export function networkFeeQuote(deps: { db: Db; config: SweeperConfig; now: () => Date }): NetworkFeeQuote {
  return async (blockchain, token) => {
    const node = nodeOf(deps.db, deps.config, blockchain, deps.now);
    if (!node) return null;
    const native = token.type === 'NATIVE';
    try {
      switch (node.family) {
        case 'evm':
          return (await node.suggestFees()).maxFeePerGas * (native ? EVM_GAS.native : EVM_GAS.token);
        case 'btc':
          return (await node.feeRate()) * BTC_TRANSFER_VBYTES;
        case 'sol':
          return SOL_SIGNATURE_FEE + (native ? 0n : SOL_TOKEN_ACCOUNT_RENT);
        case 'eosio':
          // EOS-type transfers pay with staked resources, not a fee.
          return 0n;
      }
    } catch {
      return null;
    }
  };
}
