import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { Bytes, Checksum256, PublicKey, Serializer, Signature } from '@wharfkit/antelope';
import { describe, expect, it } from 'vitest';
import { eosLegacyPublicKey, eosPublicKeyFromPrivateKey } from '../families/eosio.js';
import {
  buildEosTransfer,
  decodeEosTransaction,
  EOSIO_TOKEN_TRANSFER_ABI,
  type EosTransferInput,
  packEosTransfer,
  signEosTransfer,
  taposOf,
  verifyEosSignature,
} from './eosio.js';
import { TransferBuildError } from './types.js';

/**
 * An independent implementation's vector: Trust Wallet Core's test TWAnySignerWAX.Sign (C++, WAX mainnet chain id),
 * with its inputs, the packed_trx it produced and its signature. Rebuilding that packed_trx byte for byte from the
 * same inputs checks our serialization and TAPOS against a second, unrelated serializer.
 */
const WAX = {
  chainId: '1064487b3cd1a897ce03ae5b6a865651747e2e152090f99c1d19d44e01aea5a4',
  blockId: '0cffaeda15039f3468398c5b4295d220fcc217f7cf96030c3729773097c6bd76',
  blockNum: 0x0cffaeda,
  privateKey: 'd30d185a296b9591d648cb92fe0aa8f8a42de30ed9d2a21da9e7f69c67e8e355',
  publicKey: 'EOS7rC6zYUjuxWkiokZTrwwHqwFvZ15Qdrn5WNxMKVXtHiDDmBWog',
  packedTrx:
    '3aed9163daae68398c5b000000000100a6823403ea3055000000572d3ccdcd012019682ad940458100000000a8ed3232362019682ad9404581201938fdef7aa34000e1f5050000000004574158000000001573656e742066726f6d2077616c6c65742d636f726500',
  signature: 'SIG_K1_KAroa9t89dpujjfBgBMgDcZrVhML5yP7iFk5sGNnNqbT4SxTCLqjQwwLZDi1ryx4W7Hy9DE9p1MqUSFVKeY8NtKyiySFjE',
  /** sha256 of packedTrx (the test links a bloks.io id of a different, later-dated transaction; we do not use it). */
  id: '8cfbf2a798b165fc1a116f3a4591a6e7a5688c22ac2ec28da338e8d2657f1f14',
};

const waxInput: EosTransferInput = {
  blockchain: 'BIZAUTO',
  chainId: WAX.chainId,
  fromAccount: 'k52o1qdeh.gm',
  toAccount: 'c2lrpvzxb.gm',
  token: { contract: 'eosio.token', symbol: 'WAX', precision: 4 },
  amount: 100_000_000n,
  memo: 'sent from wallet-core',
  referenceBlock: { blockNum: WAX.blockNum, blockId: WAX.blockId },
  expiration: new Date((1670507804 + 30) * 1000),
};

const productInput: EosTransferInput = {
  ...waxInput,
  fromAccount: 'vaultlinehot',
  toAccount: 'exchange1234',
  token: { symbol: 'BIZA', precision: 4 },
  amount: 12_345n,
  memo: 'deposit 42',
};

const senderKey = hexToBytes(WAX.privateKey);

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof TransferBuildError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('buildEosTransfer serialization', () => {
  it("rebuilds another wallet's packed transfer byte for byte; the id is sha256 of those bytes", () => {
    const unsigned = packEosTransfer(waxInput);
    expect(bytesToHex(unsigned.payload)).toBe(WAX.packedTrx);
    expect(bytesToHex(sha256(unsigned.payload))).toBe(WAX.id);
    expect(unsigned.fee).toBe(0n);
  });

  it('encodes the action data as the eosio.token ABI does, and as the hand-assembled layout', () => {
    const unsigned = buildEosTransfer(productInput);
    const action = decodeEosTransaction(unsigned.payload).actions[0]!;
    expect(String(action.account)).toBe('eosio.token');
    expect(String(action.name)).toBe('transfer');
    expect(action.authorization.map(String)).toEqual(['vaultlinehot@active']);

    const viaAbi = Serializer.encode({
      object: { from: 'vaultlinehot', to: 'exchange1234', quantity: '1.2345 BIZA', memo: 'deposit 42' },
      abi: EOSIO_TOKEN_TRANSFER_ABI,
      type: 'transfer',
    });
    expect(action.data.hexString).toBe(viaAbi.hexString);

    // Layout: name (u64 LE) from, name to, asset = i64 LE amount + precision byte + 7-byte symbol, memo = varuint + utf8.
    const nameHex = (name: string) => Serializer.encode({ object: name, type: 'name' }).hexString;
    const expected =
      nameHex('vaultlinehot') +
      nameHex('exchange1234') +
      '3930000000000000' + // 12345
      '04' +
      bytesToHex(utf8ToBytes('BIZA')) +
      '000000' +
      '0a' +
      bytesToHex(utf8ToBytes('deposit 42'));
    expect(action.data.hexString).toBe(expected);
    // The well-known encodings of the names every transfer uses.
    expect(nameHex('eosio.token')).toBe('00a6823403ea3055');
    expect(nameHex('transfer')).toBe('000000572d3ccdcd');
    expect(nameHex('active')).toBe('00000000a8ed3232');
    expect(Serializer.objectify(action.decodeData(EOSIO_TOKEN_TRANSFER_ABI))).toEqual({
      from: 'vaultlinehot',
      to: 'exchange1234',
      quantity: '1.2345 BIZA',
      memo: 'deposit 42',
    });
  });

  it('derives TAPOS from the reference block: low 16 bits of its number, LE uint32 at bytes 8..11 of its id', () => {
    expect(taposOf({ blockNum: WAX.blockNum, blockId: WAX.blockId })).toEqual({
      ref_block_num: 0xaeda,
      ref_block_prefix: 0x5b8c3968,
    });
    const header = decodeEosTransaction(buildEosTransfer(productInput).payload);
    expect(header.ref_block_num.toNumber()).toBe(0xaeda);
    expect(header.ref_block_prefix.toNumber()).toBe(0x5b8c3968);
    expect(header.expiration.toDate().getTime()).toBe(productInput.expiration.getTime());
    expect(() => taposOf({ blockNum: WAX.blockNum + 1, blockId: WAX.blockId })).toThrow(/is not block/);
  });
});

describe('buildEosTransfer refusals', () => {
  it('refuses accounts outside the product rule, a zero or negative amount, and a memo over 256 bytes', () => {
    expect(refusal(() => buildEosTransfer(waxInput))).toBe('INVALID_ADDRESS');
    expect(refusal(() => buildEosTransfer({ ...productInput, toAccount: 'Exchange1234' }))).toBe('INVALID_ADDRESS');
    expect(
      refusal(() => buildEosTransfer({ ...productInput, token: { ...productInput.token, contract: 'Bad' } })),
    ).toBe('INVALID_ADDRESS');
    expect(refusal(() => buildEosTransfer({ ...productInput, amount: 0n }))).toBe('AMOUNT_TOO_SMALL');
    expect(refusal(() => buildEosTransfer({ ...productInput, amount: -5n }))).toBe('AMOUNT_TOO_SMALL');
    // 256 bytes pass; 129 two-byte characters (258 bytes) do not, though they are fewer than 256 characters.
    expect(refusal(() => buildEosTransfer({ ...productInput, memo: 'm'.repeat(256) }))).toBeUndefined();
    expect(refusal(() => buildEosTransfer({ ...productInput, memo: 'é'.repeat(129) }))).toBe('MEMO_NOT_SUPPORTED');
  });
});

describe('signEosTransfer', () => {
  it('produces the signing digest the other wallet signed: its signature recovers to the sender key', () => {
    const transaction = decodeEosTransaction(packEosTransfer(waxInput).payload);
    const digest = transaction.signingDigest(Checksum256.from(WAX.chainId));
    // sha256(chain id || packed trx || 32 zero bytes), computed independently of antelope.
    const independent = sha256(
      new Uint8Array([...hexToBytes(WAX.chainId), ...hexToBytes(WAX.packedTrx), ...new Uint8Array(32)]),
    );
    expect(digest.hexString).toBe(bytesToHex(independent));
    expect(String(Signature.from(WAX.signature).recoverDigest(digest))).toBe(String(PublicKey.from(WAX.publicKey)));
    expect(eosLegacyPublicKey(eosPublicKeyFromPrivateKey(senderKey))).toBe(WAX.publicKey);
  });

  it('signs, recovers the sender key and returns the push form with the transaction id', () => {
    const signed = signEosTransfer(packEosTransfer(waxInput), senderKey, WAX.chainId, WAX.publicKey);
    expect(signed.hash).toBe(WAX.id);
    expect(signed.fee).toBe(0n);
    const push = JSON.parse(new TextDecoder().decode(signed.raw));
    expect(push.packed_trx).toBe(WAX.packedTrx);
    expect(push.packed_context_free_data).toBe('');
    expect(push.compression).toBe(0);
    // Not byte-equal to Trust Wallet's signature: both are deterministic, but they retry for canonical form differently.
    expect(push.signatures).toHaveLength(1);

    const digest = decodeEosTransaction(hexToBytes(push.packed_trx)).signingDigest(Checksum256.from(WAX.chainId));
    const signature = Signature.from(push.signatures[0]);
    expect(verifyEosSignature(digest, signature, PublicKey.from(WAX.publicKey))).toBe(true);
    // Canonical (nodeos rejects others): r and s each below 2^255, i.e. their top bytes are < 0x80.
    const rs = signature.data.array;
    expect(rs[0]! < 0x80 && rs[32]! < 0x80).toBe(true);
  });

  it('fails verification for a tampered signature, another chain id or another key', () => {
    const unsigned = buildEosTransfer(productInput);
    const signed = signEosTransfer(unsigned, senderKey, WAX.chainId);
    const push = JSON.parse(new TextDecoder().decode(signed.raw));
    const digest = decodeEosTransaction(unsigned.payload).signingDigest(Checksum256.from(WAX.chainId));
    const signature = Signature.from(push.signatures[0]);
    const sender = PublicKey.from(WAX.publicKey);

    const tamperedBytes = signature.data.array.slice();
    tamperedBytes[40] = tamperedBytes[40]! ^ 0x01;
    const tampered = new Signature(signature.type, Bytes.from(tamperedBytes));
    expect(verifyEosSignature(digest, tampered, sender)).toBe(false);

    const otherChain = decodeEosTransaction(unsigned.payload).signingDigest(Checksum256.from('00'.repeat(32)));
    expect(verifyEosSignature(otherChain, signature, sender)).toBe(false);

    const otherKey = 'EOS6MRyAjQq8ud7hVNYcfnVPJqcVpscN5So8BhtHuGYqET5GDW5CV';
    expect(() => signEosTransfer(unsigned, senderKey, WAX.chainId, otherKey)).toThrow(/does not recover/);
  });
});
