// EOSIO (Antelope) token transfers: a pure builder of the packed transaction and a K1 signer that recovers the
// public key from its own signature before returning. The transfer is the `transfer` action of an eosio.token-style
// contract; chain state (chain id, TAPOS reference block) comes in as arguments.

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import type { Blockchain } from '@vaultline/contracts';
import {
  ABI,
  Action,
  Asset,
  BlockId,
  Bytes,
  Checksum256,
  CompressionType,
  Int64,
  KeyType,
  Name,
  PackedTransaction,
  PrivateKey,
  PublicKey,
  Serializer,
  type Signature,
  TimePointSec,
  Transaction,
} from '@wharfkit/antelope';
import { isValidEosAccountName } from '../families/eosio.js';
import { type SignedTransfer, TransferBuildError, type UnsignedTransfer } from './types.js';

/** eosio.token asserts `memo.size() <= 256` (bytes, not characters). */
export const EOS_MEMO_MAX_BYTES = 256;

/** eosio `asset::max_amount`: (1 << 62) - 1; eosio.token refuses a larger quantity, so no one can hold more. */
const ASSET_MAX_AMOUNT = (1n << 62n) - 1n;

/** The `transfer` action of the eosio.token ABI, which every EOSIO token contract copies. */
export const EOSIO_TOKEN_TRANSFER_ABI = ABI.from({
  version: 'eosio::abi/1.1',
  structs: [
    {
      name: 'transfer',
      base: '',
      fields: [
        { name: 'from', type: 'name' },
        { name: 'to', type: 'name' },
        { name: 'quantity', type: 'asset' },
        { name: 'memo', type: 'string' },
      ],
    },
  ],
  actions: [{ name: 'transfer', type: 'transfer', ricardian_contract: '' }],
});

export interface EosToken {
  /** Default: eosio.token. */
  contract?: string;
  symbol: string;
  precision: number;
}

export interface EosTransferInput {
  blockchain: Blockchain;
  /** 64 hex characters; not part of the packed transaction, but checked here so a bad one fails early. */
  chainId: string;
  fromAccount: string;
  /** Default: active. */
  permission?: string;
  toAccount: string;
  token: EosToken;
  /** Base units: 12345 with precision 4 is `1.2345 SYM`. */
  amount: bigint;
  memo?: string;
  /** TAPOS: a recent (ideally irreversible) block the transaction is bound to. */
  referenceBlock: { blockNum: number; blockId: string };
  expiration: Date;
}

/** nodeos hashes 32 zero bytes in place of the context-free data digest when there is none. */
const CONTEXT_FREE_DATA_DIGEST_OF_NOTHING = new Uint8Array(32);

const HEX_64 = /^[0-9a-fA-F]{64}$/;
/** Contract and permission names: up to 12 characters of a-z, 1-5 and '.', not ending in '.' (e.g. eosio.token). */
const ANY_EOS_NAME = /^[a-z1-5.]{0,11}[a-z1-5]$/;

function checkedName(text: string, what: string): Name {
  // Name.from normalizes what it cannot encode (`Abc` → `.bc`), so require the text to survive the round trip.
  if (!ANY_EOS_NAME.test(text) || Name.from(text).toString() !== text) {
    throw new TransferBuildError('INVALID_ADDRESS', `${what} is not an EOSIO name: ${text}`);
  }
  return Name.from(text);
}

function assertProductAccount(text: string, what: string): void {
  // Wallet accounts follow the product's stricter rule (exactly 12 characters, no dots).
  if (!isValidEosAccountName(text)) {
    throw new TransferBuildError('INVALID_ADDRESS', `${what} is not an account: ${text}`);
  }
}

function assetOf(amount: bigint, token: EosToken): Asset {
  if (amount <= 0n) throw new TransferBuildError('AMOUNT_TOO_SMALL', 'The amount must be positive');
  if (amount > ASSET_MAX_AMOUNT) throw new TransferBuildError('INSUFFICIENT_FUNDS', 'The amount exceeds an asset');
  const symbolValid = Asset.SymbolCode.pattern.test(token.symbol) && token.symbol.length > 0;
  const precisionValid =
    Number.isInteger(token.precision) && token.precision >= 0 && token.precision <= Asset.Symbol.maxPrecision;
  if (!symbolValid || !precisionValid) {
    throw new TransferBuildError('UNSUPPORTED_TOKEN', `Not an EOSIO symbol: ${token.precision},${token.symbol}`);
  }
  return Asset.fromUnits(Int64.from(amount.toString()), Asset.Symbol.fromParts(token.symbol, token.precision));
}

/**
 * TAPOS fields: ref_block_num is the low 16 bits of the block number, ref_block_prefix the little-endian uint32 at
 * bytes 8..11 of the block id (what nodeos checks against its block summary table).
 */
export function taposOf(referenceBlock: { blockNum: number; blockId: string }): {
  ref_block_num: number;
  ref_block_prefix: number;
} {
  if (!HEX_64.test(referenceBlock.blockId)) throw new Error('A block id is 64 hex characters');
  const id = BlockId.from(referenceBlock.blockId);
  // The first 4 bytes of an id are its block number: a mismatch means the adapter paired the wrong block.
  if (id.blockNum.toNumber() !== referenceBlock.blockNum) {
    throw new Error(`Block id ${referenceBlock.blockId} is not block ${referenceBlock.blockNum}`);
  }
  return {
    ref_block_num: referenceBlock.blockNum & 0xffff,
    ref_block_prefix: new DataView(id.array.buffer, id.array.byteOffset + 8, 4).getUint32(0, true),
  };
}

/**
 * The unsigned transfer: `payload` is the packed (serialized) Transaction. `fee` is 0: EOSIO bills CPU, NET and RAM
 * against resources the sender has staked or rented, not a per-transaction fee in the token.
 * Both accounts must follow the product's account rule (isValidEosAccountName).
 */
export function buildEosTransfer(input: EosTransferInput): UnsignedTransfer {
  assertProductAccount(input.fromAccount, 'The sender');
  assertProductAccount(input.toAccount, 'The receiver');
  return packEosTransfer(input);
}

/**
 * The same transfer under the chain's own, looser name rule (up to 12 characters with dots, e.g. `k52o1qdeh.gm`),
 * so transactions made by other wallets can be rebuilt and compared byte for byte.
 */
export function packEosTransfer(input: EosTransferInput): UnsignedTransfer {
  if (!HEX_64.test(input.chainId)) throw new Error('A chain id is 64 hex characters');
  const from = checkedName(input.fromAccount, 'The sender');
  const to = checkedName(input.toAccount, 'The receiver');
  const contract = checkedName(input.token.contract ?? 'eosio.token', 'The token contract');
  const permission = checkedName(input.permission ?? 'active', 'The permission');
  const quantity = assetOf(input.amount, input.token);
  const memo = input.memo ?? '';
  if (new TextEncoder().encode(memo).length > EOS_MEMO_MAX_BYTES) {
    throw new TransferBuildError('MEMO_NOT_SUPPORTED', `The memo exceeds ${EOS_MEMO_MAX_BYTES} bytes`);
  }
  if (Number.isNaN(input.expiration.getTime())) throw new Error('The expiration is not a date');

  const action = Action.from(
    {
      account: contract,
      name: 'transfer',
      authorization: [{ actor: from, permission }],
      data: { from, to, quantity, memo },
    },
    EOSIO_TOKEN_TRANSFER_ABI,
  );
  const transaction = Transaction.from({
    // Whole seconds: the header holds a time_point_sec.
    expiration: TimePointSec.fromMilliseconds(Math.floor(input.expiration.getTime() / 1000) * 1000),
    ...taposOf(input.referenceBlock),
    max_net_usage_words: 0,
    max_cpu_usage_ms: 0,
    delay_sec: 0,
    context_free_actions: [],
    actions: [action],
    transaction_extensions: [],
  });
  return {
    family: 'eosio',
    blockchain: input.blockchain,
    payload: Serializer.encode({ object: transaction }).array,
    fee: 0n,
  };
}

/** The transaction inside a payload, for the signer and for tests. */
export function decodeEosTransaction(payload: Uint8Array): Transaction {
  return Serializer.decode({ data: Bytes.from(payload), type: Transaction });
}

/**
 * Signs sha256(chain id || packed trx || 32 zero bytes: the context-free data digest, empty here) with a K1 key.
 * Antelope's signDigest retries with a nonce until the signature is canonical, as nodeos requires.
 * Before returning it recovers the public key from the signature and compares it with `expectedPublicKey` (the key
 * registered on the sender's permission, `EOS…` or `PUB_K1_…`; default: the private key's own public key).
 *
 * `raw` is UTF-8 JSON of the uncompressed push form `{ signatures, compression, packed_context_free_data,
 * packed_trx }`: the body `/v1/chain/send_transaction` and `/v1/chain/push_transaction` accept (nodeos takes no
 * binary body there), the object @wharfkit/antelope's APIClient posts. `hash` is the transaction id: sha256 of the
 * packed trx, hex. Digest and id are hashed from the payload bytes themselves, never from a re-encoding of them.
 */
export function signEosTransfer(
  unsigned: UnsignedTransfer,
  privateKey: Uint8Array,
  chainId: string,
  expectedPublicKey?: string,
): SignedTransfer {
  if (unsigned.family !== 'eosio') throw new Error(`Not an EOSIO transfer: ${unsigned.family}`);
  if (privateKey.length !== 32) throw new Error('A K1 private key is 32 bytes');
  if (!HEX_64.test(chainId)) throw new Error('A chain id is 64 hex characters');
  const key = new PrivateKey(KeyType.K1, Bytes.from(privateKey));
  const signature = key.signDigest(eosDigestOf(unsigned, chainId));
  const expected = expectedPublicKey === undefined ? key.toPublic() : PublicKey.from(expectedPublicKey);
  return eosSignedTransfer(unsigned, chainId, signature, expected);
}

/** What a K1 key signs for this chain: sha256(chain id || packed trx || the digest of no context-free data). */
export function eosDigestOf(unsigned: UnsignedTransfer, chainId: string): Checksum256 {
  if (unsigned.family !== 'eosio') throw new Error(`Not an EOSIO transfer: ${unsigned.family}`);
  return eosPayloadDigest(unsigned.payload, chainId);
}

/** The same digest of packed transaction bytes alone (a cold signer has no transfer around them). */
export function eosPayloadDigest(payload: Uint8Array, chainId: string): Checksum256 {
  if (!HEX_64.test(chainId)) throw new Error('A chain id is 64 hex characters');
  decodeEosTransaction(payload); // throws unless the payload is a whole transaction
  return Checksum256.from(sha256(concatBytes(hexToBytes(chainId), payload, CONTEXT_FREE_DATA_DIGEST_OF_NOTHING)));
}

/**
 * The push form of a transaction and a signature (made here or by a cold signer), once the signature recovers to
 * `expected` over exactly this transaction on this chain.
 */
export function eosSignedTransfer(
  unsigned: UnsignedTransfer,
  chainId: string,
  signature: Signature,
  expected: PublicKey,
): SignedTransfer {
  if (!verifyEosSignature(eosDigestOf(unsigned, chainId), signature, expected)) {
    throw new Error('The signature does not recover to the expected public key');
  }
  // No context-free data: packed_context_free_data stays empty, as the 32 zero bytes in the digest promised.
  const pushForm = Serializer.objectify(
    PackedTransaction.from({
      signatures: [signature],
      compression: CompressionType.none,
      packed_context_free_data: Bytes.from(new Uint8Array(0)),
      packed_trx: Bytes.from(unsigned.payload),
    }),
  );
  return {
    family: 'eosio',
    blockchain: unsigned.blockchain,
    raw: new TextEncoder().encode(JSON.stringify(pushForm)),
    hash: bytesToHex(sha256(unsigned.payload)),
    fee: unsigned.fee,
  };
}

/** True when the signature recovers to `publicKey` over `digest` (the check nodeos makes against the authority). */
export function verifyEosSignature(digest: Checksum256, signature: Signature, publicKey: PublicKey): boolean {
  try {
    return signature.recoverDigest(digest).equals(publicKey);
  } catch {
    // A tampered signature can fail to recover at all (no point on the curve).
    return false;
  }
}
