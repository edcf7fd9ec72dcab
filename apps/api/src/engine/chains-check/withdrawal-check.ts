// One withdrawal per catalogue token each harness sends (the native coin, and the token where the catalogue knows
// the harness's token), through the product's whole path: the withdrawals service's create (a registered address-book
// entry, the hold in wallet_balances.locked, the line: the check's member is OWNER, so it is approved at once), the
// engine's withdrawal handler building the transfer on the node that `CHAIN_RPC_<BLOCKCHAIN>` names, the sweeper
// signing, broadcasting and confirming it, and settlement. Checked against the node: the recipient received the
// amount, and the sender's books (amount and the fee paid taken out, nothing held) equal what the node says it holds.
import { familyOf, fromBaseUnits, nativeToken, tokenById, WithdrawalCreateBody } from '@vaultline/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { assetActivities, chainTransactions, requests } from '../../db/schema/index.js';
import type { CheckLine } from './check.js';
import type { CheckWallet } from './check-custody.js';
import type { FamilyHarness } from './harness.js';
import { type WithdrawalScene, withdrawalScene } from './withdrawal-scene.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runWithdrawalCheck(
  db: Db,
  config: Config,
  harnesses: FamilyHarness[],
  options: { timeoutMs?: number; onLine?: (line: CheckLine) => void } = {},
): Promise<CheckLine[]> {
  const scene = await withdrawalScene(db, config, harnesses);
  const lines: CheckLine[] = [];
  for (const harness of harnesses) {
    // A third wallet sends (the first two are the transfer check's), its books starting from the chain, to a wallet
    // of the recipient organization (an address book admits no wallet of its own organization).
    const from = (await scene.custody.walletsOf(harness.blockchain, 3))[2]!;
    const [to] = await scene.recipient.walletsOf(harness.blockchain);
    await harness.prepareWallets?.([from, to]);
    const native = nativeToken(harness.blockchain).tokenId;
    // The service takes catalogue tokens only: LiteSVM's SPL stand-in (SOLANA_DEVNET.USDC) is not one, so Solana
    // withdraws its coin alone.
    const tokens = harness.tokens.filter((token) => tokenById(token.tokenId));
    for (const token of tokens) {
      await harness.fund(from.address, token.tokenId, token.fund);
      await scene.syncBooks(from, token.tokenId, await harness.balanceOf(from.address, token.tokenId));
    }
    for (const token of tokens) {
      const line = await withdraw(db, scene, harness, { from, to, native, ...token }, options.timeoutMs);
      options.onLine?.(line);
      lines.push(line);
    }
  }
  return lines;
}

async function withdraw(
  db: Db,
  scene: WithdrawalScene,
  harness: FamilyHarness,
  w: { from: CheckWallet; to: CheckWallet; native: string; tokenId: string; amount: bigint },
  timeoutMs = 120_000,
): Promise<CheckLine> {
  const { from, to, native, tokenId, amount } = w;
  const line = (hash: string | null, problems: string[]): CheckLine => ({
    family: familyOf(harness.blockchain),
    blockchain: harness.blockchain,
    runtime: harness.runtime,
    tokenId,
    hash,
    outcome: problems.length === 0 ? 'withdrawn' : `withdrawal: ${problems.join('; ')}`,
    ok: problems.length === 0,
  });
  await scene.register(tokenId);
  const addressBookId = await scene.destination(tokenId, to);
  const received = await harness.balanceOf(to.address, tokenId);
  const before = { token: await scene.books(from.id, tokenId), native: await scene.books(from.id, native) };

  const body = WithdrawalCreateBody.parse({
    walletId: from.id,
    tokenId,
    addressBookId,
    amount: fromBaseUnits(amount, tokenById(tokenId)!.decimals),
  });
  const created = (
    await scene.services.withdrawals.create(scene.auth, familyOf(harness.blockchain), body, 'en')
  ).read();
  if (created.decisionStatus !== 'APPROVED') return line(null, [`created ${created.decisionStatus}, not approved`]);
  const held = await scene.books(from.id, tokenId);
  if (held.locked < before.token.locked + amount) return line(null, [`holds ${held.locked}, not the amount`]);
  await scene.runJobs();

  const deadline = Date.now() + timeoutMs;
  let status = '';
  let result: Record<string, unknown> | null = null;
  for (;;) {
    [{ status, result } = { status: 'missing', result: null }] = await db
      .select({ status: requests.status, result: requests.result })
      .from(requests)
      .where(eq(requests.id, created.id));
    if (['COMPLETE', 'FAILED', 'missing'].includes(status) || Date.now() > deadline) break;
    await scene.sweeper.tick();
    await harness.produceBlock();
    await sleep(20);
  }
  const [transfer] = await db
    .select()
    .from(chainTransactions)
    .where(eq(chainTransactions.requestId, created.id))
    .orderBy(desc(chainTransactions.attempt))
    .limit(1);
  const hash = transfer?.hash ?? null;
  if (status !== 'COMPLETE') {
    const why = transfer ? `transfer ${transfer.status.toLowerCase()} (code ${transfer.failureCode})` : 'no transfer';
    return line(hash, [`request ${status.toLowerCase()}, ${why}`]);
  }

  const problems: string[] = [];
  const [activity] = await db
    .select()
    .from(assetActivities)
    .where(and(eq(assetActivities.requestId, created.id), eq(assetActivities.activityType, 'WITHDRAWAL')));
  if (!activity || activity.txHash !== hash || activity.amount !== amount.toString())
    problems.push(`activity ${activity ? `${activity.amount} ${activity.txHash}` : 'missing'}`);
  // fee_paid is the node's figure where it differs from the signed fee (EVM: gas used); bitcoin-type and Solana
  // pay exactly the signed fee. Either way the request's result names what settlement took, and the books below
  // prove it was what the chain took.
  const fee = BigInt(transfer!.feePaid ?? transfer!.fee);
  if (familyOf(harness.blockchain) === 'evm' && transfer!.feePaid === null) problems.push('no fee_paid');
  if (result?.fee !== fee.toString()) problems.push(`the result says fee ${String(result?.fee)}, not ${fee}`);
  const arrived = (await harness.balanceOf(to.address, tokenId)) - received;
  if (arrived !== amount) problems.push(`the recipient received ${arrived}, not ${amount}`);
  // The books: the amount left the token's row, the fee the coin's; nothing held; and both equal the node's figure.
  const expected = new Map([[tokenId, before.token.total - amount]]);
  expected.set(native, (expected.get(native) ?? before.native.total) - fee);
  for (const [id, total] of expected) {
    const books = await scene.books(from.id, id);
    const onChain = await harness.balanceOf(from.address, id);
    if (books.total !== total || books.locked !== 0n || books.total !== onChain)
      problems.push(`${id} books ${books.total} (locked ${books.locked}), expected ${total}, node ${onChain}`);
  }
  return line(hash, problems);
}
