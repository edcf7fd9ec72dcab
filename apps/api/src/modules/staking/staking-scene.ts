import { and, eq } from 'drizzle-orm';
import { walletBalances } from '../../db/schema/index.js';
import type { TestApp } from '../../test/app.js';
import { type ApprovalScene, approvalScene } from '../../test/approval-scene.js';
import { LEDGER_VALIDATORS } from './ledger-validators.service.js';

/** Test-only scene for the staking tests (imported by them alone). */
export const STORY = '/api/v1/organizations/staking/story';
export const IP = (n: bigint) => n * 10n ** 18n;
export const NATIVE = 'STORY_TESTNET.IP';
/** Two earning validators accepting unlocked tokens, and the one accepting locked tokens only. */
export const HANBIT: string = LEDGER_VALIDATORS[0].validatorId;
export const NAMSAN: string = LEDGER_VALIDATORS[1].validatorId;
export const HALLASAN: string = LEDGER_VALIDATORS[3].validatorId;

/** The organization of approval-scene.ts around a STORY_TESTNET wallet. */
export type StakingScene = ApprovalScene;

export async function stakingScene(t: TestApp, name: string): Promise<StakingScene> {
  return approvalScene(t, name, { blockchain: 'STORY_TESTNET', walletName: `${name} Story` });
}

export async function nativeBalance(t: TestApp, walletId: string) {
  const [row] = await t.testDb.database.db
    .select()
    .from(walletBalances)
    .where(and(eq(walletBalances.walletId, walletId), eq(walletBalances.tokenId, NATIVE)));
  return {
    total: BigInt(row?.total ?? '0'),
    staked: BigInt(row?.staked ?? '0'),
    locked: BigInt(row?.locked ?? '0'),
  };
}
