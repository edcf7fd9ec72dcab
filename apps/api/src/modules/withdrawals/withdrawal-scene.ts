import { and, eq } from 'drizzle-orm';
import { walletBalances } from '../../db/schema/index.js';
import { INDIVIDUAL } from '../../test/address-book-fixtures.js';
import type { TestApp } from '../../test/app.js';
import { type ApprovalScene, approvalScene } from '../../test/approval-scene.js';
import type { CreatedWallet } from '../../test/wallet-fixtures.js';

/** Test-only scene for the withdrawal tests (imported by them alone). */
export const WD = (family: string) => `/api/v1/organizations/withdrawals/${family}/withdrawal-request`;
export const ETH = (n: bigint) => n * 10n ** 18n;
/** The evm fee reserve of withdrawal-rules.ts: what each ETH withdrawal holds besides its amount. */
export const EVM_FEE_RESERVE = 10n ** 15n;

/**
 * The organization of approval-scene.ts around an ETHEREUM wallet, Alpha (requester and bystander are Alpha's
 * members), with a destination in its address book.
 */
export interface WithdrawalScene extends Omit<ApprovalScene, 'wallet'> {
  alpha: CreatedWallet;
  /** A REGISTERED ETHEREUM.ETH address-book entry. */
  entryId: string;
}

export async function withdrawalScene(t: TestApp, name: string): Promise<WithdrawalScene> {
  const { wallet: alpha, ...people } = await approvalScene(t, name, {
    blockchain: 'ETHEREUM',
    walletName: `${name} Alpha`,
  });
  const entry = await people.owner.post('/api/v1/address-books', {
    name: `${name} destination`,
    tokenId: 'ETHEREUM.ETH',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    walletType: 'PERSONAL',
    receiverType: 'INDIVIDUAL',
    receiver: INDIVIDUAL,
  });
  if (entry.statusCode !== 200 || entry.json().state !== 'REGISTERED') throw new Error(entry.body);
  return { ...people, alpha, entryId: entry.json().id };
}

export async function balanceOf(t: TestApp, walletId: string, tokenId = 'ETHEREUM.ETH') {
  const [row] = await t.testDb.database.db
    .select()
    .from(walletBalances)
    .where(and(eq(walletBalances.walletId, walletId), eq(walletBalances.tokenId, tokenId)));
  return { total: BigInt(row?.total ?? '0'), locked: BigInt(row?.locked ?? '0') };
}
