// The deposit watcher on a real litecoind -regtest node through the BtcNodeAdapter, on both databases. Wallets are
// BITCOIN_TESTNET ones (tb1…); the node prints the same scripts as rltc… addresses. A deposit is PENDING from the
// mempool, CONFIRMED and credited at 3 confirmations; invalidateblock takes its block away and the credit back once;
// empty competing blocks leave it waiting; mined again it is credited once more, once; a conflicting spend mined in
// its place makes it FAILED. Outputs are deposits one by one (keyed by vout), change is not, a coinbase only when
// mature. Without litecoind (apt-get install -y litecoind) the suite is skipped: CI installs it.
import {
  type BtcUtxo,
  btcNetworkOf,
  buildBtcTransfer,
  deriveSigningKey,
  mnemonicToSeed,
  p2wpkhAddress,
  signBtcTransfer,
} from '@vaultline/chains';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetActivities, walletBalances, wallets } from '../../db/schema/index.js';
import { createCustody } from '../../test/custody.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { scanChain } from '../devnet/watcher.js';
import { BtcNodeAdapter } from './btc-node-adapter.js';
import { type BtcRpcBlock, coinsToSats } from './btc-rpc.js';
import { nodeWatcher } from './node-watcher.js';
import { hasLitecoind, LITECOIN_REGTEST, type RegtestNode, startRegtest } from './regtest.js';

const COIN = 100_000_000n;
const MNEMONIC = 'test test test test test test test test test test test junk';
const seed = mnemonicToSeed(MNEMONIC);
/** A key with its address as the product stores it (tb1…) and as the regtest node writes it (rltc…). */
const party = (account: number) => {
  const key = deriveSigningKey(seed, 'BITCOIN_TESTNET', account);
  return {
    ...key,
    stored: p2wpkhAddress(key.publicKey, btcNetworkOf('BITCOIN_TESTNET')),
    regtest: p2wpkhAddress(key.publicKey, LITECOIN_REGTEST),
  };
};
type Party = ReturnType<typeof party>;
const custody = [party(0), party(1), party(2), party(3), party(4)];
const [funder, miner, otherMiner, outsider] = [party(10), party(11), party(12), party(13)];

let testDb: TestDatabase;
let node: RegtestNode;
let chain: BtcNodeAdapter;
/** Outpoints spent by transactions this file broadcast: scantxoutset does not see the mempool. */
const used = new Set<string>();

const scan = () => scanChain(testDb.database.db, chain, { now: () => new Date(), requiredConfirmations: 3 });
const scanTwice = async () => {
  const [a, b] = await Promise.all([scan(), scan()]);
  return { undone: a.undone + b.undone, confirmed: a.confirmed + b.confirmed };
};
const mine = (blocks = 1, to: Party = miner) => node.rpc.generateToAddress(blocks, to.regtest);

/** A signed transfer of `amount` from one output of `from` (or the `utxos` given), not yet broadcast. */
async function send(from: Party, to: Party, amount: bigint, change: Party = from, given?: BtcUtxo[]) {
  const unspent = await node.rpc.unspent({ address: from.regtest });
  const utxos: BtcUtxo[] =
    given ??
    unspent
      .filter((u) => u.spendable && !used.has(`${u.txid}:${u.vout}`) && u.value > amount)
      .slice(0, 1)
      .map(({ txid, vout, value }) => ({ txid, vout, value }));
  const unsigned = buildBtcTransfer({
    blockchain: 'BITCOIN_TESTNET',
    network: LITECOIN_REGTEST,
    fromAddress: from.regtest,
    fromPublicKey: from.publicKey,
    toAddress: to.regtest,
    changeAddress: change.regtest,
    amount,
    utxos,
    feeRate: 10n,
  });
  const signed = signBtcTransfer(unsigned, from.privateKey);
  for (const s of unsigned.spends) used.add(`${s.txid}:${s.vout}`);
  return { ...unsigned, utxos, hash: signed.hash, raw: Buffer.from(signed.raw).toString('hex') };
}

const broadcast = (tx: { raw: string }) => node.rpc.sendRawTransaction(tx.raw);
const activities = (hash: string) =>
  testDb.database.db.select().from(assetActivities).where(eq(assetActivities.txHash, hash));
const activity = async (hash: string) => (await activities(hash))[0]!;

/** Index of the output of a raw transaction that pays `to`, as the node (Core 0.21: `addresses`) decodes it. */
async function decode(raw: string, to: Party): Promise<number> {
  type Decoded = { vout: { n: number; scriptPubKey: { addresses?: string[] } }[] };
  const tx = await node.rpc.call<Decoded>('decoderawtransaction', [raw]);
  return tx.vout.find((o) => o.scriptPubKey.addresses?.[0] === to.regtest)!.n;
}

async function balanceOf(owner: Party): Promise<bigint> {
  const [row] = await testDb.database.db
    .select({ total: walletBalances.total })
    .from(walletBalances)
    .innerJoin(wallets, eq(wallets.id, walletBalances.walletId))
    .where(and(eq(wallets.address, owner.stored), eq(walletBalances.tokenId, 'BITCOIN_TESTNET.BTC')));
  return BigInt(row?.total ?? 0);
}

/** The custody parties as BITCOIN_TESTNET wallets of one organization, stored as wallet creation stores them. */
async function storeWallets() {
  const organization = await createCustody(testDb.database.db, { mnemonic: MNEMONIC });
  const stored = await organization.addWallets('BITCOIN_TESTNET', custody.length);
  expect(stored.map((wallet) => wallet.address)).toEqual(custody.map((owner) => owner.stored));
}

describe.skipIf(!hasLitecoind())('deposit watcher on litecoind -regtest', () => {
  beforeAll(async () => {
    [testDb, node] = await Promise.all([createTestDatabase(), startRegtest()]);
    await storeWallets();
    chain = new BtcNodeAdapter('BITCOIN_TESTNET', node.rpc);
  });

  afterAll(async () => {
    await node?.stop();
    await testDb?.dispose();
  });

  it('scans a network without a cursor from block 1 and credits a coinbase output only once it may be spent', async () => {
    const wallet = custody[4]!;
    const [firstBlock] = await mine(1, wallet);
    const coinbase = (await node.rpc.call<BtcRpcBlock>('getblock', [firstBlock, 2])).tx[0]!;
    await mine(98, funder); // block 1 is now 99 deep: one short of COINBASE_MATURITY
    expect(await scan()).toMatchObject({ head: 99, recorded: 0 });
    expect(await activities(coinbase.txid)).toEqual([]);

    await mine(1);
    expect(await scan()).toMatchObject({ head: 100, recorded: 1, confirmed: 1 });
    expect(await activity(coinbase.txid)).toMatchObject({
      status: 'CONFIRMED',
      blockHeight: 1,
      blockHash: firstBlock,
      confirmations: 100,
      fromAddress: '',
      toAddress: wallet.stored,
      logIndex: 0,
    });
    expect(await balanceOf(wallet)).toBe(coinsToSats(String(coinbase.vout[0]!.value)));
    await mine(20, funder); // the funder's coinbases become spendable for the deposits below
    await scan();
  });

  it('credits a deposit once, takes it back when invalidateblock removes its block, and credits it once more when mined again', async () => {
    const wallet = custody[0]!;
    const sent = await send(funder, wallet, 2n * COIN);
    await broadcast(sent);
    await scan();
    expect(await activity(sent.hash)).toMatchObject({
      activityType: 'DEPOSIT',
      status: 'PENDING',
      tokenId: 'BITCOIN_TESTNET.BTC',
      amount: (2n * COIN).toString(),
      toAddress: wallet.stored,
      fromAddress: funder.stored,
      logIndex: await decode(sent.raw, wallet),
      blockHeight: null,
    });

    const [block] = await mine();
    await scan();
    const height = await node.rpc.blockHeight(block!);
    expect(await activity(sent.hash)).toMatchObject({ status: 'PENDING', blockHeight: height, blockHash: block });
    await mine(2);
    expect((await scanTwice()).confirmed).toBe(1);
    expect(await activity(sent.hash)).toMatchObject({ status: 'CONFIRMED', confirmations: 3 });
    expect(await balanceOf(wallet)).toBe(2n * COIN);

    // The block and the two above it leave the chain; the transaction goes back to the node's mempool.
    await node.rpc.invalidateBlock(block!);
    expect((await scanTwice()).undone).toBe(1);
    expect(await activity(sent.hash)).toMatchObject({
      status: 'PENDING',
      blockHeight: null,
      blockHash: null,
      confirmations: 0,
      confirmedAt: null,
    });
    expect(await balanceOf(wallet)).toBe(0n);

    // A longer competing chain of empty blocks: the deposit still waits, nothing is credited.
    for (let i = 0; i < 4; i++) await node.rpc.call('generateblock', [otherMiner.regtest, []]);
    expect((await scanTwice()).undone).toBe(0);
    expect(await activity(sent.hash)).toMatchObject({ status: 'PENDING', blockHeight: null });
    expect(await balanceOf(wallet)).toBe(0n);

    const [again] = await mine(1, otherMiner);
    await scan();
    const newHeight = await node.rpc.blockHeight(again!);
    expect(newHeight).toBe(height + 4);
    expect(await activity(sent.hash)).toMatchObject({ status: 'PENDING', blockHeight: newHeight, blockHash: again });
    await mine(2, otherMiner);
    expect((await scanTwice()).confirmed).toBe(1);
    expect((await scanTwice()).confirmed).toBe(0);
    expect(await activities(sent.hash)).toHaveLength(1);
    expect(await activity(sent.hash)).toMatchObject({ status: 'CONFIRMED', confirmations: 3, blockHash: again });
    expect(await balanceOf(wallet)).toBe(2n * COIN);
  });

  it('fails a deposit whose block is replaced by one holding a conflicting spend', async () => {
    const wallet = custody[1]!;
    const sent = await send(funder, wallet, COIN);
    await broadcast(sent);
    const [block] = await mine();
    await mine(2);
    expect((await scanTwice()).confirmed).toBe(1);
    expect(await balanceOf(wallet)).toBe(COIN);

    // The same coins paid to someone else instead, mined straight into the replacing block.
    await node.rpc.invalidateBlock(block!);
    const conflicting = await send(funder, outsider, COIN, funder, sent.utxos);
    expect(conflicting.spends).toEqual(sent.spends);
    await node.rpc.call('generateblock', [otherMiner.regtest, [conflicting.raw]]);
    await mine(3, otherMiner);
    expect((await scanTwice()).undone).toBe(1);
    expect(await activity(sent.hash)).toMatchObject({ status: 'FAILED', blockHeight: null, confirmations: 0 });
    expect(await balanceOf(wallet)).toBe(0n);
    expect((await scanTwice()).undone).toBe(0);
  });

  it('records each output paying a wallet as its own deposit, and change back to a sending wallet as none', async () => {
    const wallet = custody[2]!;
    // Amount and change both to the wallet: two payments of one transaction.
    const sent = await send(funder, wallet, 3n * COIN, wallet);
    await broadcast(sent);
    await mine(3);
    await scan();
    const rows = (await activities(sent.hash)).sort((a, b) => a.logIndex - b.logIndex);
    expect(rows.map((r) => r.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
    expect(rows.map((r) => r.logIndex).sort()).toEqual([0, 1]);
    expect(rows.reduce((sum, r) => sum + BigInt(r.amount), 0n)).toBe(3n * COIN + sent.change);
    expect(await balanceOf(wallet)).toBe(3n * COIN + sent.change);

    // The wallet pays an outsider: its change output is the wallet's own money, not a deposit.
    const spend = await send(wallet, outsider, COIN);
    expect(spend.change).toBeGreaterThan(0n);
    await broadcast(spend);
    await mine(3);
    await scan();
    expect(await activities(spend.hash)).toEqual([]);
  });

  it('is what the engine runs for a bitcoin-type network whose runtime is a node', async () => {
    const log = { error: () => {} } as unknown as Parameters<typeof nodeWatcher>[0]['log'];
    const watcher = nodeWatcher({
      db: testDb.database.db,
      config: { chainRpc: { BITCOIN_TESTNET: node.url }, production: false, chainSweepMs: 0 },
      log,
      now: () => new Date(),
      confirmations: () => 2,
    });
    expect(watcher.blockchains).toEqual(['BITCOIN_TESTNET']);
    const wallet = custody[3]!;
    const sent = await send(funder, wallet, COIN / 8n);
    await broadcast(sent);
    await mine(2);
    await watcher.tick();
    expect(await activity(sent.hash)).toMatchObject({
      status: 'CONFIRMED',
      confirmations: 2,
      requiredConfirmations: 2,
      fromAddress: funder.stored,
    });
    expect(await balanceOf(wallet)).toBe(COIN / 8n);
  });
});
