// The shapes every family's transaction builder and signer share. Builders are pure: all chain state they need
// (nonce, UTXOs, recent blockhash, TAPOS reference block, fee rates) comes in as arguments, fetched by an adapter.
import type { Blockchain, ChainFamily } from '@vaultline/contracts';

/** One value transfer the custody engine wants to make; amounts in base units of the token. */
export interface TransferIntent {
  blockchain: Blockchain;
  fromAddress: string;
  toAddress: string;
  /** Catalogue token id (`ETHEREUM.USDC`); the native coin's id (`ETHEREUM.ETH`) for a plain transfer. */
  tokenId: string;
  amount: bigint;
  /** EOS-type transfers only (the exchange deposit memo); other families refuse a memo they cannot carry. */
  memo?: string;
}

/**
 * A built, not yet signed, transaction. `payload` is the family's own serialization of the unsigned
 * transaction (PSBT, unsigned EIP-1559 envelope, Solana message, packed EOSIO transaction), so it can be stored
 * in a `chain_transactions` row and signed later by the engine without rebuilding.
 */
export interface UnsignedTransfer {
  family: ChainFamily;
  blockchain: Blockchain;
  payload: Uint8Array;
  /** Most the sender can pay in fees for this transaction, in base units of the native coin. */
  fee: bigint;
}

/** A signed transaction, verified with the family's own library before it is returned. */
export interface SignedTransfer {
  family: ChainFamily;
  blockchain: Blockchain;
  /** The exact bytes to broadcast: raw tx; Solana wire transaction; EOSIO: the UTF-8 JSON body of send_transaction. */
  raw: Uint8Array;
  /** The id a node reports for it: btc txid, EVM 0x-hash, Solana base58 first signature, EOSIO transaction id. */
  hash: string;
  fee: bigint;
}

/** Why a builder refuses; the engine maps each to a catalogue error code. */
export type BuildFailure =
  | 'INSUFFICIENT_FUNDS' // amount + fee exceed what the sender holds
  | 'AMOUNT_TOO_SMALL' // below dust / zero
  | 'INVALID_ADDRESS'
  | 'UNSUPPORTED_TOKEN'
  | 'MEMO_NOT_SUPPORTED';

export class TransferBuildError extends Error {
  constructor(
    readonly reason: BuildFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TransferBuildError';
  }
}
