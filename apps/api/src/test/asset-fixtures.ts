import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { activityExports, assetActivities, walletBalances } from '../db/schema/index.js';
import type { CreatedWallet } from './wallet-fixtures.js';

/**
 * Balances and activities as the engine's watcher would have written them, for wallets made with
 * createWallet: the read API is the subject of the tests using these (the write path is tested through the devnet).
 */
export async function setBalance(
  db: Db,
  organizationId: string,
  wallet: CreatedWallet,
  tokenId: string,
  amounts: { total: string; staked?: string; locked?: string },
) {
  const values = {
    walletId: wallet.id,
    tokenId,
    organizationId,
    blockchain: wallet.blockchain,
    total: amounts.total,
    staked: amounts.staked ?? '0',
    locked: amounts.locked ?? '0',
  };
  await db
    .insert(walletBalances)
    .values(values)
    .onConflictDoUpdate({
      target: [walletBalances.walletId, walletBalances.tokenId],
      set: { total: values.total, staked: values.staked, locked: values.locked, updatedAt: sql`now()` },
    });
}

export interface ActivityInput {
  tokenId?: string;
  activityType?: 'DEPOSIT' | 'WITHDRAWAL' | 'STAKE' | 'CLAIM';
  status?: 'PENDING' | 'CONFIRMED' | 'FAILED';
  amount: string;
  createdAt: Date;
  fromAddress?: string;
  toAddress?: string;
  txHash?: string;
  confirmations?: number;
}

export async function addActivity(db: Db, organizationId: string, wallet: CreatedWallet, a: ActivityInput) {
  const type = a.activityType ?? 'DEPOSIT';
  const status = a.status ?? 'CONFIRMED';
  const outside = `0x${randomBytes(20).toString('hex')}`;
  const [row] = await db
    .insert(assetActivities)
    .values({
      organizationId,
      walletId: wallet.id,
      blockchain: wallet.blockchain,
      tokenId: a.tokenId ?? `${wallet.blockchain}.ETH`,
      activityType: type,
      status,
      amount: a.amount,
      txHash: a.txHash ?? `0x${randomBytes(32).toString('hex')}`,
      fromAddress: a.fromAddress ?? (type === 'DEPOSIT' ? outside : wallet.address),
      toAddress: a.toAddress ?? (type === 'DEPOSIT' ? wallet.address : outside),
      blockHeight: status === 'PENDING' ? null : 100,
      confirmations: a.confirmations ?? (status === 'CONFIRMED' ? 12 : 0),
      requiredConfirmations: 12,
      createdAt: a.createdAt,
      updatedAt: a.createdAt,
      confirmedAt: status === 'CONFIRMED' ? a.createdAt : null,
    })
    .returning();
  return row!;
}

/** An export some earlier request left running (the engine has not picked it up). */
export async function runningExport(db: Db, organizationId: string, accountId: string) {
  const [row] = await db
    .insert(activityExports)
    .values({
      organizationId,
      requestedBy: accountId,
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
      timezone: 'Asia/Seoul',
      filters: { visibleTo: null },
      status: 'RUNNING',
    })
    .returning();
  return row!;
}
