// What every family's devnet verifier hands the ledger, and the devnet's fixed chain parameters (its "node config").
import {
  type Blockchain,
  familyOf,
  nativeToken,
  STAKING_BLOCKCHAINS,
  STORY_STAKING,
  tokensOf,
} from '@vaultline/contracts';
import type { DevnetRefusal, LedgerOutput, LedgerOutputState } from './ports.js';

/** EVM base fee of every devnet block: constant, so fees quoted by the devnet never go stale. */
export const DEVNET_EVM_BASE_FEE = 1_000_000_000n;
/** The tip the devnet suggests; it charges base fee + tip, capped by the transaction's fee cap (EIP-1559). */
export const DEVNET_EVM_PRIORITY_FEE = 1_000_000_000n;
/** Gas of a plain transfer, and the fixed figure the devnet charges (and estimates) for an ERC-20 `transfer`. */
export const DEVNET_EVM_TRANSFER_GAS = 21_000n;
export const DEVNET_ERC20_TRANSFER_GAS = 52_000n;
/** The fixed figure the devnet charges (and estimates) for a call of Story's staking predeploy (stake, unstake). */
export const DEVNET_STAKING_CALL_GAS = 120_000n;
/** Satoshis per vbyte the devnet suggests; 1 sat/vB is its relay minimum, as in Bitcoin Core. */
export const DEVNET_BTC_FEE_RATE = 2n;
export const DEVNET_BTC_MIN_FEE_RATE = 1n;
/** Solana: a blockhash is valid for 150 blocks after its own (lastValidBlockHeight = height + 150). */
export const DEVNET_SOL_BLOCKHASH_VALIDITY = 150;
/** nodeos' default max_transaction_lifetime: an expiration further ahead is refused. */
export const DEVNET_EOS_MAX_LIFETIME_MS = 3_600_000;

/** A refusal, thrown by a verifier and turned into a `refused` outcome by the adapter. */
export class DevnetRefusalError extends Error {
  constructor(
    readonly reason: DevnetRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'DevnetRefusalError';
  }
}

export function refuse(reason: DevnetRefusal, message: string): never {
  throw new DevnetRefusalError(reason, message);
}

/** A signed transaction decoded and its signature verified: the one transfer it makes and what it costs. */
export interface VerifiedTransfer {
  /** The id the signer reported (`SignedTransfer.hash`). */
  hash: string;
  from: string;
  to: string;
  /** Catalogue token id; the native coin's for plain transfers. */
  tokenId: string;
  amount: bigint;
  /** Charged to the sender in the native coin. */
  fee: bigint;
  /** Native coin the sender must hold besides the amount (EVM: gas limit × fee cap; elsewhere the fee). */
  reserve: bigint;
  /** EVM nonce. */
  sequence: number | null;
  /** bitcoin-type outpoints spent and outputs made. */
  spends: { txid: string; vout: number }[];
  outputs: LedgerOutput[];
}

/** The ledger state a verifier may consult (replay windows, spent outputs, registered keys). */
export interface VerifyContext {
  /** Height of the newest devnet block. */
  head: number;
  /** The devnet's clock (EOS expirations). */
  now: Date;
  output(txid: string, vout: number): Promise<LedgerOutputState | null>;
  accountKey(account: string): Promise<string | null>;
}

/** The catalogue token of a contract (EVM, case-insensitive) or mint (Solana) on this blockchain; refused if none. */
export function catalogueTokenByContract(blockchain: Blockchain, contract: string) {
  // EVM addresses compare in any letter case (EIP-55 is only a checksum); base58 mints are case-sensitive.
  const same =
    familyOf(blockchain) === 'evm'
      ? (a: string) => a.toLowerCase() === contract.toLowerCase()
      : (a: string) => a === contract;
  const token = tokensOf(blockchain).find((t) => t.contractAddress !== null && same(t.contractAddress));
  return token ?? refuse('MALFORMED', `${contract} is no token of the ${blockchain} catalogue`);
}

export const nativeTokenId = (blockchain: Blockchain) => nativeToken(blockchain).tokenId;

/** Whether a call to `to` on `blockchain` is one of Story's staking predeploy (STORY and STORY_TESTNET only). */
export const isDevnetStakingCall = (blockchain: Blockchain, to: string) =>
  (STAKING_BLOCKCHAINS as readonly string[]).includes(blockchain) &&
  to.toLowerCase() === STORY_STAKING.contractAddress.toLowerCase();

/**
 * The gas the devnet charges for a call, which is what its node should estimate: a plain transfer, a call of the
 * Story staking predeploy, or (any other calldata) an ERC-20 transfer.
 */
export function devnetEvmGasEstimate(blockchain: Blockchain, call: { to: string; data?: string | undefined }): bigint {
  if (!call.data || call.data === '0x') return DEVNET_EVM_TRANSFER_GAS;
  return isDevnetStakingCall(blockchain, call.to) ? DEVNET_STAKING_CALL_GAS : DEVNET_ERC20_TRANSFER_GAS;
}
