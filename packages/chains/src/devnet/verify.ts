// The devnet's door for signed bytes: each family's decoder and verifier behind one call.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { getTransactionDecoder } from '@solana/kit';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import { keccak256 } from 'viem';
import { verifyBtcDevnet } from './verify-btc.js';
import { verifyEosDevnet } from './verify-eos.js';
import { verifyEvmDevnet } from './verify-evm.js';
import { verifySolDevnet } from './verify-sol.js';
import type { VerifiedTransfer, VerifyContext } from './verify-types.js';

export * from './verify-types.js';

/**
 * Decodes signed bytes as the family's signer in tx/ makes them, verifies the signature with the family's library
 * and the replay window against `ctx` (Solana blockhash, EOS TAPOS and expiration, spent bitcoin outputs), and
 * returns the transfer. Throws DevnetRefusalError; nonces and balances are the ledger's to check.
 */
export function verifyDevnetTransaction(
  blockchain: Blockchain,
  raw: Uint8Array,
  ctx: VerifyContext,
): Promise<VerifiedTransfer> {
  switch (familyOf(blockchain)) {
    case 'evm':
      return verifyEvmDevnet(blockchain, raw);
    case 'btc':
      return verifyBtcDevnet(blockchain, raw, ctx);
    case 'sol':
      return verifySolDevnet(blockchain, raw, ctx);
    case 'eosio':
      return verifyEosDevnet(blockchain, raw, ctx);
  }
}

/**
 * The id a node would give these bytes, without verifying anything (null for garbage): what tells a resent
 * transaction ("known") from a new one before its replay window is looked at.
 */
export function devnetTransactionId(blockchain: Blockchain, raw: Uint8Array): string | null {
  try {
    switch (familyOf(blockchain)) {
      case 'evm':
        return keccak256(raw);
      case 'btc':
        return Transaction.fromRaw(raw, { allowUnknownOutputs: true }).id;
      case 'sol': {
        const first = Object.values(getTransactionDecoder().decode(raw).signatures)[0];
        return first ? base58.encode(first) : null;
      }
      case 'eosio': {
        const packed = JSON.parse(new TextDecoder().decode(raw))?.packed_trx;
        return typeof packed === 'string' ? bytesToHex(sha256(hexToBytes(packed))) : null;
      }
    }
  } catch {
    return null;
  }
}
