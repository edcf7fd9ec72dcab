// The deposit watcher on Solana through the SolNodeAdapter and the JSON-RPC client, against a test node serving a
// LiteSVM over HTTP (fixtures/litesvm-rpc-server.ts), on both databases: a SOL deposit is PENDING, then CONFIRMED and
// credited once at 3 confirmations (slots); the SOL and SPL payments of one transaction stay apart by instruction
// index, and a mint the adapter does not know is ignored.
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { and, eq } from 'drizzle-orm';
import { LiteSVM } from 'litesvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetActivities, walletBalances, wallets } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createSolCustody, createSolTestMint, SOL, type SolCustody, type SolTestMint } from '../../test/sol-custody.js';
import { scanChain } from '../devnet/watcher.js';
import { type LiteSvmRpcServer, startLiteSvmRpcServer } from './fixtures/litesvm-rpc-server.js';
import { SolLiteSvmChain } from './sol-litesvm.js';
import { SolNodeAdapter } from './sol-node-adapter.js';
import { SolRpc } from './sol-rpc.js';

let testDb: TestDatabase;
let chain: SolLiteSvmChain;
let server: LiteSvmRpcServer;
let rpc: SolRpc;
let adapter: SolNodeAdapter;
let custody: SolCustody;
let outside: KeyPairSigner;
let usdc: SolTestMint;
let unknown: SolTestMint;

const scan = () => scanChain(testDb.database.db, adapter, { now: () => new Date(), requiredConfirmations: 3 });

/** Sends instructions paid and signed by the outside account through the node; returns the signature. */
async function send(instructions: Instruction[]): Promise<string> {
  const { blockhash, lastValidBlockHeight } = await rpc.latestBlockhash();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(outside, m),
    (m) => ({ ...m, lifetimeConstraint: { blockhash, lastValidBlockHeight } }) as typeof m,
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  // biome-ignore lint/suspicious/noExplicitAny: the lifetime is set by hand above, which kit's types do not follow.
  const signed = await signTransactionMessageWithSigners(message as any);
  return rpc.sendTransaction(new Uint8Array(getTransactionEncoder().encode(signed)));
}

const ataOf = async (owner: string, mint: string) =>
  (
    await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
  )[0];

/** transferChecked of `amount` from the outside account's token account to `to`'s, created if missing. */
async function tokenPayment(mint: SolTestMint, to: string, amount: bigint): Promise<Instruction[]> {
  const ata = await ataOf(to, mint.token.mint);
  return [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: outside,
      ata,
      owner: address(to),
      mint: address(mint.token.mint),
    }),
    getTransferCheckedInstruction({
      source: await ataOf(outside.address, mint.token.mint),
      mint: address(mint.token.mint),
      destination: ata,
      authority: outside,
      amount,
      decimals: mint.token.decimals,
    }),
  ];
}

const activities = (hash: string) =>
  testDb.database.db.select().from(assetActivities).where(eq(assetActivities.txHash, hash));

async function balanceOf(owner: string, tokenId = 'SOLANA_DEVNET.SOL'): Promise<bigint> {
  const [row] = await testDb.database.db
    .select({ total: walletBalances.total })
    .from(walletBalances)
    .innerJoin(wallets, eq(wallets.id, walletBalances.walletId))
    .where(and(eq(wallets.address, owner), eq(walletBalances.tokenId, tokenId)));
  return BigInt(row?.total ?? 0);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  chain = new SolLiteSvmChain(new LiteSVM());
  server = await startLiteSvmRpcServer(chain);
  rpc = new SolRpc(server.url);
  custody = await createSolCustody(testDb.database.db, chain, { wallets: 2, fundEach: 0n });
  outside = await generateKeyPairSigner();
  chain.svm.airdrop(outside.address, lamports(100n * SOL));
  usdc = await createSolTestMint(chain, { holder: outside.address, supply: 1_000_000_000n, decimals: 6 });
  unknown = await createSolTestMint(chain, { holder: outside.address, supply: 1_000n, decimals: 0, tokenId: 'X' });
  // The watcher's cursor starts at slot 0 and reads from slot 1 on.
  chain.svm.warpToSlot(10n);
  adapter = new SolNodeAdapter('SOLANA_DEVNET', rpc, { tokens: { [usdc.token.mint]: 'SOLANA_DEVNET.USDC' } });
});

afterAll(async () => {
  await server?.close();
  await testDb?.dispose();
});

describe('deposit watcher over Solana JSON-RPC', () => {
  it('credits a SOL deposit once, at 3 confirmations counted in slots', async () => {
    const wallet = custody.addresses[0]!;
    const hash = await send([
      getTransferSolInstruction({ source: outside, destination: address(wallet), amount: SOL }),
    ]);
    const landed = server.blockOf(hash)!;

    await scan();
    expect(await activities(hash)).toEqual([
      expect.objectContaining({
        activityType: 'DEPOSIT',
        status: 'PENDING',
        tokenId: 'SOLANA_DEVNET.SOL',
        amount: SOL.toString(),
        fromAddress: outside.address,
        toAddress: wallet,
        blockHeight: Number(landed.slot),
        blockHash: landed.blockhash,
        confirmations: 1,
        logIndex: 0,
      }),
    ]);
    expect(await balanceOf(wallet)).toBe(0n);

    chain.svm.warpToSlot(landed.slot + 2n);
    expect((await scan()).confirmed).toBe(1);
    expect(await activities(hash)).toEqual([expect.objectContaining({ status: 'CONFIRMED', confirmations: 3 })]);
    expect(await balanceOf(wallet)).toBe(SOL);
    // Later passes neither record nor credit it again.
    expect((await scan()).confirmed).toBe(0);
    expect(await activities(hash)).toHaveLength(1);
    expect(await balanceOf(wallet)).toBe(SOL);
    // The slots warped over hold no block: the node leaves them out, and so does the adapter.
    const hashes = await adapter.blockHashes([Number(landed.slot), Number(landed.slot) + 1]);
    expect([...hashes]).toEqual([[Number(landed.slot), landed.blockhash]]);
  });

  it('keeps the SOL and token payments of one transaction apart by instruction, ignoring an unknown mint', async () => {
    const wallet = custody.addresses[1]!;
    const hash = await send([
      getTransferSolInstruction({ source: outside, destination: address(wallet), amount: 1_000_000n }), // above rent-exempt
      ...(await tokenPayment(usdc, wallet, 250_000_000n)), // instructions 1 (create account) and 2
      ...(await tokenPayment(usdc, wallet, 5n)).slice(1), // instruction 3
      ...(await tokenPayment(unknown, wallet, 7n)), // instructions 4 and 5: not a catalogue mint
    ]);
    const landed = server.blockOf(hash)!;
    chain.svm.warpToSlot(landed.slot + 2n);
    await scan();
    const rows = (await activities(hash)).sort((a, b) => a.logIndex - b.logIndex);
    expect(rows.map((r) => [r.logIndex, r.tokenId, r.amount, r.status, r.fromAddress])).toEqual([
      [0, 'SOLANA_DEVNET.SOL', '1000000', 'CONFIRMED', outside.address],
      [2, 'SOLANA_DEVNET.USDC', '250000000', 'CONFIRMED', outside.address],
      [3, 'SOLANA_DEVNET.USDC', '5', 'CONFIRMED', outside.address],
    ]);
    expect(await balanceOf(wallet)).toBe(1_000_000n);
    expect(await balanceOf(wallet, 'SOLANA_DEVNET.USDC')).toBe(250_000_005n);
    expect(await adapter.transferByHash(hash)).toMatchObject({ hash, blockHeight: Number(landed.slot), logIndex: 0 });
    expect(await adapter.mempoolTransfers()).toEqual([]);
  });
});
