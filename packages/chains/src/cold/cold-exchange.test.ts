import { CryptoPSBT } from '@keystonehq/bc-ur-registry';
import { ETHSignature } from '@keystonehq/bc-ur-registry-eth';
import type { UR } from '@ngraveio/bc-ur';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { p2wpkh, SigHash, TEST_NETWORK, Transaction } from '@scure/btc-signer';
import type { Blockchain, ChainFamily } from '@vaultline/contracts';
import { parseTransaction, recoverTransactionAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { derivationPath } from '../derivation.js';
import { publicKeyToEvmAddress } from '../families/evm.js';
import { solanaAddressFromPublicKey } from '../families/sol.js';
import { mnemonicToSeed } from '../seed.js';
import { buildBtcTransfer } from '../tx/btc.js';
import { buildEosTransfer } from '../tx/eosio.js';
import { buildEvmTransfer } from '../tx/evm.js';
import { deriveSigningKey } from '../tx/keys.js';
import { buildSolTransfer, signSolTransfer } from '../tx/sol.js';
import type { UnsignedTransfer } from '../tx/types.js';
import { acceptColdSignature, ColdSignatureRefused } from './accept-signature.js';
import { masterFingerprintOf, signColdRequest } from './cold-signer.js';
import { QrPartCollector, toQrParts } from './qr-parts.js';
import { type ColdSigningTarget, coldSignRequest, SIGN_REQUEST_TYPES, SIGNATURE_TYPES } from './sign-request.js';

/** The air-gapped signer's seed; Vaultline holds only its public keys. */
const coldSeed = mnemonicToSeed('legal winner thank year wave sausage worth useful legal winner thank yellow');
const otherSeed = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const EOS_CHAIN_ID = '1064487b3cd1a897ce03ae5b6a865651747e2e152090f99c1d19d44e01aea5a4';
const REQUEST_ID = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';

function targetOf(blockchain: Blockchain, family: ChainFamily, address: (key: Uint8Array) => string) {
  const key = deriveSigningKey(coldSeed, blockchain, 0);
  return {
    requestId: REQUEST_ID,
    derivationPath: derivationPath(family, blockchain, 0, 0),
    masterFingerprint: masterFingerprintOf(coldSeed),
    publicKey: key.publicKey,
    address: address(key.publicKey),
    eosChainId: EOS_CHAIN_ID,
  } satisfies ColdSigningTarget;
}

/** Through the QR codes both ways: the request's frames read by the signer, its answer's frames read back. */
function throughQr(ur: UR, types: readonly string[]): UR {
  const collector = new QrPartCollector(types);
  for (const part of toQrParts(ur)) if (!collector.complete) collector.receive(part);
  return collector.finish();
}

function exchange(unsigned: UnsignedTransfer, target: ColdSigningTarget, seed = coldSeed) {
  const request = throughQr(coldSignRequest(unsigned, target), [SIGN_REQUEST_TYPES[unsigned.family]]);
  const { answer, review } = signColdRequest(seed, request);
  return { answer: throughQr(answer, [SIGNATURE_TYPES[unsigned.family]]), review };
}

async function refusalOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ColdSignatureRefused) return `${error.code} ${error.refusal}`;
    throw error;
  }
  return undefined;
}

const evm = targetOf('ETHEREUM', 'evm', publicKeyToEvmAddress);
const evmTransfer = (nonce: number) =>
  buildEvmTransfer({
    blockchain: 'ETHEREUM',
    fromAddress: evm.address,
    toAddress: '0x000000000000000000000000000000000000dEaD',
    token: { kind: 'native' },
    amount: 10n ** 17n,
    nonce,
    maxFeePerGas: 30_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    gasLimit: 21_000n,
  });

describe('cold signing by QR: EVM (eth-sign-request, eth-signature)', () => {
  it('signs the exact transaction with the key the request names, and Vaultline verifies the sender', async () => {
    const unsigned = evmTransfer(7);
    const { answer, review } = exchange(unsigned, evm);
    expect(review).toMatchObject({ family: 'evm', derivationPath: "m/44'/60'/0'/0/0" });
    const signed = await acceptColdSignature(unsigned, evm, answer);
    const raw = `0x${Buffer.from(signed.raw).toString('hex')}` as `0x02${string}`;
    expect((await recoverTransactionAddress({ serializedTransaction: raw })).toLowerCase()).toBe(
      evm.address.toLowerCase(),
    );
    expect(parseTransaction(raw)).toMatchObject({ nonce: 7, value: 10n ** 17n, chainId: 1 });
  });

  it('refuses an answer to another request, a signature over another transaction, and a key that is not the wallet', async () => {
    const unsigned = evmTransfer(7);
    const other = exchange(unsigned, { ...evm, requestId: 'aaaaaaaa-3b7d-4bad-9bdd-2b0d7b3dcb6d' }).answer;
    expect(await refusalOf(() => acceptColdSignature(unsigned, evm, other))).toBe('40002 OTHER_REQUEST');
    // The signer was shown nonce 8 under this request's id: the signature does not recover the sender for nonce 7.
    const swapped = exchange(evmTransfer(8), evm).answer;
    expect(await refusalOf(() => acceptColdSignature(unsigned, evm, swapped))).toBe('40002 BAD_SIGNATURE');
    // The other seed's key at the same path signs; the recovered address is not the wallet's.
    const stranger = exchange(unsigned, { ...evm, masterFingerprint: masterFingerprintOf(otherSeed) }, otherSeed);
    expect(await refusalOf(() => acceptColdSignature(unsigned, evm, stranger.answer))).toBe('40002 BAD_SIGNATURE');
    // The same signature with s flipped to the upper half (still valid maths, refused by nodes under EIP-2).
    const good = ETHSignature.fromCBOR(exchange(unsigned, evm).answer.cbor).getSignature();
    const n = secp256k1.Point.CURVE().n;
    const highS = n - BigInt(`0x${good.subarray(32, 64).toString('hex')}`);
    const flipped = Buffer.concat([
      good.subarray(0, 32),
      Buffer.from(highS.toString(16).padStart(64, '0'), 'hex'),
      Buffer.from([good[64]! ^ 1]),
    ]);
    const malleated = new ETHSignature(flipped, Buffer.from(REQUEST_ID.replace(/-/g, ''), 'hex')).toUR();
    expect(await refusalOf(() => acceptColdSignature(unsigned, evm, malleated))).toBe('40002 BAD_SIGNATURE');
    // A PSBT is no answer to an EVM request.
    const psbt = coldSignRequest(btcTransfer(90_000n), btc);
    expect(await refusalOf(() => acceptColdSignature(unsigned, evm, psbt))).toBe('40002 OTHER_TYPE');
  });

  it('the signer refuses a request made for another seed', () => {
    const request = coldSignRequest(evmTransfer(1), { ...evm, masterFingerprint: masterFingerprintOf(otherSeed) });
    expect(() => signColdRequest(coldSeed, request)).toThrow(/for seed/);
  });
});

const sol = targetOf('SOLANA', 'sol', solanaAddressFromPublicKey);
const solTransfer = (amount: bigint, from = sol.address) =>
  buildSolTransfer({
    blockchain: 'SOLANA',
    fromAddress: from,
    toAddress: solanaAddressFromPublicKey(new Uint8Array(32).fill(7)),
    token: { kind: 'native' },
    amount,
    recentBlockhash: 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky',
    lastValidBlockHeight: 1_000n,
  });

describe('cold signing by QR: Solana (sol-sign-request, sol-signature)', () => {
  it('answers the same wire transaction the hot signer would make with that key', async () => {
    const unsigned = await solTransfer(1_500_000n);
    const solAnswer = exchange(unsigned, sol).answer;
    const signed = await acceptColdSignature(unsigned, sol, solAnswer);
    const hot = signSolTransfer(unsigned, deriveSigningKey(coldSeed, 'SOLANA', 0).privateKey);
    expect(signed.raw).toEqual(hot.raw);
    expect(signed.hash).toBe(hot.hash);
  });

  it('shows what it signs: the lifetime (a blockhash, or the durable nonce it advances) and the SOL sent', async () => {
    const receiver = solanaAddressFromPublicKey(new Uint8Array(32).fill(7));
    const onBlockhash = exchange(await solTransfer(1_500_000n), sol).review.effects;
    expect(onBlockhash).toEqual([
      `fee payer ${sol.address}, 1 instruction(s)`,
      'recent blockhash CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky: valid for about 150 blocks',
      `send 1500000 lamports to ${receiver}`,
    ]);
    const nonceAccount = solanaAddressFromPublicKey(new Uint8Array(32).fill(8));
    const onNonce = await buildSolTransfer({
      blockchain: 'SOLANA',
      fromAddress: sol.address,
      toAddress: receiver,
      token: { kind: 'native' },
      amount: 2n,
      recentBlockhash: 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky',
      lastValidBlockHeight: 1_000n,
      durableNonce: { account: nonceAccount, value: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' },
    });
    expect(exchange(onNonce, sol).review.effects).toEqual([
      `fee payer ${sol.address}, 2 instruction(s)`,
      `advances nonce account ${nonceAccount} from 4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi: valid until that nonce moves on`,
      `send 2 lamports to ${receiver}`,
    ]);
  });

  it('refuses a signature over another message and a message another account pays', async () => {
    const unsigned = await solTransfer(1_500_000n);
    const swapped = exchange(await solTransfer(9_000_000n), sol).answer;
    expect(await refusalOf(() => acceptColdSignature(unsigned, sol, swapped))).toBe('40002 BAD_SIGNATURE');
    const paidByOther = await solTransfer(1n, solanaAddressFromPublicKey(new Uint8Array(32).fill(9)));
    const answer = exchange(unsigned, sol).answer;
    expect(await refusalOf(() => acceptColdSignature(paidByOther, sol, answer))).toBe('40002 OTHER_TRANSACTION');
  });
});

const btc = targetOf('BITCOIN_TESTNET', 'btc', (key) => p2wpkh(key, TEST_NETWORK).address!);
const btcTransfer = (amount: bigint) =>
  buildBtcTransfer({
    blockchain: 'BITCOIN_TESTNET',
    fromAddress: btc.address,
    fromPublicKey: btc.publicKey,
    toAddress: p2wpkh(deriveSigningKey(otherSeed, 'BITCOIN_TESTNET', 0).publicKey, TEST_NETWORK).address!,
    amount,
    utxos: [
      { txid: '11'.repeat(32), vout: 0, value: 60_000n },
      { txid: '22'.repeat(32), vout: 1, value: 50_000n },
    ],
    feeRate: 5n,
  });

describe('cold signing by QR: bitcoin-type (crypto-psbt both ways)', () => {
  it('the PSBT names each input key origin; the signed PSBT becomes a transaction with every input verified', async () => {
    const unsigned = btcTransfer(90_000n);
    const request = coldSignRequest(unsigned, btc);
    expect(request.type).toBe('crypto-psbt');
    const { answer } = exchange(unsigned, btc);
    const signed = await acceptColdSignature(unsigned, btc, answer);
    const tx = Transaction.fromRaw(signed.raw);
    expect(tx.inputsLength).toBe(2);
    expect(signed.hash).toBe(tx.id);
  });

  it('refuses a signed PSBT of another transaction and one without the wallet key signature', async () => {
    const unsigned = btcTransfer(90_000n);
    const swapped = exchange(btcTransfer(80_000n), btc).answer;
    expect(await refusalOf(() => acceptColdSignature(unsigned, btc, swapped))).toBe('40002 OTHER_TRANSACTION');
    // Signed with SIGHASH_NONE: valid signatures that would let anyone rewrite the outputs before it is mined.
    const loose = Transaction.fromPSBT(unsigned.payload, { allowUnknownOutputs: true });
    const key = deriveSigningKey(coldSeed, 'BITCOIN_TESTNET', 0).privateKey;
    for (let i = 0; i < loose.inputsLength; i++) {
      loose.updateInput(i, { sighashType: SigHash.NONE });
      loose.signIdx(key, i, [SigHash.NONE]);
    }
    const looseAnswer = new CryptoPSBT(Buffer.from(loose.toPSBT())).toUR();
    expect(await refusalOf(() => acceptColdSignature(unsigned, btc, looseAnswer))).toBe('40002 BAD_SIGNATURE');
    // The unsigned PSBT itself sent back: no input carries a signature.
    expect(await refusalOf(() => acceptColdSignature(unsigned, btc, coldSignRequest(unsigned, btc)))).toBe(
      '40002 BAD_SIGNATURE',
    );
  });
});

const eos = targetOf('BIZAUTO', 'eosio', () => 'vaultlinecld');
const eosTransfer = (amount: bigint) =>
  buildEosTransfer({
    blockchain: 'BIZAUTO',
    chainId: EOS_CHAIN_ID,
    fromAccount: 'vaultlinecld',
    toAccount: 'exchange1234',
    token: { contract: 'eosio.token', symbol: 'BIZA', precision: 4 },
    amount,
    memo: 'deposit 42',
    referenceBlock: {
      blockNum: 0x0cffaeda,
      blockId: '0cffaeda15039f3468398c5b4295d220fcc217f7cf96030c3729773097c6bd76',
    },
    expiration: new Date('2026-11-27T12:00:00Z'),
  });

describe('cold signing by QR: EOS-type (vaultline-eos-sign-request, vaultline-eos-signature)', () => {
  it('signs the chain digest of the packed transaction; Vaultline checks it recovers the wallet key', async () => {
    const unsigned = eosTransfer(12_345n);
    const { answer } = exchange(unsigned, eos);
    const signed = await acceptColdSignature(unsigned, eos, answer);
    const body = JSON.parse(new TextDecoder().decode(signed.raw));
    expect(body.signatures[0]).toMatch(/^SIG_K1_/);
    expect(body.packed_trx).toBe(Buffer.from(unsigned.payload).toString('hex'));
  });

  it('refuses a signature over another transfer and one for another chain', async () => {
    const unsigned = eosTransfer(12_345n);
    const swapped = exchange(eosTransfer(99_999n), eos).answer;
    expect(await refusalOf(() => acceptColdSignature(unsigned, eos, swapped))).toBe('40002 BAD_SIGNATURE');
    const otherChain = exchange(unsigned, { ...eos, eosChainId: 'ab'.repeat(32) }).answer;
    expect(await refusalOf(() => acceptColdSignature(unsigned, eos, otherChain))).toBe('40002 BAD_SIGNATURE');
  });
});
