// EOS-type on the devnet: the push form nodeos takes (`{ signatures, compression, packed_trx, … }` as UTF-8 JSON),
// one eosio.token-style `transfer`, its signature recovered with @wharfkit/antelope over the devnet's chain id and
// compared with the sender account's registered key, TAPOS bound to a devnet block and an expiration still ahead.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { BLOCKCHAIN_INFO, type Blockchain, nativeToken } from '@vaultline/contracts';
import { type Asset, Checksum256, type Name, PublicKey, Serializer, Signature } from '@wharfkit/antelope';
import { decodeEosTransaction, EOSIO_TOKEN_TRANSFER_ABI, taposOf, verifyEosSignature } from '../tx/eosio.js';
import { devnetEosBlockId, eosChainIdOf } from './formats.js';
import { DEVNET_EOS_MAX_LIFETIME_MS, refuse, type VerifiedTransfer, type VerifyContext } from './verify-types.js';

const HEX = /^(?:[0-9a-f]{2})*$/i;

interface PushForm {
  signatures: string[];
  packedTrx: Uint8Array;
}

function pushForm(raw: Uint8Array): PushForm {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    return refuse('MALFORMED', 'Not the JSON push form of a transaction');
  }
  const { signatures, compression, packed_trx: packed, packed_context_free_data: cfd } = body ?? {};
  if (!Array.isArray(signatures) || !signatures.every((s) => typeof s === 'string')) {
    refuse('MALFORMED', 'signatures must be a list of strings');
  }
  if (compression !== 'none' && compression !== 0) refuse('MALFORMED', 'Compressed transactions are not supported');
  if (cfd !== undefined && cfd !== '') refuse('MALFORMED', 'Context-free data is not supported');
  if (typeof packed !== 'string' || packed.length === 0 || !HEX.test(packed)) refuse('MALFORMED', 'No packed_trx');
  return { signatures: signatures as string[], packedTrx: hexToBytes(packed as string) };
}

/** The devnet block a TAPOS pair names: the newest block ≤ head with those low 16 bits, if its id prefix matches. */
function assertTapos(blockchain: Blockchain, refNum: number, refPrefix: number, head: number): void {
  const blockNum = head - ((head - refNum + 0x10000) % 0x10000);
  const matches =
    blockNum >= 0 &&
    taposOf({ blockNum, blockId: devnetEosBlockId(blockchain, blockNum) }).ref_block_prefix === refPrefix;
  if (!matches) refuse('WRONG_CHAIN', `The TAPOS reference (${refNum}, ${refPrefix}) is no devnet block`);
}

function tokenIdOf(blockchain: Blockchain, contract: Name, quantity: Asset): string {
  const native = nativeToken(blockchain);
  const symbol = quantity.symbol;
  // The catalogue has only the native coin on EOS-type chains: eosio.token's symbol at the chain's precision.
  if (
    contract.toString() !== 'eosio.token' ||
    symbol.code.toString() !== BLOCKCHAIN_INFO[blockchain].nativeSymbol ||
    symbol.precision !== native.decimals
  ) {
    refuse('MALFORMED', `${contract}'s ${symbol} is no token of the ${blockchain} catalogue`);
  }
  return native.tokenId;
}

export async function verifyEosDevnet(
  blockchain: Blockchain,
  raw: Uint8Array,
  ctx: VerifyContext,
): Promise<VerifiedTransfer> {
  const { signatures, packedTrx } = pushForm(raw);
  let trx: ReturnType<typeof decodeEosTransaction>;
  try {
    trx = decodeEosTransaction(packedTrx);
  } catch {
    return refuse('MALFORMED', 'packed_trx is not a transaction');
  }
  const [action, ...others] = trx.actions;
  if (!action || others.length > 0 || trx.context_free_actions.length > 0 || trx.transaction_extensions.length > 0) {
    refuse('MALFORMED', 'The devnet carries one transfer action per transaction');
  }
  if (trx.delay_sec.toNumber() !== 0) refuse('MALFORMED', 'Delayed transactions are not supported');
  if (action!.name.toString() !== 'transfer') refuse('MALFORMED', `Action ${action!.name} is not a transfer`);
  let data: { from: Name; to: Name; quantity: Asset };
  try {
    data = Serializer.decode({ data: action!.data, type: 'transfer', abi: EOSIO_TOKEN_TRANSFER_ABI }) as typeof data;
  } catch {
    return refuse('MALFORMED', 'The transfer data does not decode');
  }
  const from = data.from.toString();
  const [auth, ...moreAuth] = action!.authorization;
  if (!auth || moreAuth.length > 0 || auth.actor.toString() !== from || auth.permission.toString() !== 'active') {
    refuse('MALFORMED', `The transfer must be authorized by ${from}@active alone`);
  }
  const tokenId = tokenIdOf(blockchain, action!.account, data.quantity);
  const amount = BigInt(data.quantity.units.toString());
  if (amount <= 0n) refuse('MALFORMED', 'The quantity must be positive');

  const expiration = trx.expiration.toDate().getTime();
  if (expiration <= ctx.now.getTime()) refuse('EXPIRED', 'The transaction expired');
  if (expiration > ctx.now.getTime() + DEVNET_EOS_MAX_LIFETIME_MS)
    refuse('MALFORMED', 'The expiration is too far ahead');
  assertTapos(blockchain, trx.ref_block_num.toNumber(), trx.ref_block_prefix.toNumber(), ctx.head);

  const key = await ctx.accountKey(from);
  if (!key) return refuse('INVALID_SIGNATURE', `Account ${from} is not registered on the devnet`);
  if (signatures.length !== 1) refuse('INVALID_SIGNATURE', 'Exactly one signature is expected');
  // What nodeos signs: sha256(chain id ‖ packed trx ‖ digest of the context-free data, 32 zero bytes when none).
  const digest = Checksum256.from(
    sha256(concatBytes(hexToBytes(eosChainIdOf(blockchain)), packedTrx, new Uint8Array(32))),
  );
  let valid = false;
  try {
    valid = verifyEosSignature(digest, Signature.from(signatures[0]!), PublicKey.from(key));
  } catch {
    valid = false; // an unparsable signature is as invalid as a wrong one
  }
  // A signature over another chain id recovers another key, so a wrong chain shows here too (as on nodeos).
  if (!valid) refuse('INVALID_SIGNATURE', `The signature does not recover to ${from}'s key`);
  return {
    hash: bytesToHex(sha256(packedTrx)),
    from,
    to: data.to.toString(),
    tokenId,
    amount,
    fee: 0n,
    reserve: 0n,
    sequence: null,
    spends: [],
    outputs: [],
  };
}
