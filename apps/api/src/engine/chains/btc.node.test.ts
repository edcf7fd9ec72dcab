// Bitcoin-type builders and signers against a real litecoind -regtest node: the node accepts or refuses the
// real signed bytes. Keys are the product's (BITCOIN_TESTNET derivation); addresses are made for Litecoin regtest,
// the same P2WPKH script under another bech32 prefix.
import {
  type BtcOutpoint,
  type BtcUtxo,
  buildBtcTransfer,
  deriveSigningKey,
  mnemonicToSeed,
  p2wpkhAddress,
  signBtcTransfer,
  TransferBuildError,
} from '@vaultline/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BtcRejection, BtcRpcError } from './btc-rpc.js';
import { hasLitecoind, LITECOIN_REGTEST, type RegtestNode, startRegtest } from './regtest.js';

const seed = mnemonicToSeed('test test test test test test test test test test test junk');
const wallet = (account: number) => {
  const key = deriveSigningKey(seed, 'BITCOIN_TESTNET', account);
  return { ...key, address: p2wpkhAddress(key.publicKey, LITECOIN_REGTEST) };
};
const [alice, bob, carol, miner] = [wallet(0), wallet(1), wallet(2), wallet(3)];
const COIN = 100_000_000n;

let node: RegtestNode;
let feeRate: bigint;

async function spendable(owner: { address: string }): Promise<BtcUtxo[]> {
  const unspent = await node.rpc.unspent({ address: owner.address });
  return unspent.filter((u) => u.spendable).map(({ txid, vout, value }) => ({ txid, vout, value }));
}

function transfer(from: typeof alice, utxos: BtcUtxo[], amount: bigint, toAddress = bob.address) {
  return buildBtcTransfer({
    blockchain: 'BITCOIN_TESTNET',
    network: LITECOIN_REGTEST,
    fromAddress: from.address,
    fromPublicKey: from.publicKey,
    toAddress,
    amount,
    utxos,
    feeRate,
  });
}

async function rejectionOf(raw: Uint8Array): Promise<BtcRejection> {
  try {
    await node.rpc.sendRawTransaction(raw);
  } catch (error) {
    if (error instanceof BtcRpcError) return error.reason;
    throw error;
  }
  throw new Error('The node accepted the transaction');
}

const mine = (blocks = 1) => node.rpc.generateToAddress(blocks, miner.address);
const key = (o: BtcOutpoint) => `${o.txid}:${o.vout}`;

beforeAll(async () => {
  if (!hasLitecoind()) throw new Error('litecoind is not installed: apt-get install -y litecoind');
  node = await startRegtest();
  // 101 blocks: the first coinbase (50 LTC) is then 100 blocks deep, old enough to spend.
  await node.rpc.generateToAddress(101, alice.address);
  feeRate = await node.rpc.feeRate();
});

afterAll(async () => {
  await node?.stop();
});

describe('bitcoin-type transfers on litecoind -regtest', () => {
  let firstSpends: BtcOutpoint[] = [];
  let firstSpentValue = 0n;

  it('counts a coinbase output as spendable from 100 confirmations on, as the node does', async () => {
    const unspent = await node.rpc.unspent({ address: alice.address });
    expect(unspent).toHaveLength(101);
    expect(unspent.every((u) => u.value === 50n * COIN)).toBe(true);
    // At height 101 the next block is 102: coinbases of heights 1 and 2 (101 and 100 deep) may be spent in it.
    const mature = unspent.filter((u) => u.spendable).sort((a, b) => a.height - b.height);
    expect(mature.map((u) => [u.height, u.confirmations])).toEqual([
      [1, 101],
      [2, 100],
    ]);
    const youngest = unspent.find((u) => u.height === 3)!;
    expect(youngest.immatureCoinbase).toBe(true);
    const premature = signBtcTransfer(transfer(alice, [youngest], COIN), alice.privateKey);
    expect(await rejectionOf(premature.raw)).toBe('IMMATURE_COINBASE');
    const justMature = signBtcTransfer(transfer(alice, [mature[1]!], COIN), alice.privateKey);
    expect(await node.rpc.sendRawTransaction(justMature.raw)).toBe(justMature.hash);
    await mine();
    expect((await node.rpc.transactionStatus(justMature.hash)).state).toBe('confirmed');
    expect(feeRate).toBeGreaterThanOrEqual(1n);
  });

  it('confirms a transfer with change: the receiver and the change output exist after one block', async () => {
    const utxos = (await spendable(alice)).filter((u) => u.value === 50n * COIN).slice(0, 1);
    const unsigned = transfer(alice, utxos, 3n * COIN);
    expect(unsigned.change).toBe(50n * COIN - 3n * COIN - unsigned.fee);
    const signed = signBtcTransfer(unsigned, alice.privateKey);
    expect(await node.rpc.sendRawTransaction(signed.raw)).toBe(signed.hash);
    expect((await node.rpc.transactionStatus(signed.hash)).state).toBe('pending');

    const [blockHash] = await mine();
    const status = await node.rpc.transactionStatus(signed.hash);
    expect(status).toMatchObject({ state: 'confirmed', confirmations: 1, blockHash });
    const received = (await node.rpc.unspent({ address: bob.address })).filter((u) => u.txid === signed.hash);
    expect(received).toEqual([expect.objectContaining({ value: 3n * COIN, confirmations: 1 })]);
    const change = (await node.rpc.unspent({ address: alice.address })).find((u) => u.txid === signed.hash);
    expect(change).toMatchObject({ vout: unsigned.changeVout, value: unsigned.change, spendable: true });

    await mine(2);
    expect((await node.rpc.transactionStatus(signed.hash)).confirmations).toBe(3);
    firstSpends = unsigned.spends;
    firstSpentValue = utxos[0]!.value;
  });

  it('refuses a tampered signature', async () => {
    const [utxo] = await spendable(alice);
    const signed = signBtcTransfer(transfer(alice, [utxo!], COIN), alice.privateKey);
    // One input: the raw ends with the witness [signature, 33-byte key] and the 4-byte lock time.
    const tampered = signed.raw.slice();
    tampered[tampered.length - 4 - 34 - 12]! ^= 0x01;
    expect(await rejectionOf(tampered)).toBe('INVALID_SIGNATURE');
    expect((await node.rpc.transactionStatus(signed.hash)).state).toBe('unknown');
  });

  it('refuses a double spend of an output already spent in a block, and of one spent in the mempool', async () => {
    const respend = [{ ...firstSpends[0]!, value: firstSpentValue }];
    const again = signBtcTransfer(transfer(alice, respend, COIN), alice.privateKey);
    expect(await rejectionOf(again.raw)).toBe('MISSING_OR_SPENT');

    const [utxo] = await spendable(alice);
    const first = signBtcTransfer(transfer(alice, [utxo!], COIN), alice.privateKey);
    await node.rpc.sendRawTransaction(first.raw);
    const conflicting = signBtcTransfer(transfer(alice, [utxo!], 2n * COIN), alice.privateKey);
    expect(await rejectionOf(conflicting.raw)).toBe('MEMPOOL_CONFLICT');
    await mine();
    expect((await node.rpc.transactionStatus(first.hash)).state).toBe('confirmed');
    expect((await node.rpc.transactionStatus(conflicting.hash)).state).toBe('unknown');
  });

  it('refuses an overspend: the builder with INSUFFICIENT_FUNDS, the node for a hand-made one', async () => {
    const utxos = await spendable(alice);
    const total = utxos.reduce((sum, u) => sum + u.value, 0n);
    expect(() => transfer(alice, utxos, total)).toThrow(TransferBuildError);
    expect(() => transfer(alice, utxos, total)).toThrow(expect.objectContaining({ reason: 'INSUFFICIENT_FUNDS' }));
    // Claim an input is worth 10 coins more than it is: the outputs then exceed the real inputs.
    const [utxo] = utxos;
    const inflated = [{ ...utxo!, value: utxo!.value + 10n * COIN }];
    const overspend = signBtcTransfer(transfer(alice, inflated, utxo!.value + 5n * COIN), alice.privateKey);
    expect(await rejectionOf(overspend.raw)).toBe('INSUFFICIENT_FUNDS');
  });

  it('sends 10 transfers in flight from one wallet by chaining the change, never double-spending', async () => {
    const funding = signBtcTransfer(
      transfer(alice, await spendable(alice), 5n * COIN, carol.address),
      alice.privateKey,
    );
    await node.rpc.sendRawTransaction(funding.raw);
    await mine();
    const bobBefore = (await node.rpc.unspent({ address: bob.address })).length;

    // What the engine does: confirmed outputs minus the ones locked by in-flight transfers, plus their change.
    let available = await spendable(carol);
    expect(available).toHaveLength(1);
    const locked = new Set<string>();
    const hashes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const unsigned = transfer(carol, available, COIN / 5n + BigInt(i));
      const signed = signBtcTransfer(unsigned, carol.privateKey);
      for (const spend of unsigned.spends) {
        expect(locked.has(key(spend))).toBe(false);
        locked.add(key(spend));
      }
      expect(await node.rpc.sendRawTransaction(signed.raw)).toBe(signed.hash);
      hashes.push(signed.hash);
      available = available.filter((u) => !locked.has(key(u)));
      available.push({ txid: signed.hash, vout: unsigned.changeVout!, value: unsigned.change });
    }
    expect(locked.size).toBe(10);
    await mine();
    const statuses = await Promise.all(hashes.map((hash) => node.rpc.transactionStatus(hash)));
    expect(statuses.map((s) => s.state)).toEqual(Array(10).fill('confirmed'));
    expect((await node.rpc.unspent({ address: bob.address })).length).toBe(bobBefore + 10);
    expect(await spendable(carol)).toEqual(available);
  });
});
