// What staking.crash.test.ts reads back after each request: the wallet's native row, the devnet's own ledger, and the
// rows the settlement wrote (chain transaction, position, activity).
import { canonicalAddress } from '@vaultline/chains';
import { STORY_STAKING } from '@vaultline/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  assetActivities,
  chainTransactions,
  devnetTransactions,
  stakingPositions,
  walletBalances,
} from '../db/schema/index.js';
import { STAKING_PURPOSE } from '../modules/staking/staking-execution.service.js';
import type { TestApp } from '../test/app.js';

export const NATIVE = 'STORY_TESTNET.IP';

/** The wallet's native row. */
export async function nativeBalance(t: TestApp, walletId: string) {
  const [row] = await t.testDb.database.db
    .select()
    .from(walletBalances)
    .where(and(eq(walletBalances.walletId, walletId), eq(walletBalances.tokenId, NATIVE)));
  return { total: BigInt(row?.total ?? '0'), staked: BigInt(row?.staked ?? '0'), locked: BigInt(row?.locked ?? '0') };
}

/** The devnet's own record of what the wallet sent: every transaction from its address, in nonce order. */
export async function sentOnDevnet(t: TestApp, address: string) {
  return t.testDb.database.db
    .select()
    .from(devnetTransactions)
    .where(
      and(
        eq(devnetTransactions.blockchain, 'STORY_TESTNET'),
        eq(devnetTransactions.fromAddress, canonicalAddress('STORY_TESTNET', address)),
      ),
    )
    .orderBy(asc(devnetTransactions.sequence));
}

/** What the devnet says the address holds: received − sent − fees (failed transactions move no value). */
export async function devnetHolding(t: TestApp, address: string) {
  const rows = await t.testDb.database.db
    .select()
    .from(devnetTransactions)
    .where(eq(devnetTransactions.blockchain, 'STORY_TESTNET'));
  const at = canonicalAddress('STORY_TESTNET', address);
  let held = 0n;
  for (const r of rows) {
    if (r.toAddress === at && !r.willFail && r.tokenId === NATIVE) held += BigInt(r.amount);
    if (r.fromAddress === at) held -= BigInt(r.fee) + (r.willFail ? 0n : BigInt(r.amount));
  }
  return held;
}

/**
 * Everything one request left, checked against the devnet: one CONFIRMED chain transaction, which is in the
 * devnet's ledger once (a staking call from the wallet with the value given), and the fee the wallet was charged.
 */
export async function oneCall(t: TestApp, requestId: string, address: string, value: bigint) {
  const db = t.testDb.database.db;
  const rows = await db.select().from(chainTransactions).where(eq(chainTransactions.requestId, requestId));
  expect(rows.map((r) => [r.purpose, r.status])).toEqual([[STAKING_PURPOSE, 'CONFIRMED']]);
  const row = rows[0]!;
  const onLedger = (await sentOnDevnet(t, address)).filter((d) => d.hash === row.hash);
  expect(onLedger).toHaveLength(1);
  expect(onLedger[0]).toMatchObject({
    toAddress: canonicalAddress('STORY_TESTNET', STORY_STAKING.contractAddress),
    amount: value.toString(),
    willFail: false,
    sequence: row.sequence,
  });
  expect(onLedger[0]!.blockHeight).not.toBeNull();
  const fee = BigInt(onLedger[0]!.fee);
  expect(BigInt(row.feePaid ?? row.fee)).toBe(fee);
  return { row, fee };
}

export async function positionsOf(t: TestApp, requestId: string) {
  return t.testDb.database.db.select().from(stakingPositions).where(eq(stakingPositions.requestId, requestId));
}

export async function stakeActivities(t: TestApp, requestId: string) {
  return t.testDb.database.db
    .select()
    .from(assetActivities)
    .where(and(eq(assetActivities.requestId, requestId), eq(assetActivities.activityType, 'STAKE')));
}
