// The executor on bitcoin-type chains against a real litecoind -regtest node standing in for BITCOIN_TESTNET:
// transfers end CONFIRMED with the node's txid, block and confirmations, paying the exact amount and the change
// back; refusals end FAILED with their catalogue code; outputs held by transfers in flight are never spent twice.
// The chain-nodes project has no database of its own, so the suite runs once per kind: PGlite always, and
// PostgreSQL when TEST_DATABASE_URL names a server (as the api projects do).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions } from '../../db/schema/index.js';
import { type BtcCustody, createBtcCustody, REGTEST_SINK } from '../../test/btc-custody.js';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from '../../test/database.js';
import { TEST_MASTER_KEY } from '../../test/evm-custody.js';
import { coinsToSats } from '../chains/btc-rpc.js';
import { hasLitecoind, LITECOIN_REGTEST, type RegtestNode, startRegtest } from '../chains/regtest.js';
import { btcChainNode } from './btc-chain-node.js';
import { FINAL_STATUSES, type TransactionExecutor, transactionExecutor } from './executor.js';
import { createSigner } from './signer.js';
import { type OutgoingTransfer, TransferRetryLater } from './transfer-planner.js';

const COIN = 100_000_000n;
const KINDS: TestDatabaseKind[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

describe.each(KINDS)('bitcoin-type executor on litecoind -regtest (%s)', (kind) => {
  let testDb: TestDatabase;
  let node: RegtestNode;
  let custody: BtcCustody;
  // Wallets by role, so each test starts from outputs no other test touched.
  let [simple, receiver, tampered, overspender, busy, single, restarted] = [] as string[];

  /** A fresh executor, as a restarted engine would make: its own node client, nothing in memory. */
  const executorWith = (confirmations: number): TransactionExecutor => {
    const db = testDb.database.db;
    return transactionExecutor({
      db,
      node: btcChainNode(node.rpc, { addressNetwork: LITECOIN_REGTEST }),
      signer: createSigner({ db, masterKey: TEST_MASTER_KEY }),
      confirmations,
    });
  };
  const mine = (blocks = 1) => node.rpc.generateToAddress(blocks, REGTEST_SINK);

  const transfer = async (from: string, amount: bigint, to = receiver!): Promise<OutgoingTransfer> => ({
    organizationId: custody.organizationId,
    requestId: await custody.newRequest(),
    purpose: 'transfer',
    blockchain: 'BITCOIN_TESTNET',
    fromAddress: from,
    toAddress: to,
    tokenId: 'BITCOIN_TESTNET.BTC',
    amount,
  });

  /** Steps the row to its end, mining a block whenever it waits in the pool or for confirmations. */
  async function settleByMining(executor: TransactionExecutor, id: string) {
    let row = await executor.advance(id);
    for (let i = 0; i < 50 && !FINAL_STATUSES.includes(row.status); i++) {
      if (row.status === 'BROADCAST') await mine();
      row = await executor.advance(row.id);
    }
    return row;
  }

  /** Confirmed outputs of a wallet paid by `txid`, from the node's UTXO set. */
  const outputsOf = async (wallet: string, txid: string) =>
    (await node.rpc.unspent({ address: custody.onNode(wallet) })).filter((utxo) => utxo.txid === txid);

  /** The fee as the chain sees it: what the inputs held less what the outputs pay. */
  async function onChainFee(txid: string) {
    const tx = (await node.rpc.rawTransaction(txid))!;
    let inputs = 0n;
    for (const input of tx.vin) {
      const previous = (await node.rpc.rawTransaction(input.txid!))!;
      inputs += coinsToSats(previous.vout[input.vout!]!.value);
    }
    return inputs - tx.vout.reduce((sum, output) => sum + coinsToSats(output.value), 0n);
  }

  beforeAll(async () => {
    if (!hasLitecoind()) throw new Error('litecoind is not installed: apt-get install -y litecoind');
    [testDb, node] = await Promise.all([createTestDatabase(kind), startRegtest()]);
    custody = await createBtcCustody(testDb.database.db, node, { wallets: 7 });
    [simple, receiver, tampered, overspender, busy, single, restarted] = custody.addresses;
    await custody.fund([
      { address: simple!, outputs: 2 },
      { address: tampered!, outputs: 1 },
      { address: overspender!, outputs: 1 },
      { address: busy!, outputs: 12 },
      { address: single!, outputs: 1 },
      { address: restarted!, outputs: 2 },
    ]);
  });

  afterAll(async () => {
    await node?.stop();
    await testDb?.dispose();
  });

  it('confirms a native transfer at 3 confirmations: exact amount received, change back, fee = inputs − outputs', async () => {
    const executor = executorWith(3);
    const amount = 3n * COIN + 12_345n;
    const built = await executor.create(await transfer(simple!, amount));
    expect(built).toMatchObject({ status: 'BUILT', sequence: null, raw: null, hash: null });
    expect(built.spends).toHaveLength(1);

    const signed = await executor.advance(built.id);
    expect(signed.status).toBe('SIGNED');
    // Signed and stored, not yet sent: the node has never heard of it.
    expect((await node.rpc.transactionStatus(signed.hash!)).state).toBe('unknown');
    expect((await executor.advance(built.id)).status).toBe('BROADCAST');
    expect(await node.rpc.mempoolTxids()).toContain(signed.hash);
    expect(await executor.advance(built.id)).toMatchObject({ status: 'BROADCAST', confirmations: 0 });

    await mine();
    expect(await executor.advance(built.id)).toMatchObject({ status: 'BROADCAST', confirmations: 1 });
    await mine(2);
    const row = await executor.advance(built.id);
    const onNode = await node.rpc.transactionStatus(signed.hash!);
    expect(onNode.state).toBe('confirmed');
    expect(row).toMatchObject({
      status: 'CONFIRMED',
      hash: signed.hash,
      blockHash: onNode.blockHash,
      blockHeight: String(onNode.blockHeight),
      confirmations: 3,
      failureCode: null,
    });

    expect((await outputsOf(receiver!, row.hash!)).map((utxo) => utxo.value)).toEqual([amount]);
    const fee = await onChainFee(row.hash!);
    expect(fee).toBe(BigInt(row.fee));
    expect(fee).toBeGreaterThan(0n);
    // The spent coinbase (50 coins) less the amount and the fee came back to the sender, confirmed.
    expect((await outputsOf(simple!, row.hash!)).map((utxo) => utxo.value)).toEqual([50n * COIN - amount - fee]);
    // A final row stays as it is; advancing it again sends nothing.
    expect((await executor.advance(built.id)).status).toBe('CONFIRMED');
  });

  it('a tampered signature is refused: FAILED with 4111, nothing on the node, the output free again', async () => {
    const executor = executorWith(1);
    const built = await executor.create(await transfer(tampered!, COIN));
    const signed = await executor.advance(built.id);
    // One input: the raw ends with the witness [signature, 33-byte key] and the 4-byte lock time.
    const raw = signed.raw!.slice();
    raw[raw.length - 4 - 34 - 12]! ^= 0x01;
    await testDb.database.db.update(chainTransactions).set({ raw }).where(eq(chainTransactions.id, built.id));

    const failed = await executor.advance(built.id);
    expect(failed).toMatchObject({ status: 'FAILED', failureCode: '4111', hash: signed.hash });
    expect((await node.rpc.transactionStatus(signed.hash!)).state).toBe('unknown');

    // The refused row no longer holds its output: the next transfer spends it, with a good signature this time.
    const next = await executor.create(await transfer(tampered!, COIN));
    expect(next.spends).toEqual(built.spends);
    expect(await settleByMining(executor, next.id)).toMatchObject({ status: 'CONFIRMED' });
  });

  it('an overspend ends FAILED with code 4 when built: nothing signed, nothing broadcast', async () => {
    const executor = executorWith(1);
    const [held] = await node.rpc.unspent({ address: custody.onNode(overspender!) });
    const pool = await node.rpc.mempoolTxids();
    // The whole output leaves nothing for the fee.
    const row = await executor.create(await transfer(overspender!, held!.value));
    expect(row).toMatchObject({ status: 'FAILED', failureCode: '4', raw: null, hash: null, spends: null });
    expect(await executor.advance(row.id)).toMatchObject({ status: 'FAILED', raw: null });
    expect(await node.rpc.mempoolTxids()).toEqual(pool);
    expect(await node.rpc.unspent({ address: custody.onNode(overspender!) })).toEqual([held]);

    // With the output held by a transfer in flight, the same overspend is still one: releasing the output could
    // never cover it, so it fails with 4 now instead of being put off (4114) for as long as transfers are in flight.
    const inFlight = await executor.create(await transfer(overspender!, COIN));
    expect(inFlight.status).toBe('BUILT');
    expect(await executor.create(await transfer(overspender!, held!.value))).toMatchObject({
      status: 'FAILED',
      failureCode: '4',
    });
    expect(await settleByMining(executor, inFlight.id)).toMatchObject({ status: 'CONFIRMED' });
  });

  it('10 transfers queued at once from one wallet spend disjoint outputs and all confirm', async () => {
    const executor = executorWith(1);
    const amounts = Array.from({ length: 10 }, (_, i) => COIN / 10n + BigInt(i));
    const intents = await Promise.all(amounts.map((amount) => transfer(busy!, amount)));
    const rows = await Promise.all(intents.map((intent) => executor.create(intent)));

    expect(rows.map((row) => row.status)).toEqual(Array(10).fill('BUILT'));
    const spends = rows.flatMap((row) => row.spends ?? []);
    expect(spends.length).toBeGreaterThanOrEqual(10);
    expect(new Set(spends).size).toBe(spends.length);

    // All sent before any is mined: the node would refuse a second spend of one output as a mempool conflict.
    const sent = await Promise.all(rows.map((row) => executor.advance(row.id).then((s) => executor.advance(s.id))));
    expect(sent.map((row) => row.status)).toEqual(Array(10).fill('BROADCAST'));
    await mine();
    const settled = await Promise.all(rows.map((row) => executor.settle(row.id)));
    expect(settled.map((row) => row.status)).toEqual(Array(10).fill('CONFIRMED'));
    expect(new Set(settled.map((row) => row.hash)).size).toBe(10);
    for (const [i, row] of settled.entries()) {
      expect((await outputsOf(receiver!, row.hash!)).map((utxo) => utxo.value)).toEqual([amounts[i]]);
    }
  });

  it('with one output, a second concurrent transfer waits (4114) and goes out on the first one’s confirmed change', async () => {
    const executor = executorWith(1);
    const [a, b] = [await transfer(single!, 2n * COIN), await transfer(single!, 3n * COIN)];
    const [first, second] = await Promise.allSettled([executor.create(a), executor.create(b)]);
    const built = [first, second].filter((result) => result.status === 'fulfilled');
    const waiting = [first, second].filter((result) => result.status === 'rejected');
    expect(built).toHaveLength(1);
    expect(waiting).toHaveLength(1);
    const error = (waiting[0] as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(TransferRetryLater);
    expect(error).toMatchObject({ code: '4114', retryAfterMs: 40_000 });

    const winner = (built[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof executor.create>>>).value;
    const later = winner.requestId === a.requestId ? b : a;
    // Nothing was stored for the waiting one: its retry is a fresh build.
    const stored = await testDb.database.db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.requestId, later.requestId!));
    expect(stored).toEqual([]);

    // Sent but not mined: the change is not confirmed yet and the output is still held, so it still waits.
    expect((await executor.advance((await executor.advance(winner.id)).id)).status).toBe('BROADCAST');
    await expect(executor.create(later)).rejects.toMatchObject({ code: '4114' });

    const confirmed = await settleByMining(executor, winner.id);
    expect(confirmed.status).toBe('CONFIRMED');
    const [change] = await outputsOf(single!, confirmed.hash!);
    expect(change).toBeDefined();
    const retried = await executor.create(later);
    expect(retried).toMatchObject({ status: 'BUILT', spends: [`${confirmed.hash}:${change!.vout}`] });
    const done = await settleByMining(executor, retried.id);
    expect(done.status).toBe('CONFIRMED');
    expect((await outputsOf(receiver!, done.hash!)).map((utxo) => utxo.value)).toEqual([later.amount]);
  });

  it('a restarted executor resumes a SIGNED row and broadcasts the same bytes, never a new signature', async () => {
    const before = executorWith(1);
    const built = await before.create(await transfer(restarted!, COIN));
    const signed = await before.advance(built.id);
    expect(signed.status).toBe('SIGNED');

    const after = executorWith(1);
    expect(await after.open(['BITCOIN_TESTNET'])).toContainEqual({ id: built.id, blockchain: 'BITCOIN_TESTNET' });
    expect(await after.advance(built.id)).toMatchObject({ status: 'BROADCAST', hash: signed.hash });
    const pooled = await node.rpc.rawTransaction(signed.hash!);
    expect(pooled?.txid).toBe(signed.hash);
    const done = await settleByMining(after, built.id);
    expect(done).toMatchObject({ status: 'CONFIRMED', hash: signed.hash });
    const hex = await node.rpc.call<string>('getrawtransaction', [signed.hash, false]);
    expect(hex).toBe(Buffer.from(signed.raw!).toString('hex'));
  });

  it('a SIGNED row whose bytes were sent and mined before the crash is found on the node, not failed', async () => {
    const before = executorWith(1);
    const built = await before.create(await transfer(restarted!, COIN / 2n));
    const signed = await before.advance(built.id);
    // The dead engine had sent the bytes but not written BROADCAST; a block included them meanwhile.
    expect(await node.rpc.sendRawTransaction(signed.raw!)).toBe(signed.hash);
    await mine();

    const after = executorWith(1);
    expect(await after.advance(built.id)).toMatchObject({ status: 'BROADCAST', hash: signed.hash });
    expect(await after.settle(built.id)).toMatchObject({ status: 'CONFIRMED', hash: signed.hash, confirmations: 1 });
  });
});
